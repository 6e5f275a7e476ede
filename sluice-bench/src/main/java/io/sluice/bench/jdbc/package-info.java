/**
 * The JDBC suites: the seed 16-column workload through {@code java.sql} only, the same JMH code for
 * sluice-jdbc, pgjdbc, MariaDB Connector/J and MySQL Connector/J (only the URL differs).
 */
package io.sluice.bench.jdbc;
