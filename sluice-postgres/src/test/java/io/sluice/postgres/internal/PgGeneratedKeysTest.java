package io.sluice.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.GeneratedKeys;
import io.sluice.Sluice;
import io.sluice.ValueConversionException;
import io.sluice.postgres.PgTestConfig;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PostgreSQL's side of generated keys: where RETURNING goes, and statements that bring their own. */
class PgGeneratedKeysTest {
    private Connection connection;
    private String table;

    @BeforeEach
    void createTable() {
        connection = Sluice.connect(PgTestConfig.trust().build());
        table = "sltx_pgkeys_" + Long.toHexString(System.nanoTime());
        connection.executeScript("CREATE TABLE " + table
                + " (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, \"Other Key\" bigserial, name text,"
                + " uid uuid DEFAULT gen_random_uuid())");
    }

    @AfterEach
    void dropTable() {
        connection.executeScript("DROP TABLE IF EXISTS " + table);
        connection.close();
    }

    @Test
    void shouldAppendReturningAfterLastTokenWhenSqlEndsInSemicolonOrComment() {
        assertThat(ReturningClause.of("INSERT INTO t VALUES (1);  ", "id").sql())
                .isEqualTo("INSERT INTO t VALUES (1) RETURNING id");
        assertThat(ReturningClause.of("INSERT INTO t VALUES ('a') -- note\n", "id")
                        .sql())
                .isEqualTo("INSERT INTO t VALUES ('a') RETURNING id");
        assertThat(ReturningClause.of("INSERT INTO t VALUES ($1) /* x */ ;", "\"My Id\"")
                        .sql())
                .isEqualTo("INSERT INTO t VALUES ($1) RETURNING \"My Id\"");
        assertThat(ReturningClause.of("INSERT INTO t (s) VALUES ('returning')", "id")
                        .appended())
                .isTrue();
        assertThat(ReturningClause.of("WITH x AS (DELETE FROM a RETURNING *) INSERT INTO t SELECT 1", "id")
                        .appended())
                .isTrue();
        ReturningClause own = ReturningClause.of("insert into t values (1) returning name, ID", "id");
        assertThat(own.appended()).isFalse();
        assertThat(own.sql()).isEqualTo("insert into t values (1) returning name, ID");
        assertThat(ReturningClause.of("INSERT INTO t VALUES (1)", "\"a\"\"b\"").column())
                .isEqualTo("a\"b");
    }

    @Test
    void shouldReadKeyColumnByNameWhenStatementHasItsOwnReturning() {
        for (int i = 0; i < 3; i++) { // text, then binary results
            GeneratedKeys keys = connection.executeReturningKeys(
                    "INSERT INTO " + table + " (name) VALUES ($1), ($2) RETURNING name, id, uid",
                    "ID",
                    "a" + i,
                    "b" + i);
            assertThat(keys.affectedRows()).isEqualTo(2);
            List<Long> ids = connection.query(
                    "SELECT id FROM " + table + " WHERE name IN ($1, $2) ORDER BY id",
                    r -> r.getLong(0),
                    "a" + i,
                    "b" + i);
            assertThat(keys.keys()).containsExactly(ids.get(0), ids.get(1));
        }
    }

    @Test
    void shouldReturnQuotedKeyColumnWhenCallerQuotesIt() {
        GeneratedKeys keys =
                connection.executeReturningKeys("INSERT INTO " + table + " (name) VALUES ($1);", "\"Other Key\"", "q");
        assertThat(connection.queryFirst("SELECT \"Other Key\" FROM " + table + " WHERE name = 'q'", r -> r.getLong(0)))
                .contains(keys.key());
        assertThatThrownBy(() -> connection.executeReturningKeys(
                        "INSERT INTO " + table + " (name) VALUES ($1)", "Other Key", "r"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldThrowValueConversionWhenKeyIsNotAnInteger() {
        assertThatThrownBy(() ->
                        connection.executeReturningKeys("INSERT INTO " + table + " (name) VALUES ($1)", "uid", "u"))
                .isInstanceOf(ValueConversionException.class);
        assertThat(connection.isBroken()).isFalse();
        assertThat(connection
                        .executeReturningKeys("INSERT INTO " + table + " (name) VALUES ($1)", "id", "v")
                        .size())
                .isEqualTo(1);
    }

    @Test
    void shouldReturnEveryRowsKeyWhenBatchSetsInsertSeveralRows() {
        GeneratedKeys keys = connection.executeBatchReturningKeys(
                "INSERT INTO " + table + " (name) VALUES ($1), ($2)",
                "id",
                List.of(new Object[] {"a", "b"}, new Object[] {"c", "d"}));
        assertThat(keys.affectedRows()).isEqualTo(4);
        long[] ids = connection.query("SELECT id FROM " + table + " ORDER BY id", r -> r.getLong(0)).stream()
                .mapToLong(Long::longValue)
                .toArray();
        assertThat(keys.keys()).containsExactly(ids);
    }
}
