package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Portable parameters ({@code ?} and {@code :name}, {@link io.sluice.sql.NativeSql}) against a real
 * server. Every query runs {@value #RUNS} times, as each driver's statement cache takes ad-hoc SQL
 * through both paths: PostgreSQL parses and answers in text on the first execution and answers in
 * binary from the second (a parameterless text runs unprepared twice first); MySQL runs a
 * parameterless text as COM_QUERY (text) twice, then prepared (binary), and a text with parameters
 * prepared (binary) from the first. Each test's table has a fresh name, so its texts start cold.
 */
public abstract class ParametersContract {
    /** Executions per query: enough for the text and the binary path in both drivers. */
    protected static final int RUNS = 4;

    /** Settings for a connection to the real server under test. */
    protected abstract ConnectionConfig config();

    /** {@code CREATE TEMPORARY TABLE name (id int primary key, name text, price decimal(10,2), day date)}. */
    protected abstract String createTable(String name);

    protected Connection connection;
    protected String table;

    @BeforeEach
    void openConnection() {
        connection = Sluice.connect(config());
        table = "slpm_p" + Long.toHexString(System.nanoTime());
        connection.executeScript(createTable(table));
        for (int i = 1; i <= 3; i++) {
            connection.execute(
                    "INSERT INTO " + table + " (id, name, price, day) VALUES (?, ?, ?, ?)",
                    i,
                    "n" + i,
                    new BigDecimal(i + ".50"),
                    LocalDate.of(2024, 1, i));
        }
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    /** The results of {@value #RUNS} executions, which must all be equal. */
    protected static <T> T same(Supplier<T> query) {
        List<T> results = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            results.add(query.get());
        }
        assertThat(results).allSatisfy(r -> assertThat(r).isEqualTo(results.get(0)));
        return results.get(0);
    }

    private String names(String where) {
        return "SELECT name FROM " + table + " WHERE " + where + " ORDER BY id";
    }

    private static String name(Row r) {
        return r.getString(0);
    }

    @Test
    void shouldBindQuestionMarksWhenQueryingOnEitherPath() {
        String sql = names("id >= ? AND name <> ? AND price > ? AND day <= ?");
        assertThat(same(() -> connection.query(
                        sql, ParametersContract::name, 2, "zz", new BigDecimal("1.00"), LocalDate.of(2024, 1, 3))))
                .containsExactly("n2", "n3");
    }

    @Test
    void shouldBindNamesFromAMapWhenANameRepeats() {
        String sql = names("(id = :id OR id = :other) AND name <> ':id' AND id >= :id - 1 /* :nope */");
        Map<String, Object> values = new HashMap<>();
        values.put("id", 2);
        values.put("other", 3);
        assertThat(same(() -> connection.query(sql, ParametersContract::name, NamedParams.of(values))))
                .containsExactly("n2", "n3");
    }

    /** A record whose components feed {@code :min_id} and {@code :day}. */
    public record Filter(int minId, LocalDate day) {}

    /** A bean whose getters feed the same names. */
    public static final class FilterBean {
        public int getMinId() {
            return 2;
        }

        public LocalDate getDay() {
            return LocalDate.of(2024, 1, 2);
        }
    }

    @Test
    void shouldBindNamesFromARecordOrBeanWhenNamesAreSnakeCase() {
        String sql = names("id >= :min_id AND day >= :day");
        assertThat(same(() -> connection.query(
                        sql, ParametersContract::name, NamedParams.from(new Filter(2, LocalDate.of(2024, 1, 2))))))
                .containsExactly("n2", "n3");
        assertThat(same(() -> connection.query(sql, ParametersContract::name, NamedParams.from(new FilterBean()))))
                .containsExactly("n2", "n3");
    }

    @Test
    void shouldBindNamesWhenStreamingExecutingAndQueryingFirst() {
        String sql = names("id = :id");
        assertThat(same(() -> connection.queryFirst(sql, ParametersContract::name, NamedParams.of("id", 3))))
                .contains("n3");
        assertThat(same(() -> {
                    List<String> out = new ArrayList<>();
                    try (RowStream s = connection.stream(sql, 10, NamedParams.of("id", 1))) {
                        s.forEachRemaining(r -> out.add(r.getString(0)));
                    }
                    return out;
                }))
                .containsExactly("n1");
        String update = "UPDATE " + table + " SET name = :name WHERE id = :id";
        for (int i = 0; i < RUNS; i++) {
            assertThat(connection.execute(
                            update, NamedParams.of("name", "m" + i).and("id", 1)))
                    .isEqualTo(1);
        }
        assertThat(connection.queryFirst(sql, ParametersContract::name, NamedParams.of("id", 1)))
                .contains("m" + (RUNS - 1));
    }

    @Test
    void shouldBindEverySetWhenABatchIsNamed() {
        String insert = "INSERT INTO " + table + " (id, name, price, day) VALUES (:id, :name, :price, :day)";
        List<Object[]> sets = new ArrayList<>();
        for (int i = 10; i < 13; i++) {
            sets.add(new Object[] {
                NamedParams.of("id", i)
                        .and("name", "b" + i)
                        .and("price", BigDecimal.ONE)
                        .and("day", LocalDate.of(2024, 2, 1))
            });
        }
        assertThat(connection.executeBatch(insert, sets)).containsExactly(1, 1, 1);
        assertThat(connection.query(names("id >= ?"), ParametersContract::name, 10))
                .containsExactly("b10", "b11", "b12");
    }

    @Test
    void shouldBindNamesWhenAStatementIsPrepared() {
        try (PreparedStatement ps = connection.prepare(names("id = :id OR name = :name"))) {
            assertThat(same(() -> ps.query(
                            ParametersContract::name, NamedParams.of("id", 1).and("name", "n3"))))
                    .containsExactly("n1", "n3");
        }
        try (PreparedStatement ps = connection.prepare(names("id = ?"))) {
            assertThat(same(() -> ps.query(ParametersContract::name, 2))).containsExactly("n2");
        }
    }

    @Test
    void shouldThrowClearErrorsAndStayUsableWhenParametersDoNotFit() {
        String sql = names("id = :id AND name = :name");
        assertThatThrownBy(() -> connection.query(sql, ParametersContract::name, NamedParams.of("id", 1)))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("missing named parameter: name=name");
        for (int i = 0; i < 2; i++) { // a new text, then one the statement cache holds
            assertThatThrownBy(() -> connection.query(names("id = ? AND name = ?"), ParametersContract::name, 1))
                    .isInstanceOf(ParameterException.class)
                    .hasMessageContaining("wrong number of parameters");
        }
        assertThatThrownBy(() -> connection.query(
                        names("id = ? OR id = :id"), ParametersContract::name, NamedParams.of("id", 1)))
                .isInstanceOf(io.sluice.sql.SqlSyntaxException.class)
                .hasMessageContaining("mixes :name and positional");
        assertThatThrownBy(() -> connection.query(names("id = :id"), ParametersContract::name, 1))
                .isInstanceOf(SluiceException.class);
        assertThat(connection.query(names("id = ?"), ParametersContract::name, 1))
                .containsExactly("n1");
    }

    @Test
    void shouldPassAMapAsOneValueWhenItIsNotWrapped() {
        // A Map is a legal value for some types, so it is never taken as named parameters.
        assertThatThrownBy(() -> connection.query(names("id = :id"), ParametersContract::name, Map.of("id", 1)))
                .isInstanceOf(SluiceException.class)
                .hasMessageNotContaining("missing named");
    }
}
