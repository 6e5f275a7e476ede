package io.sluice.jdbc.compat.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.jdbc.compat.CompatTest;
import io.sluice.jdbc.compat.DataSources;
import io.sluice.jdbc.compat.Server;
import io.sluice.jdbc.compat.StatementCounter;
import io.sluice.jdbc.compat.Target;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Root;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.hibernate.SessionFactory;
import org.hibernate.StaleStateException;
import org.hibernate.Transaction;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.cfg.Configuration;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hibernate ORM 7 over the driver: the dialect detected from {@code DatabaseMetaData}, schema create then
 * validate, CRUD of every mapped type, JPQL and criteria with pagination, batch fetching, JDBC batching,
 * optimistic locking and rollback. One SessionFactory per target.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.sluice.jdbc.compat.Targets#all")
class HibernateCompatTest extends CompatTest {
    private static final int BATCH_SIZE = 20;
    private static final StatementCounter COUNTER = new StatementCounter();
    private static HikariDataSource pool;
    private static SessionFactory factory;
    private static Throwable bootFailure;

    HibernateCompatTest(Target target) {
        super(target);
    }

    @BeforeParameterizedClassInvocation
    static void boot(Target target) throws Exception {
        factory = null;
        pool = null;
        bootFailure = null;
        pool = DataSources.hikari(target, target.freshDatabase("hibernate"), 4);
        Configuration cfg = new Configuration()
                .addAnnotatedClass(Customer.class)
                .addAnnotatedClass(PurchaseOrder.class)
                .setProperty(AvailableSettings.HBM2DDL_AUTO, "create")
                .setProperty(AvailableSettings.STATEMENT_BATCH_SIZE, String.valueOf(BATCH_SIZE))
                .setProperty(AvailableSettings.ORDER_INSERTS, "true")
                .setProperty(AvailableSettings.ORDER_UPDATES, "true")
                .setProperty(AvailableSettings.GENERATE_STATISTICS, "true");
        cfg.getProperties().put(AvailableSettings.JAKARTA_NON_JTA_DATASOURCE, COUNTER.wrap(pool));
        try {
            factory = cfg.buildSessionFactory();
        } catch (RuntimeException e) {
            // Every test reports the boot failure as its own, so the matrix shows it cell by cell.
            bootFailure = e;
        }
    }

    @AfterParameterizedClassInvocation
    static void shutdown() {
        if (factory != null) {
            factory.close();
        }
        if (pool != null) {
            pool.close();
        }
    }

    private static SessionFactory factory() {
        if (bootFailure != null) {
            throw new IllegalStateException("SessionFactory did not boot", bootFailure);
        }
        return factory;
    }

    @Test
    void shouldDetectTheDialectAndValidateTheCreatedSchema() {
        Dialect dialect = factory()
                .unwrap(SessionFactoryImplementor.class)
                .getJdbcServices()
                .getDialect();

        assertThat(dialect)
                .isInstanceOf(target.server() == Server.POSTGRESQL ? PostgreSQLDialect.class : MariaDBDialect.class);
        factory().getSchemaManager().validateMappedObjects();
    }

    @Test
    void shouldRoundTripEveryMappedType() {
        Customer saved = new Customer("roundtrip", Tier.GOLD);
        saved.address = new Address("1 Main St", "Zürich", "8001");
        saved.createdAt = Instant.parse("2026-01-02T03:04:05.123456Z");
        saved.birthday = LocalDate.of(1990, 2, 28);
        saved.lastLogin = LocalDateTime.of(2026, 3, 4, 5, 6, 7, 890_000_000);
        saved.credit = new BigDecimal("1234.50");
        saved.externalId = UUID.fromString("6f1c1f0e-8d7b-4c55-9a57-2f1e3f4b5a6c");
        saved.preferences = Map.of("theme", "dark", "pageSize", 50);
        saved.avatar = new byte[] {0, 1, 2, (byte) 0xff, 0x7f};
        saved.addOrder(new BigDecimal("9.99"), LocalDateTime.of(2026, 1, 1, 12, 0));
        factory().inTransaction(s -> s.persist(saved));
        assertThat(saved.id).isPositive();

        Customer loaded = factory().fromTransaction(s -> {
            Customer c = s.find(Customer.class, saved.id);
            c.orders.size();
            return c;
        });
        assertThat(loaded.version).isZero();
        assertThat(loaded.address).isEqualTo(saved.address);
        assertThat(loaded.tier).isEqualTo(Tier.GOLD);
        assertThat(loaded.createdAt).isEqualTo(saved.createdAt);
        assertThat(loaded.birthday).isEqualTo(saved.birthday);
        assertThat(loaded.lastLogin).isEqualTo(saved.lastLogin);
        assertThat(loaded.credit).isEqualByComparingTo(saved.credit);
        assertThat(loaded.externalId).isEqualTo(saved.externalId);
        assertThat(loaded.preferences).containsEntry("theme", "dark").containsEntry("pageSize", 50);
        assertThat(loaded.avatar).containsExactly(saved.avatar);
        assertThat(loaded.orders).singleElement().satisfies(o -> assertThat(o.amount)
                .isEqualByComparingTo("9.99"));

        factory().inTransaction(s -> s.find(Customer.class, saved.id).name = "roundtrip-renamed");
        Customer renamed = factory().fromTransaction(s -> s.find(Customer.class, saved.id));
        assertThat(renamed)
                .satisfies(c -> assertThat(c.name).isEqualTo("roundtrip-renamed"))
                .satisfies(c -> assertThat(c.version).isEqualTo(1));
        factory().inTransaction(s -> s.remove(s.find(Customer.class, saved.id)));
        Customer removed = factory().fromTransaction(s -> s.find(Customer.class, saved.id));
        assertThat(removed).isNull();
    }

