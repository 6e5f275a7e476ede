package io.sluice.postgres.internal;

import io.sluice.Column;
import io.sluice.ConnectionException;
import io.sluice.PreparedStatement;
import io.sluice.RowHandler;
import io.sluice.RowMapper;
import io.sluice.RowStream;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.postgres.internal.protocol.FrontendMessage;
import io.sluice.sql.NativeSql;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A statement prepared on the server at {@code prepare()} time (Parse with unspecified parameter
 * types, then Describe, so its columns are known at once). Executions whose parameter types match
 * what the server inferred reuse it; other Java parameter types get their own server-side statement
 * (PostgreSQL needs the declared type to read a binary parameter). None of these count against the
 * connection's statement cache; {@link #close()} releases them all.
 */
final class PgPreparedStatement implements PreparedStatement, StatementRegistry {
    private final PgConnection connection;
    private final String sql;
    private final NativeSql nativeSql;
    private final String baseName;
    private final Map<StatementCache.Key, PgStatement> statements = new HashMap<>(); // guarded by the write lock
    private int counter;
    private List<Column> columns = List.of();
    private volatile boolean closed;

    private PgPreparedStatement(PgConnection connection, NativeSql nativeSql, String baseName) {
        this.connection = connection;
        this.nativeSql = nativeSql;
        this.sql = nativeSql.sql();
        this.baseName = baseName;
    }

    static PgPreparedStatement prepare(PgConnection connection, NativeSql nativeSql, String name) {
        PgPreparedStatement ps = new PgPreparedStatement(connection, nativeSql, name);
        String sql = nativeSql.sql();
        PgStatement st = new PgStatement(ps.nextName(), sql, new int[0]);
        int[][] inferred = new int[1][];
        QueryHandler h = new QueryHandler() {
            @Override
            void parameterDescription(int[] typeOids) {
                inferred[0] = typeOids;
            }
        };
        h.describing = st;
        h.expect(1, 1, 0, 0, 0);
        connection
                .session()
                .execute(
                        connection,
                        out -> {
                            FrontendEncoder.parse(out, st.name, sql, new int[0]);
                            FrontendEncoder.describe(out, FrontendMessage.STATEMENT, st.name);
                            FrontendEncoder.sync(out);
                        },
                        h);
        int n = inferred[0] == null ? 0 : inferred[0].length;
        ps.statements.put(new StatementCache.Key(sql, new int[n]), st);
        ps.columns = st.resultLayout() == null ? List.of() : st.resultLayout().columns();
        return ps;
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public <T> List<T> query(RowMapper<T> mapper, Object... params) {
        CollectingHandler<T> h = new CollectingHandler<>(mapper, new ArrayList<>());
        connection.run(open(), sql, nativeSql.bind(params), 0, h);
        return h.results;
    }

    @Override
    public void forEach(RowHandler handler, Object... params) {
        connection.run(open(), sql, nativeSql.bind(params), 0, new ForEachHandler(handler));
    }

    @Override
    public RowStream stream(int fetchSize, Object... params) {
        Object[] bound = connection.bindTypes(nativeSql.bind(params));
        if (PgTracing.observed(connection.session())) {
            return PgTracing.start(connection.session(), sql)
                    .observe(() -> new PgRowStream(connection.session(), open(), sql, fetchSize, bound));
        }
        return new PgRowStream(connection.session(), open(), sql, fetchSize, bound);
    }

    @Override
    public long execute(Object... params) {
        QueryHandler h = new QueryHandler();
        connection.run(open(), sql, nativeSql.bind(params), 0, h);
        return h.affected;
    }

    @Override
    public long[] executeBatch(List<Object[]> parameterSets) {
        return connection.batch(open(), sql, nativeSql.bindAll(parameterSets));
    }

    private PgPreparedStatement open() {
        if (closed) {
            throw new ConnectionException("prepared statement is closed: sql=" + sql);
        }
        return this;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        PgSession session = connection.session();
        session.lockWrite(this);
        try {
            for (PgStatement st : statements.values()) {
                session.queueClose(st.name);
            }
            statements.clear();
        } finally {
            session.unlockWrite();
        }
    }

    @Override
    public PgStatement get(Object key) {
        return statements.get(key);
    }

    @Override
    public List<PgStatement> put(StatementCache.Key key, PgStatement statement) {
        statements.put(key, statement);
        return List.of();
    }

    @Override
    public String nextName() {
        return baseName + "_" + (counter++);
    }

    @Override
    public void remove(PgStatement statement) {
        statements.values().remove(statement);
    }
}
