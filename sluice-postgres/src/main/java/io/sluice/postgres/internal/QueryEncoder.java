package io.sluice.postgres.internal;

import static io.sluice.postgres.internal.protocol.FrontendMessage.PORTAL;
import static io.sluice.postgres.internal.protocol.FrontendMessage.STATEMENT;

import io.sluice.postgres.internal.codec.ParamEncoder;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.util.List;
import java.util.Queue;
import java.util.function.Consumer;

/**
 * Chooses the messages of one extended-query request, under the write lock:
 *
 * <pre>
 *  first time (miss):        Parse(s) Describe(S s) Bind(text) Execute [Close evicted] Sync|Flush
 *  prepared, described:      Bind(binary where supported) Execute                    Sync|Flush
 *  prepared, answer pending: Bind(text) Describe(P) Execute                          Sync|Flush
 *  no cache:                 Parse("") Bind(text) Describe(P) Execute                Sync|Flush
 * </pre>
 *
 * The first execution gets text results in the same round trip as the Parse; every later one gets
 * binary results for the columns {@code PgTypes.binaryResultSupported} accepts. A BEGIN the
 * connection deferred ({@link DeferredBegin}) goes first, in the same Sync group:
 * {@code Parse("" BEGIN) Bind Execute}, answered by ParseComplete BindComplete CommandComplete.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-EXT-QUERY">Extended Query</a>
 */
final class QueryEncoder {
    private static final int[] NO_OIDS = new int[0];
    private static final Object[] NO_PARAMS = new Object[0];

    private QueryEncoder() {}

    /**
     * An encoder that renders its request through this class, which writes a deferred BEGIN ahead
     * of it; {@link PgSession#send} sends the BEGIN separately before any other encoder.
     */
    interface Request extends Consumer<PgWriteBuffer> {}

    static int[] paramOids(Object[] params) {
        if (params.length == 0) {
            return NO_OIDS;
        }
        int[] oids = new int[params.length];
        for (int i = 0; i < params.length; i++) {
            oids[i] = paramOid(params[i]);
        }
        return oids;
    }

    /** The type OID a parameter is sent with; 0 (unspecified) for null. */
    static int paramOid(Object param) {
        return param == null ? 0 : ParamEncoder.typeOid(param);
    }

    /**
     * Encodes Parse/Describe/Bind/Execute for one execution and points {@code h} at the statement
     * and layout. The registry is updated only after every message encoded, so a value the encoder
     * rejects leaves no trace.
     */
    static void encode(
            PgWriteBuffer out,
            PgSession session,
            StatementRegistry registry,
            String sql,
            Object[] params,
            int maxRows,
            boolean sync,
            QueryHandler h) {
        String begin = session.deferredBegin.take();
        try {
            int ahead = writeBegin(out, begin);
            List<PgStatement> evicted = List.of();
            int parses = prepareAndBind(out, session, registry, sql, params, h);
            FrontendEncoder.execute(out, "", maxRows);
            if (h.statement != null && !h.reused && registry != null) {
                evicted = registry.put(h.key, h.statement);
            }
            int closes = finish(out, session, evicted, sync);
            h.expect(parses + ahead, describes(h, parses), 1 + ahead, 1 + ahead, closes);
            h.beginAhead = ahead == 1;
            h.rowLimit = maxRows == 0 ? Long.MAX_VALUE : maxRows;
        } catch (RuntimeException | Error e) {
            session.deferredBegin.restore(begin); // the writer drops what was encoded: nothing was sent
            throw e;
        }
    }

    /** Writes the deferred BEGIN, if any, on the unnamed statement and portal; returns 1 if written. */
    private static int writeBegin(PgWriteBuffer out, String begin) {
        if (begin == null) {
            return 0;
        }
        FrontendEncoder.parse(out, "", begin, NO_OIDS);
        FrontendEncoder.bind(out, "", "", NO_PARAMS, null);
        FrontendEncoder.execute(out, "", 0);
        return 1;
    }

