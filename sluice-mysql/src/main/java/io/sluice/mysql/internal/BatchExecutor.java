package io.sluice.mysql.internal;

import io.sluice.ServerException;
import java.util.List;

/**
 * Runs one prepared statement for many parameter sets, pipelined: a chunk of COM_STMT_EXECUTE
 * packets is written with one flush, then their OK/ERR responses are read in order. Outside a
 * transaction the batch is wrapped in START TRANSACTION ... COMMIT so that it is atomic.
 */
final class BatchExecutor {
    /** Bounded so that the server's replies never fill the socket buffers while the client still writes. */
    private static final int CHUNK = 512;

    private BatchExecutor() {}

    static long[] run(MysqlConnection c, PreparedInfo info, List<Object[]> sets, boolean inTransaction) {
        long[] counts = new long[sets.size()];
        if (!inTransaction) {
            c.writeQueryForBatch("START TRANSACTION");
            c.readPipelined(1);
        }
        ServerException failure = null;
        try {
            for (int from = 0; from < sets.size(); from += CHUNK) {
                int to = Math.min(sets.size(), from + CHUNK);
                for (int i = from; i < to; i++) {
                    io.sluice.mysql.internal.codec.ParameterEncoder.writeExecute(c.writer(), info.id,
                            io.sluice.mysql.internal.protocol.Commands.CURSOR_TYPE_NO_CURSOR, info.paramCount, sets.get(i));
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

    private static void rollbackQuietly(MysqlConnection c) {
        try {
            c.writeQueryForBatch("ROLLBACK");
            c.readPipelined(1);
        } catch (RuntimeException ignored) {
            // the original failure is what the caller needs
        }
    }
}
