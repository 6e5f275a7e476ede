package io.sluice.jdbc;

import io.sluice.sql.ParsedSql;
import io.sluice.sql.Placeholders;
import io.sluice.sql.SqlDialect;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The lexed form of the SQL texts a connection sees, least recently used dropped first. Frameworks
 * prepare the same few statements for every unit of work (Hibernate, Spring, MyBatis make a new
 * {@code PreparedStatement} each time), so each text is lexed once per connection rather than per
 * execution, as pgjdbc's query cache does. Long texts (generated bulk SQL) are lexed every time:
 * keeping them would hold memory for texts that rarely come back.
 */
final class ParsedSqlCache {
    /** Texts kept per connection. */
    static final int ENTRIES = 256;
    /** Longer texts are not kept. */
    static final int MAX_SQL_LENGTH = 4096;

    private final SqlDialect dialect;
    private final Map<String, ParsedSql> entries = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ParsedSql> eldest) {
            return size() > ENTRIES;
        }
    };

    ParsedSqlCache(SqlDialect dialect) {
        this.dialect = dialect;
    }

    /**
     * The SQL with JDBC escapes translated and its placeholders found (see {@link Placeholders#parse}).
     *
     * @throws io.sluice.sql.SqlSyntaxException for an unknown or unclosed escape
     */
    ParsedSql parse(String sql) {
        if (sql.length() > MAX_SQL_LENGTH) {
            return Placeholders.parse(sql, dialect, true);
        }
        synchronized (entries) {
            ParsedSql hit = entries.get(sql);
            if (hit != null) {
                return hit;
            }
        }
        ParsedSql parsed = Placeholders.parse(sql, dialect, true); // outside the lock: lexing is the slow part
        synchronized (entries) {
            entries.put(sql, parsed);
        }
        return parsed;
    }
}
