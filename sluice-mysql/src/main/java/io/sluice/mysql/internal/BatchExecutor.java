package io.sluice.mysql.internal;

import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.mysql.internal.codec.ParameterEncoder;
import io.sluice.mysql.internal.protocol.BulkExecuteEncoder;
import io.sluice.mysql.internal.protocol.Capabilities;
import io.sluice.mysql.internal.protocol.Commands;
import java.util.Arrays;
import java.util.List;

/**
 * Runs one prepared statement for many parameter sets. On MariaDB, a single-row INSERT
 * ({@link SingleRowInsert}) goes out as COM_STMT_BULK_EXECUTE commands of up to {@value #BULK_BYTES}
 * bytes, which the server executes as an array (its reply is one OK with the total count, and such an
 * INSERT affects one row per set). Otherwise the batch is pipelined: a chunk of COM_STMT_EXECUTE packets
 * is written with one flush, then their OK/ERR responses are read in order. Outside a transaction the
 * batch is wrapped in START TRANSACTION ... COMMIT so that it is atomic.
 *
 * <p>A server error is thrown as a {@link ServerException} that says which parameter set failed and
 * what stayed done: field {@code batch_index} (0-based) when the server's reply names the set (a
 * pipelined batch), and a {@code where} text in every case. A failed bulk command is undone by the
 * server as one statement and does not say which of its sets failed, so {@code where} gives its range.
 * Inside the caller's transaction, the sets before the failure stay done, and so do pipelined sets
 * after it that were already sent and succeeded (MySQL runs every command it receives): {@code where}
 * counts them, so that nothing is applied without the caller being told.
 */
final class BatchExecutor {
    /** Bounded so that the server's replies never fill the socket buffers while the client still writes. */
    private static final int CHUNK = 512;
    /** Payload bytes per COM_STMT_BULK_EXECUTE: well under the server's default max_allowed_packet (16 MiB). */
    static final int BULK_BYTES = 1 << 20;

    private BatchExecutor() {}

    static long[] run(MysqlConnection c, PreparedInfo info, List<Object[]> sets, boolean inTransaction) {
        return run(c, info, sets, inTransaction, null);
    }

    /**
     * {@link #run(MysqlConnection, PreparedInfo, List, boolean)} recording each set's last insert id in
     * {@code firstIds} if not null; then every set gets a reply of its own (no bulk command).
     */
    static long[] run(
            MysqlConnection c, PreparedInfo info, List<Object[]> sets, boolean inTransaction, long[] firstIds) {
        long[] counts = new long[sets.size()];
        if (sets.isEmpty()) {
            return counts;
        }
        boolean bulk = firstIds == null
                && info.paramCount > 0
                && (c.capabilities() & Capabilities.MARIADB_CLIENT_STMT_BULK_OPERATIONS) != 0
                && SingleRowInsert.matches(info.sql);
        if (!inTransaction) {
            c.writeQuery("START TRANSACTION");
            c.readPipelined(1);
        }
        ServerException failure = null;
        try {
            failure = bulk
                    ? runBulk(c, info, sets, counts, inTransaction)
                    : runPipelined(c, info, sets, counts, inTransaction, firstIds);
        } catch (RuntimeException e) {
            c.writer().discard();
            if (!inTransaction) {
                rollbackQuietly(c);
            }
            throw e;
        }
        if (!inTransaction) {
            c.writeQuery(failure == null ? "COMMIT" : "ROLLBACK");
            c.readPipelined(1);
        }
        if (failure != null) {
            throw failure;
        }
        return counts;
    }

    /** {@code e} with {@code where} (and {@code batch_index} when known) added to the server's fields. */
    private static ServerException located(ServerException e, int index, String where) {
        java.util.Map<String, String> fields = new java.util.LinkedHashMap<>(e.fields());
        if (index >= 0) {
            fields.put("batch_index", Integer.toString(index));
        }
        fields.put("where", where);
        return new ServerException(new io.sluice.ServerMessage(fields));
    }

