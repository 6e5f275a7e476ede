package io.sluice.jdbc.compat.mybatis;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.jdbc.compat.CompatTest;
import io.sluice.jdbc.compat.DataSources;
import io.sluice.jdbc.compat.Item;
import io.sluice.jdbc.compat.Target;
import java.io.InputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.ibatis.builder.xml.XMLMapperBuilder;
import org.apache.ibatis.executor.BatchResult;
import org.apache.ibatis.io.Resources;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.ExecutorType;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** MyBatis over HikariCP over the driver: mapper XML with {@code #{}} parameters, result maps, generated keys. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.sluice.jdbc.compat.Targets#all")
class MyBatisCompatTest extends CompatTest {
    private static final String MAPPER = "io/sluice/jdbc/compat/mybatis/ItemMapper.xml";

    private HikariDataSource pool;
    private SqlSessionFactory sessions;

    MyBatisCompatTest(Target target) {
        super(target);
    }

    @BeforeEach
    void configure() throws Exception {
        pool = DataSources.hikari(target, target.freshDatabase("mybatis"), 2);
        Item.createTable(pool, target.server());
        Configuration cfg = new Configuration(new Environment("compat", new JdbcTransactionFactory(), pool));
        try (InputStream in = Resources.getResourceAsStream(MAPPER)) {
            new XMLMapperBuilder(in, cfg, MAPPER, cfg.getSqlFragments()).parse();
        }
        sessions = new SqlSessionFactoryBuilder().build(cfg);
    }

    @AfterEach
    void close() {
        if (pool != null) {
            pool.close();
        }
    }

    @Test
    void shouldInsertWithGeneratedKeysAndMapResults() {
        Item item = new Item("pen", 3, new BigDecimal("1.25"), LocalDate.of(2026, 4, 5));
        Item empty = new Item("nothing", null, null, null);
        try (SqlSession session = sessions.openSession()) {
            ItemMapper mapper = session.getMapper(ItemMapper.class);
            assertThat(mapper.insert(item)).isEqualTo(1);
            assertThat(mapper.insert(empty)).isEqualTo(1);
            session.commit();
        }
        assertThat(item.getId()).isPositive();
        assertThat(empty.getId()).isGreaterThan(item.getId());

        try (SqlSession session = sessions.openSession()) {
            Item loaded = session.getMapper(ItemMapper.class).findById(item.getId());
            assertThat(loaded.getName()).isEqualTo("pen");
            assertThat(loaded.getQty()).isEqualTo(3);
            assertThat(loaded.getPrice()).isEqualByComparingTo("1.25");
            assertThat(loaded.getAdded()).isEqualTo(LocalDate.of(2026, 4, 5));
            Item nulls = session.getMapper(ItemMapper.class).findById(empty.getId());
            assertThat(nulls.getQty()).isNull();
            assertThat(nulls.getAdded()).isNull();
        }
    }

    @Test
    void shouldBindParametersOfDynamicSqlAndLimit() {
        List<Item> items = List.of(
                new Item("a", 1, null, null),
                new Item("b", 5, BigDecimal.TEN, null),
                new Item("c", 7, null, LocalDate.of(2026, 1, 1)),
                new Item("d", 9, null, null));
        try (SqlSession session = sessions.openSession()) {
            ItemMapper mapper = session.getMapper(ItemMapper.class);
            assertThat(mapper.insertAll(items)).isEqualTo(4);
            assertThat(mapper.findByMinQty(5, 2)).extracting(Item::getName).containsExactly("b", "c");
            assertThat(mapper.updateQty(mapper.findByMinQty(9, 1).getFirst().getId(), null))
                    .isEqualTo(1);
            session.commit();
        }
        try (SqlSession session = sessions.openSession()) {
            assertThat(session.getMapper(ItemMapper.class).findByMinQty(0, 10))
                    .extracting(Item::getName)
                    .containsExactly("a", "b", "c");
        }
    }

    @Test
    void shouldRunTheBatchExecutor() {
        try (SqlSession session = sessions.openSession(ExecutorType.BATCH)) {
            ItemMapper mapper = session.getMapper(ItemMapper.class);
            for (int i = 0; i < 10; i++) {
                mapper.insert(new Item("batch-" + i, i, null, null));
            }
            List<BatchResult> results = session.flushStatements();
            assertThat(results).singleElement().satisfies(r -> assertThat(r.getUpdateCounts())
                    .hasSize(10));
            session.rollback();
        }
        try (SqlSession session = sessions.openSession()) {
            assertThat(session.getMapper(ItemMapper.class).findByMinQty(0, 100)).isEmpty();
        }
    }

    @Test
    void shouldRollBackAnUncommittedSession() {
        try (SqlSession session = sessions.openSession()) {
            session.getMapper(ItemMapper.class).insert(new Item("gone", 1, null, null));
            session.rollback();
        }
        try (SqlSession session = sessions.openSession()) {
            assertThat(session.getMapper(ItemMapper.class).findByMinQty(0, 10)).isEmpty();
        }
    }
}
