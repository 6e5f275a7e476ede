package io.sluice.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoutineBodiesTest {
    private static List<String> split(String sql, SqlDialect dialect) {
        return Placeholders.parse(sql, dialect, true).statements().stream()
                .map(ParsedSql.Statement::sql)
                .toList();
    }

    @Test
    void shouldKeepAMysqlProcedureBodyWhole() {
        String sql = "CREATE PROCEDURE p(IN x INT)\nBEGIN\n  DECLARE y INT;\n  IF x > 0 THEN SET y = 1; END IF;\n"
                + "  BEGIN SELECT y; END;\nEND";
        assertEquals(List.of(sql), split(sql, SqlDialect.MYSQL));
    }

    @Test
    void shouldKeepMysqlRoutinesWithModifiersAndCommentsWhole() {
        for (String head : List.of(
                "CREATE OR REPLACE FUNCTION",
                "/* x; */ -- y;\n create definer=`root`@`%` trigger",
                "CREATE DEFINER = 'a'@'localhost' EVENT",
                "CREATE DEFINER=root@localhost PROCEDURE",
                "CREATE DEFINER=CURRENT_USER() AGGREGATE FUNCTION",
                "CREATE DEFINER=CURRENT_USER PROCEDURE")) {
            String sql = head + " r BEGIN SELECT 1; SELECT 2; END";
            assertEquals(1, split(sql, SqlDialect.MYSQL).size(), head);
        }
        assertEquals(
                1,
                split("BEGIN NOT ATOMIC SELECT 1; SELECT 2; END", SqlDialect.MYSQL)
                        .size());
    }

    @Test
    void shouldStillSplitOtherMysqlStatements() {
        assertEquals(
                List.of("CREATE TABLE procedure_log (a INT)", " SELECT 1"),
                split("CREATE TABLE procedure_log (a INT); SELECT 1", SqlDialect.MYSQL));
        assertEquals(List.of("BEGIN", " SELECT 1"), split("BEGIN; SELECT 1", SqlDialect.MYSQL));
        assertEquals(
                List.of("CREATE DEFINER=x VIEW v AS SELECT 1", " SELECT 2"),
                split("CREATE DEFINER=x VIEW v AS SELECT 1; SELECT 2", SqlDialect.MYSQL));
    }

    @Test
    void shouldKeepAPostgresAtomicBodyWholeAndSplitAfterIt() {
        String create = "CREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE sql\nBEGIN ATOMIC\n"
                + "  SELECT CASE WHEN true THEN 1 ELSE 2 END;\n  SELECT 1;\nEND";
        assertEquals(List.of(create, " SELECT f()"), split(create + "; SELECT f()", SqlDialect.POSTGRESQL));
        String proc = "create procedure p() begin atomic insert into t values (1); end";
        assertEquals(List.of(proc), split(proc, SqlDialect.POSTGRESQL));
    }

    @Test
    void shouldSplitPostgresRoutinesWithoutAnAtomicBody() {
        String create = "CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql";
        assertEquals(List.of(create, " SELECT f()"), split(create + "; SELECT f()", SqlDialect.POSTGRESQL));
        assertEquals(List.of("BEGIN", " SELECT 1", " END"), split("BEGIN; SELECT 1; END", SqlDialect.POSTGRESQL));
        assertEquals(
                List.of("CREATE TABLE t (begin_atomic int)", " SELECT 1"),
                split("CREATE TABLE t (begin_atomic int); SELECT 1", SqlDialect.POSTGRESQL));
    }
}
