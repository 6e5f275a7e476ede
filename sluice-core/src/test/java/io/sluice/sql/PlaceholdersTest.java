package io.sluice.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class PlaceholdersTest {
    private static String pg(String sql) {
        return Placeholders.parse(sql, SqlDialect.POSTGRESQL, true).sql();
    }

    private static String my(String sql) {
        return Placeholders.parse(sql, SqlDialect.MYSQL, true).sql();
    }

    @Test
    void shouldNumberPlaceholdersForPostgres() {
        assertEquals("SELECT $1, $2 FROM t WHERE a = $3", pg("SELECT ?, ? FROM t WHERE a = ?"));
    }

    @Test
    void shouldLeaveJsonbOperatorsAndUnescapeDoubledQuestionMark() {
        assertEquals(
                "SELECT j ? 'k', j ?| array['a'], j ?& array['b'] FROM t WHERE x = $1",
                pg("SELECT j ?? 'k', j ?| array['a'], j ?& array['b'] FROM t WHERE x = ?"));
        assertEquals("SELECT $1|| 'x'", pg("SELECT ?|| 'x'"));
    }

    @Test
    void shouldSkipPostgresLiteralsAndComments() {
        String sql = "SELECT '?', E'\\'?', $$?$$, $q$ ? $q$, \"?\", a$b, $1 -- ?\n /* ? /* ? */ ? */ FROM t";
        assertEquals(sql, pg(sql));
    }

    @Test
    void shouldKeepMysqlPlaceholdersAndSkipItsLiterals() {
        String sql = "SELECT ?, '\\'?', \"?\", `?` # ?\n, 1--1 -- ?\n /* ? */";
        assertEquals(sql, my(sql));
        assertEquals(1, Placeholders.parse(sql, SqlDialect.MYSQL, true).parameterCount());
    }

    @Test
    void shouldSplitStatementsAtTopLevelSemicolons() {
        ParsedSql p =
                Placeholders.parse("INSERT INTO t VALUES (?); ; SELECT ';', ? /* ; */;", SqlDialect.POSTGRESQL, true);
        assertEquals(
                List.of(
                        new ParsedSql.Statement("INSERT INTO t VALUES ($1)", 1),
                        new ParsedSql.Statement(" SELECT ';', $1 /* ; */", 1)),
                p.statements());
        assertEquals(2, p.parameterCount());
    }

    @Test
    void shouldRewriteJdbcEscapesForPostgres() {
        assertEquals(
                "SELECT DATE '2024-01-02', TIME '10:00:00', TIMESTAMP '2024-01-02 10:00:00'",
                pg("SELECT {d '2024-01-02'}, {t '10:00:00'}, {ts '2024-01-02 10:00:00'}"));
        assertEquals(
                "SELECT upper((a||$1)) FROM x LEFT JOIN y ON x.id = y.id WHERE s LIKE 'a!%' ESCAPE '!'",
                pg(
                        "SELECT {fn ucase({fn concat(a, ?)})} FROM {oj x LEFT JOIN y ON x.id = y.id} WHERE s LIKE 'a!%' {escape '!'}"));
        assertEquals("SELECT * FROM f($1)", pg("{call f(?)}"));
        assertEquals("CALL p(?)", my("{call p(?)}"));
        assertEquals("SELECT '{d x}'", pg("SELECT '{d x}'"));
    }

    @Test
    void shouldRefuseUnknownAndUnclosedEscapes() {
        assertThrows(SqlSyntaxException.class, () -> pg("SELECT {nope 1}"));
        assertThrows(SqlSyntaxException.class, () -> pg("SELECT {fn now()"));
        assertThrows(SqlSyntaxException.class, () -> pg("{? = call f(?)}"));
    }

    @Test
    void shouldLeaveEscapesAloneWhenProcessingIsOff() {
        assertEquals(
                "SELECT {d '2024-01-02'}",
                Placeholders.parse("SELECT {d '2024-01-02'}", SqlDialect.POSTGRESQL, false)
                        .sql());
    }
}
