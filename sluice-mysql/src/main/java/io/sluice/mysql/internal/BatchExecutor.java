package io.sluice.mysql.internal;

import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.mysql.internal.codec.BulkExecuteEncoder;
import io.sluice.mysql.internal.codec.ParameterEncoder;
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
 */
final class BatchExecutor {
    /** Bounded so that the server's replies never fill the socket buffers while the client still writes. */
    private static final int CHUNK = 512;
    /** Payload bytes per COM_STMT_BULK_EXECUTE: well under the server's default max_allowed_packet (16 MiB). */
    static final int BULK_BYTES = 1 << 20;

    private BatchExecutor() {}

    static long[] run(MysqlConnection c, PreparedInfo info, List<Object[]> sets, boolean inTransaction) {
        long[] counts = new long[sets.size()];
        if (sets.isEmpty()) {
            return counts;
        }
        boolean bulk = info.paramCount > 0 && (c.capabilities() & Capabilities.MARIADB_CLIENT_STMT_BULK_OPERATIONS) != 0
                && SingleRowInsert.matches(info.sql);
        if (!inTransaction) {
            c.writeQueryForBatch("START TRANSACTION");
            c.readPipelined(1);
        }
        ServerException failure = null;
        try {
            failure = bulk ? runBulk(c, info, sets, counts) : runPipelined(c, info, sets, counts);
        } catch (RuntimeException e) {
            c.writer().discard();
            if (!inTransaction) {
                rollbackQuietly(c);
            }
            throw e;
        }
        if (!inTransaction) {
            c.writeQueryForBatch(failure == null ? "COMMIT" : "ROLLBACK");
            c.readPipelined(1);
        }
        if (failure != null) {
            throw failure;
        }
        return counts;
    }

    /** COM_STMT_EXECUTE per set, {@value #CHUNK} written before their replies are read; the first server error, if any. */
    private static ServerException runPipelined(MysqlConnection c, PreparedInfo info, List<Object[]> sets, long[] counts) {
        ServerException failure = null;
        for (int from = 0; from < sets.size(); from += CHUNK) {
            int to = Math.min(sets.size(), from + CHUNK);
            for (int i = from; i < to; i++) {
                ParameterEncoder.writeExecute(c.writer(), info.id, Commands.CURSOR_TYPE_NO_CURSOR, info.paramCount, sets.get(i));
            }
            c.writer().flush();
            for (int i = from; i < to; i++) {
                c.reader().expectSequence(1);
                ResultCursor r = new ResultCursor(c, c.reader(), c.capabilities(), info);
                try {
                    r.drain();
                    counts[i] = r.affectedRows();
                } catch (ServerException e) {
                    failure = failure == null ? e : failure;
                    counts[i] = -1;
                }
            }
            if (failure != null) {
                break;
            }
        }
        return failure;
    }

    /** COM_STMT_BULK_EXECUTE commands, one at a time; the server error that stopped them, if any. */
    private static ServerException runBulk(MysqlConnection c, PreparedInfo info, List<Object[]> sets, long[] counts) {
        int from = 0;
        while (from < sets.size()) {
            int to = BulkExecuteEncoder.writeBulk(c.writer(), info.id, info.paramCount, sets, from, BULK_BYTES);
            c.reader().expectSequence(c.writer().nextSequence());
            c.writer().flush();
            ResultCursor r = new ResultCursor(c, c.reader(), c.capabilities(), info);
            try {
                r.drain();
            } catch (ServerException e) {
                Arrays.fill(counts, from, counts.length, -1);
                return e;
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
            c.writeQueryForBatch("ROLLBACK");
            c.readPipelined(1);
        } catch (RuntimeException ignored) {
            // the original failure is what the caller needs
        }
    }
}
