/**
 * A JDBC 4.3 driver over Sluice's native PostgreSQL and MySQL/MariaDB drivers, for applications and frameworks
 * that reach their database through {@code java.sql}.
 */
package io.sluice.jdbc;
