/**
 * {@link java.sql.DatabaseMetaData} for the Sluice JDBC driver: {@link io.sluice.jdbc.metadata.SluiceDatabaseMetaData}
 * reads PostgreSQL's {@code pg_catalog} or MySQL/MariaDB's {@code information_schema} over the native connection,
 * one query per call, and returns in-memory result sets in the layouts the {@code DatabaseMetaData} Javadoc
 * defines. sluice-jdbc/README-METADATA.md lists what is read and how it differs from pgjdbc and MariaDB
 * Connector/J.
 */
package io.sluice.jdbc.metadata;
