package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Generated keys as every driver promises them through {@link Connection#executeReturningKeys} and
 * {@link Connection#executeBatchReturningKeys}: each key handed back must be the key of the row it
 * inserted, as reading the table back shows, whichever path (text or binary, cached or not) carried it.
 */
public abstract class GeneratedKeysContract {

    /** Settings for a connection to the real server under test. */
    protected abstract ConnectionConfig config();

    /** The positional placeholder for the 1-based parameter {@code index}: {@code $1} or {@code ?}. */
    protected abstract String placeholder(int index);

    /** The definition of an integer key column that the server fills itself, for example {@code BIGINT AUTO_INCREMENT}. */
    protected abstract String generatedKeyDefinition();

    protected Connection connection;
    protected String table;

    @BeforeEach
    void createTable() {
        connection = Sluice.connect(config());
        table = "sltx_keys_" + Long.toHexString(System.nanoTime());
        connection.executeScript(
                "CREATE TABLE " + table + " (id " + generatedKeyDefinition() + " PRIMARY KEY, name VARCHAR(100))");
    }

    @AfterEach
    void dropTable() {
        connection.close();
        try (Connection c = Sluice.connect(config())) {
            c.executeScript("DROP TABLE IF EXISTS " + table);
        }
    }

    protected String insertOne() {
        return "INSERT INTO " + table + " (name) VALUES (" + placeholder(1) + ")";
    }

    /** name to id, as the table holds them. */
    protected List<String> rows(Connection c) {
        return c.query("SELECT id, name FROM " + table + " ORDER BY id", r -> r.getLong(0) + "=" + r.getString(1));
    }

    private static List<String> pairs(GeneratedKeys keys, String... names) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            out.add(keys.get(i) + "=" + names[i]);
        }
        return out;
    }

    @Test
    void shouldReturnKeyOfEachInsertWhenRepeatedOnTextAndBinaryPaths() {
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 4; i++) { // the first run is the text path, later ones run prepared (binary)
            GeneratedKeys keys = connection.executeReturningKeys(insertOne(), "id", "n" + i);
            assertThat(keys.affectedRows()).isEqualTo(1);
            assertThat(keys.size()).isEqualTo(1);
            expected.add(keys.key() + "=n" + i);
        }
        GeneratedKeys literal = connection.executeReturningKeys(
                "INSERT INTO " + table + " (name) VALUES ('literal')", "id"); // no parameters: the text protocol
        expected.add(literal.key() + "=literal");
        assertThat(rows(connection)).containsExactlyElementsOf(expected);
    }

    @Test
    void shouldReturnEveryKeyWhenOneInsertAddsSeveralRows() {
        GeneratedKeys keys = connection.executeReturningKeys(
                "INSERT INTO " + table + " (name) VALUES (" + placeholder(1) + "), (" + placeholder(2) + "), ("
                        + placeholder(3) + ")",
                "id",
                "a",
                "b",
                "c");
        assertThat(keys.affectedRows()).isEqualTo(3);
        assertThat(keys.size()).isEqualTo(3);
        assertThat(rows(connection)).containsExactlyElementsOf(pairs(keys, "a", "b", "c"));
    }

    @Test
    void shouldReturnKeysOfEverySetWhenBatching() {
        List<Object[]> sets =
                List.of(new Object[] {"b0"}, new Object[] {"b1"}, new Object[] {"b2"}, new Object[] {"b3"});
        GeneratedKeys outside = connection.executeBatchReturningKeys(insertOne(), "id", sets);
        assertThat(outside.affectedRows()).isEqualTo(4);
        GeneratedKeys inside = connection.transaction(c -> c.executeBatchReturningKeys(insertOne(), "id", sets));
        assertThat(inside.size()).isEqualTo(4);
        List<String> expected = new ArrayList<>(pairs(outside, "b0", "b1", "b2", "b3"));
        expected.addAll(pairs(inside, "b0", "b1", "b2", "b3"));
        assertThat(rows(connection)).containsExactlyElementsOf(expected);
        assertThat(connection
                        .executeBatchReturningKeys(insertOne(), "id", List.of())
                        .size())
                .isZero();
    }

    @Test
    void shouldReturnKeysWhenStatementCacheIsOff() {
        try (Connection uncached =
                Sluice.connect(config().toBuilder().statementCacheSize(0).build())) {
            GeneratedKeys one = uncached.executeReturningKeys(insertOne(), "id", "u0");
            GeneratedKeys batch = uncached.executeBatchReturningKeys(
                    insertOne(), "id", List.of(new Object[] {"u1"}, new Object[] {"u2"}));
            List<String> expected = new ArrayList<>(pairs(one, "u0"));
            expected.addAll(pairs(batch, "u1", "u2"));
            assertThat(rows(uncached)).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void shouldReturnNoKeyWhenNoRowIsInserted() {
        GeneratedKeys none = connection.executeReturningKeys(
                "UPDATE " + table + " SET name = " + placeholder(1) + " WHERE id = -1", "id", "x");
        assertThat(none.affectedRows()).isZero();
        assertThat(none.size()).isZero();
        assertThatThrownBy(none::key).isInstanceOf(SluiceException.class).hasMessageContaining("no key");
    }

    @Test
    void shouldRefuseKeyColumnThatIsNotAnIdentifier() {
        for (String bad : new String[] {"id; DROP TABLE x", "id, name", "", "\"unclosed", "1id"}) {
            assertThatThrownBy(() -> connection.executeReturningKeys(insertOne(), bad, "x"))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> connection.executeReturningKeys(insertOne(), null, "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(rows(connection)).isEmpty();
    }

    @Test
    void shouldRollBackKeyedInsertWithInnerBlock() {
        long[] kept = new long[1];
        connection.transaction(c -> {
            kept[0] = c.executeReturningKeys(insertOne(), "id", "kept").key();
            assertThatThrownBy(() -> c.transaction(c2 -> {
                        c2.executeReturningKeys(insertOne(), "id", "undone");
                        throw new IllegalStateException("undo");
                    }))
                    .hasMessage("undo");
            return null;
        });
        assertThat(rows(connection)).containsExactly(kept[0] + "=kept");
    }
}
