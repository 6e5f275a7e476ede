package io.sluice.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.NamedParams;
import io.sluice.ParameterException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The placeholder rules of the native API, per dialect, without a server. */
class NativeSqlTest {
    private static final Object[] ONE = {1};

    private static NativeSql pg(String sql, Object... params) {
        return NativeSql.translate(sql, SqlDialect.POSTGRESQL, params);
    }

    private static NativeSql my(String sql, Object... params) {
        return NativeSql.translate(sql, SqlDialect.MYSQL, params);
    }

    private static NativeSql named(SqlDialect d, String sql) {
        return NativeSql.translate(sql, d, new Object[] {NamedParams.of(Map.of())});
    }

    @Test
    void shouldNumberQuestionMarksForPostgresWhenGivenParameters() {
        NativeSql n = pg("SELECT a FROM t WHERE b = ? AND c = ?", 1, 2);
        assertThat(n.sql()).isEqualTo("SELECT a FROM t WHERE b = $1 AND c = $2");
        assertThat(n.parameterCount()).isEqualTo(2);
    }

    @Test
    void shouldSendDollarTextUnchangedWhenItIsNative() {
        String sql = "SELECT a FROM t WHERE b = $1 AND data ? 'k' AND c = $2::int";
        NativeSql n = pg(sql, 1, 2);
        assertThat(n.sql()).isSameAs(sql);
        assertThat(n.parameterCount()).isEqualTo(2);
        assertThat(pg(sql, 1, 2)).isSameAs(n); // cached per text
    }

    @Test
    void shouldSendParameterlessTextUnchangedWhenItHoldsQuestionMarks() {
        String sql = "SELECT '{\"a\":1}'::jsonb ? 'a'";
        assertThat(pg(sql).sql()).isSameAs(sql);
        assertThat(my(sql).sql()).isSameAs(sql);
    }

    @Test
    void shouldTellPostgresOperatorsFromPlaceholdersWhenQuestionMarksAreUsed() {
        NativeSql n = pg("SELECT j ?? ?, j ?| ?, j ?& ?, ? || 'x'", 1, 2, 3, 4);
        assertThat(n.sql()).isEqualTo("SELECT j ? $1, j ?| $2, j ?& $3, $4 || 'x'");
    }

    @Test
    void shouldSkipLiteralsCommentsAndQuotesWhenScanningPostgres() {
        NativeSql n =
                pg("SELECT '?', E'\\'?', $$ ? $1 $$, $tag$ ? $tag$, \"a?\", a$1, /* ? /* ? */ ? */ ? -- ?\n, ?", 1, 2);
        assertThat(n.sql())
                .isEqualTo(
                        "SELECT '?', E'\\'?', $$ ? $1 $$, $tag$ ? $tag$, \"a?\", a$1, /* ? /* ? */ ? */ $1 -- ?\n, $2");
    }

    @Test
    void shouldSkipBackticksBackslashesAndHashCommentsWhenScanningMysql() {
        NativeSql n = named(SqlDialect.MYSQL, "SELECT `:a?`, ':b', 'it\\':c', \":d\" # :e\n, :f, @v := :g -- :h\n");
        assertThat(n.sql()).isEqualTo("SELECT `:a?`, ':b', 'it\\':c', \":d\" # :e\n, ?, @v := ? -- :h\n");
        assertThat(n.names()).containsExactly("f", "g");
    }

    @Test
    void shouldReuseOneNumberPerNameWhenPostgresRepeatsIt() {
        NativeSql n = named(SqlDialect.POSTGRESQL, "SELECT :a::text, :b, :a, x::int, ':c'");
        assertThat(n.sql()).isEqualTo("SELECT $1::text, $2, $1, x::int, ':c'");
        assertThat(n.names()).containsExactly("a", "b");
        Object[] bound = n.bind(new Object[] {NamedParams.of(Map.of("a", 1, "b", 2))});
        assertThat(bound).containsExactly(1, 2);
    }

    @Test
    void shouldSendOnePlaceholderPerOccurrenceWhenMysqlRepeatsAName() {
        NativeSql n = named(SqlDialect.MYSQL, "SELECT :a, :b, :a");
        assertThat(n.sql()).isEqualTo("SELECT ?, ?, ?");
        assertThat(n.bind(new Object[] {NamedParams.of("a", 1).and("b", null)})).containsExactly(1, null, 1);
    }

    record Person(long userId, String name) {}

    @Test
    void shouldReadRecordComponentsWhenNamesAreSnakeCase() {
        NativeSql n = named(SqlDialect.POSTGRESQL, "SELECT :user_id, :name");
        assertThat(n.bind(new Object[] {NamedParams.from(new Person(7, "x"))})).containsExactly(7L, "x");
    }

    @Test
    void shouldRejectMixedStylesWhenTheTextCannotBeRead() {
        assertThatThrownBy(() -> named(SqlDialect.POSTGRESQL, "SELECT :a, $1"))
                .isInstanceOf(SqlSyntaxException.class)
                .hasMessageContaining("mixes :name and positional");
        assertThatThrownBy(() -> named(SqlDialect.MYSQL, "SELECT :a, ?")).isInstanceOf(SqlSyntaxException.class);
        assertThatThrownBy(() -> pg("SELECT $1, ?", 1, 2).bind(new Object[] {1, 2}))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("expected=1, given=2")
                .hasMessageContaining("operator");
    }

    @Test
    void shouldNameTheMissingParameterWhenBindingFails() {
        NativeSql n = named(SqlDialect.POSTGRESQL, "SELECT :a, :b");
        assertThatThrownBy(() -> n.bind(new Object[] {NamedParams.of("a", 1)}))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("missing named parameter: name=b");
        assertThatThrownBy(() -> pg("SELECT ?, ?", ONE).bind(ONE))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("wrong number of parameters: expected=2, given=1");
    }

    @Test
    void shouldDecideNamedModeAtPrepareWhenTheTextHasNames() {
        assertThat(NativeSql.forStatement("SELECT :a", SqlDialect.POSTGRESQL).names())
                .containsExactly("a");
        assertThat(NativeSql.forStatement("SELECT ?::int", SqlDialect.POSTGRESQL)
                        .sql())
                .isEqualTo("SELECT $1::int");
        assertThat(NativeSql.forStatement("SELECT 1", SqlDialect.MYSQL).names()).isEmpty();
    }

    @Test
    void shouldBindEverySetWhenABatchIsNamed() {
        NativeSql n = named(SqlDialect.MYSQL, "INSERT INTO t VALUES (:a)");
        List<Object[]> sets =
                n.bindAll(List.of(new Object[] {NamedParams.of("a", 1)}, new Object[] {NamedParams.of("a", 2)}));
        assertThat(sets).hasSize(2);
        assertThat(sets.get(1)).containsExactly(2);
    }
}
