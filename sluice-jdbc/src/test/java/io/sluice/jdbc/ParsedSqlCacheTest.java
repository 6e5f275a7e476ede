package io.sluice.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.sql.ParsedSql;
import io.sluice.sql.SqlDialect;
import org.junit.jupiter.api.Test;

class ParsedSqlCacheTest {
    private final ParsedSqlCache cache = new ParsedSqlCache(SqlDialect.POSTGRESQL);

    @Test
    void shouldLexEachTextOnceAndTranslateAsTheLexerDoes() {
        ParsedSql first = cache.parse("SELECT * FROM t WHERE a = ? AND b = '?'");
        assertThat(cache.parse(new String("SELECT * FROM t WHERE a = ? AND b = '?'")))
                .isSameAs(first);
        assertThat(first.parameterCount()).isEqualTo(1);
        assertThat(first.statements().get(0).sql()).isEqualTo("SELECT * FROM t WHERE a = $1 AND b = '?'");
    }

    @Test
    void shouldDropTheLeastRecentlyUsedTextBeyondItsSize() {
        ParsedSql kept = cache.parse("SELECT 0");
        ParsedSql dropped = cache.parse("SELECT 1");
        for (int i = 2; i <= ParsedSqlCache.ENTRIES; i++) {
            cache.parse("SELECT " + i);
            cache.parse("SELECT 0"); // recently used: stays
        }
        assertThat(cache.parse("SELECT 0")).isSameAs(kept);
        assertThat(cache.parse("SELECT 1")).isNotSameAs(dropped).isEqualTo(dropped);
    }

    @Test
    void shouldNotKeepLongTexts() {
        String sql = "SELECT '" + "x".repeat(ParsedSqlCache.MAX_SQL_LENGTH) + "'";
        assertThat(cache.parse(sql)).isNotSameAs(cache.parse(sql));
    }
}
