package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueryInfoTest {
    private static final ServerAddress SERVER = new ServerAddress("db", 5432);

    private static QueryInfo pg(String sql) {
        return new QueryInfo("postgresql", SERVER, "app", sql);
    }

    private static QueryInfo my(String sql) {
        return new QueryInfo("mysql", SERVER, "app", sql);
    }

    @Test
    void shouldSummariseOperationAndFirstTableWhenStatementIsPlain() {
        assertThat(pg("SELECT a, b FROM orders o JOIN lines l ON l.o = o.id WHERE o.id = $1")
                        .summary())
                .isEqualTo("SELECT orders");
        assertThat(pg("  insert into public.items (a) values ($1)").summary()).isEqualTo("INSERT public.items");
        assertThat(pg("UPDATE ONLY \"Mixed\" SET x = 1").summary()).isEqualTo("UPDATE \"Mixed\"");
        assertThat(pg("delete from t where id = 3").summary()).isEqualTo("DELETE t");
        assertThat(pg("BEGIN").summary()).isEqualTo("BEGIN");
        assertThat(my("START TRANSACTION").operation()).isEqualTo("BEGIN");
        assertThat(pg("start transaction isolation level serializable").summary())
                .isEqualTo("BEGIN");
        assertThat(pg("START REPLICATION SLOT s").operation()).isEqualTo("START");
        assertThat(pg("SELECT 1").summary()).isEqualTo("SELECT");
        assertThat(my("SELECT * FROM `db`.`t` WHERE x = ?").summary()).isEqualTo("SELECT `db`.`t`");
    }

    @Test
    void shouldLookPastCommentsSubqueriesAndCtesWhenSummarising() {
        assertThat(pg("/* app=x */ -- note\n select (select max(id) from inner_t) from outer_t")
                        .summary())
                .isEqualTo("SELECT outer_t");
        assertThat(pg("WITH recent AS (SELECT * FROM events) DELETE FROM archive USING recent")
                        .summary())
                .isEqualTo("DELETE archive");
        assertThat(pg("SELECT * FROM (SELECT 1) sub").summary()).isEqualTo("SELECT");
        assertThat(pg("SELECT 'FROM x' FROM real_t").collection()).isEqualTo("real_t");
    }

    @Test
    void shouldGiveNullWhenTextHasNoKeyword() {
        assertThat(pg("").operation()).isNull();
        assertThat(pg("  -- only a comment").summary()).isNull();
        assertThat(pg("'unterminated").operation()).isNull();
        assertThat(pg("(((").collection()).isNull();
    }

    @Test
    void shouldReplaceEveryLiteralWhenSanitising() {
        assertThat(pg("SELECT * FROM t WHERE name = 'O''Brien' AND n IN (1, 2.5, 3e-4) AND id = $1")
                        .sanitizedSql())
                .isEqualTo("SELECT * FROM t WHERE name = ? AND n IN (?, ?, ?) AND id = $1");
        assertThat(pg("SELECT E'a\\'b', $$secret$$, $tag$x$y$tag$, \"col1\" FROM t2 -- pw 'x'")
                        .sanitizedSql())
                .isEqualTo("SELECT ?, ?, ?, \"col1\" FROM t2");
        assertThat(my("SELECT \"secret\", 'a\\'b', `c1` FROM t /* 42 */ WHERE x = ? # 7")
                        .sanitizedSql())
                .isEqualTo("SELECT ?, ?, `c1` FROM t WHERE x = ?");
    }

    @Test
    void shouldKeepSqlAndDerivedFormsApartWhenAskedTwice() {
        QueryInfo q = pg("SELECT * FROM t WHERE id = 7");
        assertThat(q.sanitizedSql()).isSameAs(q.sanitizedSql());
        assertThat(q.sql()).isEqualTo("SELECT * FROM t WHERE id = 7");
        assertThat(q.system()).isEqualTo("postgresql");
        assertThat(q.database()).isEqualTo("app");
        assertThat(q.server()).isEqualTo(SERVER);
    }
}
