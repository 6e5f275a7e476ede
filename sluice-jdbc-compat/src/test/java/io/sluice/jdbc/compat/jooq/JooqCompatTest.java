package io.sluice.jdbc.compat.jooq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.jdbc.compat.CompatTest;
import io.sluice.jdbc.compat.DataSources;
import io.sluice.jdbc.compat.Target;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record2;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * jOOQ over HikariCP over the driver: plain SQL and DSL with bind values, fetching into Java records,
 * nested transactions with a savepoint, batches and {@code returning()}.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.sluice.jdbc.compat.Targets#all")
class JooqCompatTest extends CompatTest {
    private static final Table<Record> ITEM = table(name("compat_item"));
    private static final Field<Long> ID = field(name("id"), SQLDataType.BIGINT.generatedByDefaultAsIdentity());
    private static final Field<String> NAME =
            field(name("name"), SQLDataType.VARCHAR(100).notNull());
    private static final Field<Integer> QTY = field(name("qty"), SQLDataType.INTEGER);
    private static final Field<BigDecimal> PRICE = field(name("price"), SQLDataType.DECIMAL(10, 2));
    private static final Field<LocalDate> ADDED = field(name("added"), SQLDataType.LOCALDATE);

    /** A row fetched by {@code fetchInto(Item.class)}. */
    record Item(long id, String name, Integer qty, BigDecimal price, LocalDate added) {}

    private HikariDataSource pool;
    private DSLContext ctx;

    JooqCompatTest(Target target) {
        super(target);
    }

    @BeforeEach
    void createTable() throws Exception {
        pool = DataSources.hikari(target, target.freshDatabase("jooq"), 3);
        ctx = DSL.using(pool, postgresql() ? SQLDialect.POSTGRES : SQLDialect.MARIADB);
        ctx.createTable(ITEM)
                .column(ID)
                .column(NAME)
                .column(QTY)
                .column(PRICE)
                .column(ADDED)
                .primaryKey(ID)
                .execute();
    }

    @AfterEach
    void close() {
        if (pool != null) {
            pool.close();
        }
    }

    @Test
    void shouldBindValuesInPlainSqlAndDsl() {
        assertThat(ctx.execute(
                        "insert into compat_item (name, qty, price) values (?, ?, ?)",
                        "plain",
                        7,
                        new BigDecimal("2.50")))
                .isEqualTo(1);
        ctx.insertInto(ITEM, NAME, QTY, PRICE, ADDED)
                .values("dsl", 3, new BigDecimal("10.00"), LocalDate.of(2026, 2, 3))
                .execute();

        Result<Record> plain = ctx.fetch("select name, qty from compat_item where qty > ? and name <> 'what?'", 5);
        assertThat(plain.getValues("name", String.class)).containsExactly("plain");
        Record dsl =
                ctx.select(QTY, PRICE, ADDED).from(ITEM).where(NAME.eq("dsl")).fetchOne();
        assertThat(dsl.get(QTY)).isEqualTo(3);
        assertThat(dsl.get(PRICE)).isEqualByComparingTo("10.00");
        assertThat(dsl.get(ADDED)).isEqualTo(LocalDate.of(2026, 2, 3));
        assertThat(ctx.fetchValue(DSL.select(DSL.val("it's a ?")))).isEqualTo("it's a ?");
    }

    @Test
    void shouldFetchIntoJavaRecords() {
        ctx.insertInto(ITEM, NAME, QTY, PRICE, ADDED)
                .values("a", 1, new BigDecimal("1.10"), LocalDate.of(2026, 1, 1))
                .values("b", null, null, null)
                .execute();

        List<Item> items =
                ctx.select(ID, NAME, QTY, PRICE, ADDED).from(ITEM).orderBy(ID).fetchInto(Item.class);

        assertThat(items).extracting(Item::name).containsExactly("a", "b");
        assertThat(items.get(0).price()).isEqualByComparingTo("1.10");
        assertThat(items.get(0).added()).isEqualTo(LocalDate.of(2026, 1, 1));
        assertThat(items.get(1).qty()).isNull();
        assertThat(items.get(1).id()).isGreaterThan(items.get(0).id());
    }

    @Test
    void shouldRollBackTheInnerTransactionToASavepoint() {
        int outerRows = ctx.transactionResult(outer -> {
            outer.dsl().insertInto(ITEM, NAME).values("outer").execute();
            assertThatThrownBy(() -> outer.dsl().transactionResult(inner -> {
                        inner.dsl().insertInto(ITEM, NAME).values("inner").execute();
                        throw new IllegalStateException("roll back the inner transaction");
                    }))
                    .isInstanceOf(IllegalStateException.class);
            return outer.dsl().fetchCount(ITEM);
        });

        assertThat(outerRows).isEqualTo(1);
        assertThat(ctx.select(NAME).from(ITEM).fetch(NAME)).containsExactly("outer");
    }

    @Test
    void shouldExecuteBatches() {
        int[] bound = ctx.batch(ctx.insertInto(ITEM, NAME, QTY).values((String) null, (Integer) null))
                .bind("b1", 1)
                .bind("b2", 2)
                .bind("b3", 3)
                .execute();
        int[] statements = ctx.batch(
                        ctx.insertInto(ITEM, NAME, QTY).values("s1", 10),
                        ctx.update(ITEM).set(QTY, QTY.plus(100)).where(NAME.like("b%")))
                .execute();

        assertThat(bound).hasSize(3);
        assertThat(statements).containsExactly(1, 3);
        assertThat(ctx.select(DSL.sum(QTY)).from(ITEM).fetchOne(0, Integer.class))
                .isEqualTo(1 + 2 + 3 + 300 + 10);
    }

    @Test
    void shouldReturnGeneratedValues() {
        Long first =
                ctx.insertInto(ITEM, NAME, QTY).values("r1", 1).returning(ID).fetchOne(ID);
        Result<Record2<Long, String>> more = ctx.insertInto(ITEM, NAME, QTY)
                .values("r2", 2)
                .values("r3", 3)
                .returningResult(ID, NAME)
                .fetch();

        assertThat(first).isPositive();
        assertThat(more.getValues(NAME)).containsExactly("r2", "r3");
        assertThat(more.getValues(ID)).allSatisfy(id -> assertThat(id).isGreaterThan(first));
    }
}