    @Test
    void shouldPaginateJpqlAndCriteriaQueries() {
        factory().inTransaction(s -> {
            for (int i = 0; i < 25; i++) {
                s.persist(new Customer("page-%02d".formatted(i), i % 2 == 0 ? Tier.GOLD : Tier.BASIC));
            }
        });

        List<String> jpql = factory().fromTransaction(s -> s.createSelectionQuery(
                        "select c.name from Customer c where c.tier = :tier and c.name like 'page-%' order by c.name",
                        String.class)
                .setParameter("tier", Tier.GOLD)
                .setFirstResult(3)
                .setMaxResults(4)
                .getResultList());
        assertThat(jpql).containsExactly("page-06", "page-08", "page-10", "page-12");

        List<Customer> criteria = factory().fromTransaction(s -> {
            CriteriaBuilder cb = s.getCriteriaBuilder();
            CriteriaQuery<Customer> q = cb.createQuery(Customer.class);
            Root<Customer> c = q.from(Customer.class);
            q.select(c).where(cb.like(c.get("name"), "page-%")).orderBy(cb.desc(c.get("name")));
            return s.createQuery(q).setFirstResult(20).setMaxResults(10).getResultList();
        });
        assertThat(criteria)
                .extracting(c -> c.name)
                .containsExactly("page-04", "page-03", "page-02", "page-01", "page-00");
    }

    @Test
    void shouldBatchFetchTheOrdersOfManyCustomers() {
        factory().inTransaction(s -> {
            for (int i = 0; i < 6; i++) {
                Customer c = new Customer("fetch-" + i, Tier.BASIC);
                c.addOrder(BigDecimal.ONE, LocalDateTime.of(2026, 1, 1, 0, 0));
                c.addOrder(BigDecimal.TEN, LocalDateTime.of(2026, 1, 2, 0, 0));
                s.persist(c);
            }
        });
        Statistics stats = factory().getStatistics();
        stats.clear();

        long orders = factory()
                .fromTransaction(s -> s
                        .createSelectionQuery("from Customer c where c.name like 'fetch-%'", Customer.class)
                        .getResultList()
                        .stream()
                        .mapToLong(c -> c.orders.size())
                        .sum());

        assertThat(orders).isEqualTo(12);
        assertThat(stats.getPrepareStatementCount())
                .as("one query for the customers, one batch for all their orders")
                .isEqualTo(2);
    }

    @Test
    void shouldBatchInsertsAndUpdatesThroughJdbc() {
        Customer customer = new Customer("batch", Tier.BASIC);
        for (int i = 0; i < 45; i++) {
            customer.addOrder(
                    BigDecimal.valueOf(i), LocalDateTime.of(2026, 5, 1, 0, 0).plusMinutes(i));
        }
        COUNTER.reset();
        factory().inTransaction(s -> s.persist(customer));
        assertThat(COUNTER.addBatchCalls()).isEqualTo(45);
        assertThat(COUNTER.executeBatchCalls()).isEqualTo((45 + BATCH_SIZE - 1) / BATCH_SIZE);

        COUNTER.reset();
        factory().inTransaction(s -> s.find(Customer.class, customer.id)
                .orders
                .forEach(o -> o.amount = o.amount.add(BigDecimal.ONE)));
        assertThat(COUNTER.addBatchCalls()).isEqualTo(45);
        BigDecimal sum = factory().fromTransaction(s -> s.createSelectionQuery(
                        "select sum(o.amount) from PurchaseOrder o where o.customer.id = :id", BigDecimal.class)
                .setParameter("id", customer.id)
                .getSingleResult());
        assertThat(sum).isEqualByComparingTo(BigDecimal.valueOf(45 * 44 / 2 + 45));
    }

    @Test
    void shouldFailTheStaleUpdateWithAnOptimisticLockError() {
        Customer customer = new Customer("stale", Tier.BASIC);
        factory().inTransaction(s -> s.persist(customer));

        try (var first = factory().openSession();
                var second = factory().openSession()) {
            Transaction t1 = first.beginTransaction();
            Customer mine = first.find(Customer.class, customer.id);
            Transaction t2 = second.beginTransaction();
            second.find(Customer.class, customer.id).name = "stale-second";
            t2.commit();

            mine.name = "stale-first";
            assertThatThrownBy(t1::commit).isInstanceOfAny(OptimisticLockException.class, StaleStateException.class);
        }
        String name = factory().fromTransaction(s -> s.find(Customer.class, customer.id).name);
        assertThat(name).isEqualTo("stale-second");
    }

    @Test
    void shouldRollBackAFlushedTransaction() {
        try (var session = factory().openSession()) {
            Transaction tx = session.beginTransaction();
            session.persist(new Customer("rolled-back", Tier.GOLD));
            session.flush();
            tx.rollback();
        }
        long count = factory().fromTransaction(s -> s.createSelectionQuery(
                        "select count(c) from Customer c where c.name = 'rolled-back'", Long.class)
                .getSingleResult());
        assertThat(count).isZero();
    }
}
