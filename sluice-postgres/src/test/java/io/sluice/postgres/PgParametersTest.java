package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ConnectionConfig;
import io.sluice.NamedParams;
import io.sluice.ParameterException;
import io.sluice.ParametersContract;
import io.sluice.Row;
import io.sluice.sql.SqlSyntaxException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Portable parameters against the real PostgreSQL server, with its own quoting and operators. */
class PgParametersTest extends ParametersContract {
    @Override
    protected ConnectionConfig config() {
        return PgTestConfig.trust().build();
    }

    @Override
    protected String createTable(String name) {
        return "CREATE TEMPORARY TABLE " + name + " (id int4 PRIMARY KEY, name text, price numeric(10,2), day date)";
    }

    private static List<Object> values(Row r) {
        List<Object> out = new java.util.ArrayList<>();
        for (int i = 0; i < r.columnCount(); i++) {
            out.add(r.getObject(i));
        }
        return out;
    }

    @Test
    void shouldKeepJsonbOperatorsWhenQuestionMarksArePlaceholders() {
        String sql =
                "SELECT '{\"a\":1}'::jsonb ?? ?, '{\"a\":1}'::jsonb ?| ?::text[], '{\"a\":1}'::jsonb ?& ?::text[], "
                        + "? || 'x' AS " + table + "_c";
        assertThat(same(() -> connection.query(sql, PgParametersTest::values, "a", "{a,b}", "{a,b}", "y")))
                .containsExactly(List.of(true, true, false, "yx"));
    }

    @Test
    void shouldSendNativeTextUnchangedWhenItUsesDollarParameters() {
        // What sluice-jdbc sends: $n placeholders with a bare ? operator.
        String sql = "SELECT '{\"a\":1}'::jsonb ? $1, $2::int + 1 AS " + table + "_c";
        assertThat(same(() -> connection.query(sql, PgParametersTest::values, "a", 41)))
                .containsExactly(List.of(true, 42));
        assertThat(same(() ->
                        connection.query("SELECT '{\"a\":1}'::jsonb ? 'b' AS " + table, PgParametersTest::values)))
                .containsExactly(List.of(false));
    }

    @Test
    void shouldSkipQuotesCastsAndCommentsWhenNamesAreBound() {
        String sql =
                "SELECT :v::int + 1, '?:v', E'it\\'s :v ?', $q$ :v ? $1 $q$, \"?column?\" FROM (SELECT 1 AS \"?column?\") s"
                        + " /* :v ? /* nested :v */ */ -- :v ?\n WHERE :v > 0";
        assertThat(same(() -> connection.query(sql, PgParametersTest::values, NamedParams.of("v", 5))))
                .containsExactly(List.of(6, "?:v", "it's :v ?", " :v ? $1 ", 1));
    }

    @Test
    void shouldPrepareNativeTextWhenALoneQuestionMarkIsTheJsonbOperator() {
        // sluice-jdbc prepares its translated text for metadata: there a bare ? is the operator.
        try (io.sluice.PreparedStatement ps = connection.prepare("SELECT '{\"a\":1}'::jsonb ? 'a' AS has")) {
            assertThat(same(() -> ps.query(PgParametersTest::values))).containsExactly(List.of(true));
        }
        try (io.sluice.PreparedStatement ps = connection.prepare("SELECT ?::int + 1 AS n")) {
            assertThat(same(() -> ps.query(PgParametersTest::values, 41))).containsExactly(List.of(42));
        }
    }

    @Test
    void shouldReportMixedPlaceholdersAsAWrongCountWhenADollarTextHasAQuestionMark() {
        assertThatThrownBy(() -> connection.query("SELECT $1::int, ?::int", PgParametersTest::values, 1, 2))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("expected=1, given=2")
                .hasMessageContaining("is the operator");
        assertThatThrownBy(
                        () -> connection.query("SELECT :a::int, $1", PgParametersTest::values, NamedParams.of("a", 1)))
                .isInstanceOf(SqlSyntaxException.class);
        assertThat(connection.query("SELECT $1::int", PgParametersTest::values, 1))
                .containsExactly(List.of(1));
    }
}
