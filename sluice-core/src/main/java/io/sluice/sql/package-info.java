/**
 * Client-side SQL text handling shared by the JDBC driver and the native API: a dialect-aware
 * {@link io.sluice.sql.SqlLexer} that knows each server's quotes and comments, and
 * {@link io.sluice.sql.Placeholders}, which translates JDBC {@code ?} placeholders and escapes into
 * native SQL and splits a text into statements, and {@link io.sluice.sql.NativeSql}, which gives the
 * native API its portable {@code ?} and {@code :name} placeholders.
 */
package io.sluice.sql;
