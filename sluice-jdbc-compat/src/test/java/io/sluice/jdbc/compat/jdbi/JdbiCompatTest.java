package io.sluice.jdbc.compat.jdbi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.jdbc.compat.CompatTest;
import io.sluice.jdbc.compat.DataSources;
import io.sluice.jdbc.compat.Item;
import io.sluice.jdbc.compat.Target;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.mapper.reflect.ConstructorMapper;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Jdbi 3 over HikariCP over the driver: bindBean, mapTo, useTransaction, SqlObject batches and keys. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.sluice.jdbc.compat.Targets#all")
class JdbiCompatTest extends CompatTest {
    /** A row mapped through its constructor. */
    public record Row(String name, Integer qty, BigDecimal price, LocalDate added) {}

    private HikariDataSource pool;
    private Jdbi jdbi;

    JdbiCompatTest(Target target) {
        super(target);
    }

    @BeforeEach
    void configure() throws Exception {
        pool = DataSources.hikari(target, target.freshDatabase("jdbi"), 2);
        Item.createTable(pool, target.server());
        jdbi = Jdbi.create(pool).installPlugin(new SqlObjectPlugin());
        jdbi.registerRowMapper(ConstructorMapper.factory(Row.class));
    }

    @AfterEach
    void close() {
        if (pool != null) {
            pool.close();
        }
    }

    @Test
    void shouldBindBeansAndMapRows() {
        Item item = new Item("lamp", 2, new BigDecimal("19.90"), LocalDate.of(2026, 6, 7));
        jdbi.useHandle(h -> assertThat(h.createUpdate(
                                "INSERT INTO compat_item (name, qty, price, added) VALUES (:name, :qty, :price, :added)")
                        .bindBean(item)
                        .execute())
                .isEqualTo(1));

        List<Row> rows =
                jdbi.withHandle(h -> h.createQuery("SELECT name, qty, price, added FROM compat_item WHERE name = :n")
                        .bind("n", "lamp")
                        .mapTo(Row.class)
                        .list());
        assertThat(rows).containsExactly(new Row("lamp", 2, new BigDecimal("19.90"), LocalDate.of(2026, 6, 7)));
        Integer qty = jdbi.withHandle(h -> h.createQuery("SELECT qty FROM compat_item")
                .mapTo(Integer.class)
                .one());
        assertThat(qty).isEqualTo(2);
        Item bean = jdbi.withHandle(h -> h.createQuery("SELECT id, name, qty, price, added FROM compat_item")
                .mapToBean(Item.class)
                .one());
        assertThat(bean.getId()).isPositive();
        assertThat(bean.getPrice()).isEqualByComparingTo("19.90");
    }

    @Test
    void shouldCommitOrRollBackInUseTransaction() {
        jdbi.useTransaction(h -> h.execute("INSERT INTO compat_item (name) VALUES (?)", "kept"));
        assertThatThrownBy(() -> jdbi.useTransaction(h -> {
                    h.execute("INSERT INTO compat_item (name) VALUES (?)", "dropped");
                    throw new IllegalStateException("roll back");
                }))
                .isInstanceOf(IllegalStateException.class);

        List<String> names = jdbi.withHandle(h -> h.createQuery("SELECT name FROM compat_item")
                .mapTo(String.class)
                .list());
        assertThat(names).containsExactly("kept");
    }

    @Test
    void shouldRunSqlBatchesAndReturnGeneratedKeys() {
        ItemDao dao = jdbi.onDemand(ItemDao.class);

        int[] counts = dao.insertAll(List.of(
                new Item("x", 1, null, null),
                new Item("y", 4, BigDecimal.ONE, null),
                new Item("z", 6, null, LocalDate.of(2026, 1, 1))));
        long id = dao.insert(new Item("w", 9, null, null));

        assertThat(counts).hasSize(3);
        assertThat(id).isPositive();
        assertThat(dao.namesWithQtyOfAtLeast(4)).containsExactly("w", "y", "z");
        String name = jdbi.withHandle(h -> h.createQuery("SELECT name FROM compat_item WHERE id = :id")
                .bind("id", id)
                .mapTo(String.class)
                .one());
        assertThat(name).isEqualTo("w");
    }
}
