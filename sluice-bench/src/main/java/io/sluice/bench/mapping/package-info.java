/**
 * Row mapping suites: {@code pg-mapping} and {@code mysql-mapping} compare the native API's record
 * mapping ({@code Connection.query(sql, Class, ...)}) with a hand-written lambda over the same query.
 */
package io.sluice.bench.mapping;