    private static String notSent(int count) {
        return count > 0 ? "; the " + count + " sets after those were not sent" : "";
    }

    /** What a failure left done: nothing outside a transaction (rolled back), else {@code done} sets in the caller's transaction. */
    private static String outcome(boolean inTransaction, int done) {
        return inTransaction
                ? done + " sets that succeeded remain done in the transaction"
                : "the whole batch was rolled back";
    }

    /**
     * COM_STMT_EXECUTE per set, {@value #CHUNK} written before their replies are read; the first server
     * error, if any, located. The rest of a failed set's chunk was already sent: its replies are read
     * and counted, and no further chunk is sent.
     */
    private static ServerException runPipelined(
            MysqlConnection c,
            PreparedInfo info,
            List<Object[]> sets,
            long[] counts,
            boolean inTransaction,
            long[] firstIds) {
        ServerException failure = null;
        int failedAt = -1;
        int ranAfter = 0;
        int failedAfter = 0;
        for (int from = 0; from < sets.size(); from += CHUNK) {
            int to = Math.min(sets.size(), from + CHUNK);
            for (int i = from; i < to; i++) {
                ParameterEncoder.writeExecute(
                        c.writer(), info.id, Commands.CURSOR_TYPE_NO_CURSOR, info.paramCount, sets.get(i));
            }
            c.writer().flush();
            for (int i = from; i < to; i++) {
                c.reader().expectSequence(1);
                ResultCursor r = new ResultCursor(c, c.reader(), c.capabilities(), info);
                try {
                    r.drain();
                    counts[i] = r.affectedRows();
                    if (firstIds != null) {
                        firstIds[i] = c.lastInsertId();
                    }
                    if (failure != null) {
                        ranAfter++;
                    }
                } catch (ServerException e) {
                    if (failure == null) {
                        failure = e;
                        failedAt = i;
                    } else {
                        failedAfter++;
                    }
                }
            }
            if (failure != null) {
                int sentAfter = to - failedAt - 1;
                String where = "executeBatch: parameter set " + failedAt + " (0-based) of " + sets.size() + " failed"
                        + (sentAfter > 0
                                ? "; the " + sentAfter + " sets after it were already sent: " + ranAfter
                                        + " succeeded, " + failedAfter + " failed"
                                : "")
                        + notSent(sets.size() - to) + "; " + outcome(inTransaction, failedAt + ranAfter);
                return located(failure, failedAt, where);
            }
        }
        return null;
    }

    /** COM_STMT_BULK_EXECUTE commands, one at a time; the server error that stopped them, if any, located. */
    private static ServerException runBulk(
            MysqlConnection c, PreparedInfo info, List<Object[]> sets, long[] counts, boolean inTransaction) {
        int from = 0;
        while (from < sets.size()) {
            int to = BulkExecuteEncoder.writeBulk(c.writer(), info.id, info.paramCount, sets, from, BULK_BYTES);
            c.reader().expectSequence(c.writer().nextSequence());
            c.writer().flush();
            ResultCursor r = new ResultCursor(c, c.reader(), c.capabilities(), info);
            try {
                r.drain();
            } catch (ServerException e) {
                String where =
                        "executeBatch: one of parameter sets " + from + ".." + (to - 1) + " (0-based) of " + sets.size()
                                + " failed (one bulk command: the server undid all of it and does not say which set)"
                                + notSent(sets.size() - to) + "; " + outcome(inTransaction, from);
                return located(e, -1, where);
            }
            if (r.affectedRows() != to - from) {
                throw new SluiceException("bulk INSERT reported another count than one row per set: sets=" + (to - from)
                        + ", affected=" + r.affectedRows() + ", sql=" + info.sql);
            }
            Arrays.fill(counts, from, to, 1);
            from = to;
        }
        return null;
    }

    private static void rollbackQuietly(MysqlConnection c) {
        try {
            c.writeQuery("ROLLBACK");
            c.readPipelined(1);
        } catch (RuntimeException ignored) {
            // the original failure is what the caller needs
        }
    }
}