    /** Encodes one Bind+Execute per parameter set, after a Parse+Describe when the statement is new. */
    static void encodeBatch(
            PgWriteBuffer out,
            PgSession session,
            StatementRegistry registry,
            String sql,
            List<Object[]> parameterSets,
            QueryHandler h) {
        Object[] first = parameterSets.get(0);
        String begin = session.deferredBegin.take();
        try {
            int ahead = writeBegin(out, begin);
            int parses = prepareAndBind(out, session, registry, sql, first, h);
            FrontendEncoder.execute(out, "", 0);
            String name = h.statement == null ? "" : h.statement.name;
            // Every set's rows (RETURNING) are decoded with the first set's layout: same result formats.
            short[] resultFormats = h.layoutKnown ? h.statement.resultFormats() : null;
            for (int i = 1; i < parameterSets.size(); i++) {
                Object[] params = parameterSets.get(i);
                if (params.length != first.length) {
                    throw new IllegalArgumentException("batch parameter sets differ in size: first=" + first.length
                            + ", index=" + i + ", size=" + params.length);
                }
                FrontendEncoder.bind(out, "", name, params, resultFormats);
                FrontendEncoder.execute(out, "", 0);
            }
            List<PgStatement> evicted = List.of();
            if (h.statement != null && !h.reused && registry != null) {
                evicted = registry.put(h.key, h.statement);
            }
            int closes = finish(out, session, evicted, true);
            int executions = parameterSets.size() + ahead;
            h.expect(parses + ahead, describes(h, parses), executions, executions, closes);
            h.beginAhead = ahead == 1;
        } catch (RuntimeException | Error e) {
            session.deferredBegin.restore(begin);
            throw e;
        }
    }

    /**
     * Describe messages written by {@link #prepareAndBind}: none for a described statement, one
     * otherwise (of the new statement, of the portal of the unnamed one or of one still in flight).
     */
    private static int describes(QueryHandler h, int parses) {
        return parses == 0 && h.reused && h.layoutKnown ? 0 : 1;
    }

    /** Encodes Parse (when needed) and Bind; returns the number of Parse messages written. */
    private static int prepareAndBind(
            PgWriteBuffer out,
            PgSession session,
            StatementRegistry registry,
            String sql,
            Object[] params,
            QueryHandler h) {
        h.layoutKnown = false;
        if (registry == null) {
            bindUnnamed(out, sql, params);
            return 1;
        }
        // A hit allocates no key; h.key stays null then (see QueryHandler.key).
        StatementCache.Probe probe = session.keyProbe.set(sql, params);
        PgStatement st = registry.get(probe);
        h.key = null;
        h.registry = registry;
        if (st == null
                && params.length == 0
                && registry instanceof StatementCache cache
                && cache.runUnprepared(probe)) {
            // Prepared only when it keeps coming back: see StatementCache.runUnprepared.
            bindUnnamed(out, sql, params);
            return 1;
        }
        int parses = 0;
        if (st == null) {
            h.key = probe.toKey();
            st = new PgStatement(registry.nextName(), sql, h.key.paramOids());
            FrontendEncoder.parse(out, st.name, sql, h.key.paramOids());
            FrontendEncoder.describe(out, STATEMENT, st.name);
            FrontendEncoder.bind(out, "", st.name, params, null);
            h.describing = st;
            h.reused = false;
            parses = 1;
        } else if (st.described()) {
            FrontendEncoder.bind(out, "", st.name, params, st.resultFormats());
            h.layoutKnown = true;
            h.layout = st.resultLayout();
            if (h.layout != null) {
                h.row = st.row();
            }
            h.reused = true;
        } else {
            // An earlier request's Parse is still in flight: its Describe answer is not here yet.
            FrontendEncoder.bind(out, "", st.name, params, null);
            FrontendEncoder.describe(out, PORTAL, "");
            h.reused = true;
        }
        h.statement = st;
        return parses;
    }

    /** The unnamed statement and portal, text results: nothing to prepare, cache or close. */
    private static void bindUnnamed(PgWriteBuffer out, String sql, Object[] params) {
        FrontendEncoder.parse(out, "", sql, paramOids(params));
        FrontendEncoder.bind(out, "", "", params, null);
        FrontendEncoder.describe(out, PORTAL, "");
    }

    /** Writes the Close messages and Sync (or Flush); returns the number of Close messages. */
    private static int finish(PgWriteBuffer out, PgSession session, List<PgStatement> evicted, boolean sync) {
        for (PgStatement e : evicted) {
            FrontendEncoder.close(out, STATEMENT, e.name);
        }
        int closes = evicted.size() + appendQueuedCloses(out, session.closeQueue);
        if (sync) {
            FrontendEncoder.sync(out);
        } else {
            FrontendEncoder.flush(out);
        }
        return closes;
    }

    /**
     * Appends Close for every statement queued with {@link PgSession#queueClose}; call under the write
     * lock, before the request's Sync. Returns how many (the response then holds as many CloseComplete).
     */
    private static int appendQueuedCloses(PgWriteBuffer out, Queue<String> queue) {
        int n = 0;
        String name;
        while ((name = queue.poll()) != null) {
            FrontendEncoder.close(out, STATEMENT, name);
            n++;
        }
        return n;
    }
}
