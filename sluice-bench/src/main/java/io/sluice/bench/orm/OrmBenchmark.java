package io.sluice.bench.orm;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.cfg.Configuration;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * A Hibernate ORM workload, the same code for every driver (only the JDBC URL differs): {@code load}
 * reads {@value #LOAD_ROWS} entities of the 16-column ldbc table with a JPQL query, {@code find} reads one
 * by id, {@code insert} persists {@value #INSERT_ROWS} new entities with {@code hibernate.jdbc.batch_size}
 * {@value #BATCH_SIZE}. Each operation is one session and one transaction. HikariCP pools the driver's
 * connections (as many as benchmark threads), so both drivers pay the same pool.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class OrmBenchmark {
    static final int LOAD_ROWS = 500;
    static final int INSERT_ROWS = 1000;
    static final int BATCH_SIZE = 50;

    /** {@code pgjdbc}, {@code mariadb-connector-j} or {@code sluice-jdbc}. */
    @Param("pgjdbc")
    public String system;
    /** {@code postgresql} or {@code mariadb}. */
    @Param("postgresql")
    public String server;

    private OrmTarget target;
    private HikariDataSource pool;
    private SessionFactory factory;
    private String loadQuery;
    private final AtomicLong nextId = new AtomicLong();

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) throws Exception {
        open(params.getBenchmark().endsWith(".insert"), params.getThreads());
    }

    /** Boots Hibernate over a pool of {@code threads} connections, on the insert database if {@code insert}. */
    void open(boolean insert, int threads) throws Exception {
        target = OrmTarget.valueOf(server.toUpperCase(Locale.ROOT));
        String database = insert ? OrmTarget.INSERT_DATABASE : "test";
        if (insert) {
            target.createInsertDatabase();
        }
        HikariConfig hikari = new HikariConfig();
        hikari.setJdbcUrl(target.url(system, database));
        hikari.setMaximumPoolSize(threads);
        hikari.setPoolName("orm-" + system);
        pool = new HikariDataSource(hikari);
        Configuration cfg = new Configuration()
                .addAnnotatedClass(target.entity)
                // Named, not detected: the workload measures the driver's query path, and boots the same
                // way for every driver whatever its DatabaseMetaData answers (sluice-jdbc-compat tests
                // the detection).
                .setProperty(AvailableSettings.DIALECT, target.dialect)
                .setProperty(AvailableSettings.ALLOW_METADATA_ON_BOOT, "false")
                .setProperty(AvailableSettings.STATEMENT_BATCH_SIZE, String.valueOf(BATCH_SIZE))
                .setProperty(AvailableSettings.ORDER_INSERTS, "true")
                // The insert database's table is Hibernate's own, dropped and created per trial.
                .setProperty(AvailableSettings.HBM2DDL_AUTO, insert ? "create" : "none");
        cfg.getProperties().put(AvailableSettings.JAKARTA_NON_JTA_DATASOURCE, pool);
        factory = cfg.buildSessionFactory();
        loadQuery = "from " + target.entity.getSimpleName() + " e where e.id <= :n";
        nextId.set(0);
    }

    @TearDown(Level.Trial)
    public void close() {
        factory.close();
        pool.close();
    }

    /** Loads {@value #LOAD_ROWS} entities by a JPQL query. */
    @Benchmark
    public List<?> load() {
        return factory.fromTransaction(s -> s.createSelectionQuery(loadQuery, target.entity)
                .setParameter("n", (long) LOAD_ROWS)
                .getResultList());
    }

    /** Finds one entity by a random id. */
    @Benchmark
    public Object find() {
        long id = ThreadLocalRandom.current().nextLong(1, 2001);
        return factory.fromTransaction(s -> s.find(target.entity, id));
    }

    /** Persists {@value #INSERT_ROWS} new entities in one transaction, in JDBC batches of {@value #BATCH_SIZE}. */
    @Benchmark
    public long insert() {
        long first = nextId.getAndAdd(INSERT_ROWS) + 1;
        factory.inTransaction(s -> {
            for (long id = first; id < first + INSERT_ROWS; id++) {
                s.persist(target.newRow.apply(id));
            }
        });
        return first;
    }
}
