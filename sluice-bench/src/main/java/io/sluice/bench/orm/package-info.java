/**
 * The {@code orm} suites: a Hibernate ORM workload over the ldbc table on sluice-jdbc and on the reference
 * JDBC drivers, the same code with only the URL changed.
 */
package io.sluice.bench.orm;
