/**
 * The PostgreSQL suites, Sluice vs pgjdbc 42.7 (baseline) and vertx-pg-client 4.5 on the ldbc workload
 * ({@link io.sluice.bench.pg.LdbcTable}: {@code bench_ldbc}, 16 columns of mixed types, 2000 rows):
 *
 * <ul>
 *   <li>{@code pg-fetch}: select N rows reading every column; cases {@code statement} (ad-hoc SQL text)
 *       and {@code prepared} (explicit prepared statement); systems {@code pgjdbc}, {@code vertx-pg},
 *       {@code sluice}, {@code sluice-virtual} (virtual benchmark threads), {@code pgbench} (prepared only).
 *   <li>{@code pg-point}: point select by primary key, case {@code prepared}, the same systems.
 *   <li>{@code pg-replay}: the fetch against {@link io.sluice.bench.pg.replay.ReplayServer}, which
 *       replays responses recorded from PostgreSQL earlier in the same run; {@code pgjdbc}, {@code sluice}.
 *   <li>{@code pg-pipeline}: 64 virtual threads, point selects over 2 shared Sluice connections
 *       ({@code sluice}) vs pgjdbc through a HikariCP pool of 2 ({@code pgjdbc+hikaricp}, baseline).
 * </ul>
 *
 * Grids per mode are in {@link io.sluice.bench.pg.PgGrid} and {@code sluice-bench/README.md}.
 */
package io.sluice.bench.pg;
