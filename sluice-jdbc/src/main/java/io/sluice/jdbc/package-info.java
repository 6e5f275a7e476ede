/**
 * A JDBC 4.3 driver over Sluice's native PostgreSQL and MySQL/MariaDB drivers, for applications and
 * frameworks that reach their database through {@code java.sql}.
 *
 * <ul>
 *   <li>{@link io.sluice.jdbc.SluiceDriver}: {@code jdbc:sluice:postgresql://...},
 *       {@code jdbc:sluice:mysql://...}, {@code jdbc:sluice:mariadb://...} ({@link io.sluice.jdbc.JdbcUrl}),
 *       registered through {@link java.util.ServiceLoader}.</li>
 *   <li>{@link io.sluice.jdbc.SluiceDataSource} and {@link io.sluice.jdbc.SluicePooledDataSource} (on
 *       {@code sluice-pool}), configured with bean setters.</li>
 *   <li>{@link io.sluice.jdbc.SluiceConnection}: unwraps to the native {@link io.sluice.Connection}.</li>
 *   <li>{@link io.sluice.jdbc.SqlExceptions}: how native failures become {@link java.sql.SQLException}s.</li>
 * </ul>
 *
 * <p>Statements translate JDBC {@code ?} placeholders and escapes with {@link io.sluice.sql.Placeholders};
 * result sets read values straight from the native row. The module's README lists the behaviour and
 * what is not supported; TYPES.md the value rules.
 */
package io.sluice.jdbc;
