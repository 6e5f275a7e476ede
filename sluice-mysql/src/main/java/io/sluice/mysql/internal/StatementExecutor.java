package io.sluice.mysql.internal;

import static io.sluice.mysql.internal.protocol.Commands.*;

import io.sluice.Column;
import io.sluice.ParameterException;
import io.sluice.ProtocolException;
import io.sluice.ServerException;
import io.sluice.mysql.internal.codec.ParameterEncoder;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.PacketReader;
import io.sluice.mysql.internal.protocol.PacketWriter;
import io.sluice.mysql.internal.protocol.Payload;
import io.sluice.mysql.internal.protocol.ServerPackets;
import java.util.List;

/**
 * How a statement reaches the server: the statement cache, COM_STMT_PREPARE (pipelined with the first
 * execute on MariaDB), COM_STMT_EXECUTE, COM_STMT_RESET (closing a cursor) and COM_STMT_CLOSE, with the
 * text protocol as the fallback for SQL the server cannot prepare. Used under the connection's lock.
 */
final class StatementExecutor {
    private final MysqlConnection connection;
    private final PacketReader reader;
    private final PacketWriter writer;
    private final long capabilities;
    private final boolean mariaDb;
    final StatementCache cache;

    StatementExecutor(
            MysqlConnection connection,
            PacketReader reader,
            PacketWriter writer,
            long capabilities,
            boolean mariaDb,
            int cacheSize) {
        this.connection = connection;
        this.reader = reader;
        this.writer = writer;
        this.capabilities = capabilities;
        this.mariaDb = mariaDb;
        this.cache = new StatementCache(cacheSize, this::queueClose);
    }

    /** Prepares {@code sql} on the server (COM_STMT_PREPARE), reading its parameter and column definitions. */
    PreparedInfo prepareOnServer(String sql) {
        writer.command(COM_STMT_PREPARE).restString(sql).end();
        reader.expectSequence(writer.nextSequence());
        writer.flush();
        return readPrepareResponse(sql);
    }

    /** Reads a COM_STMT_PREPARE response (https://mariadb.com/kb/en/com_stmt_prepare/#response). */
    private PreparedInfo readPrepareResponse(String sql) {
        Payload p = reader.next();
        if (p.header() == ERR_HEADER) {
            throw new ServerException(ServerPackets.decodeError(p));
        }
        if (p.header() != OK_HEADER || p.length() != PREPARE_OK_LENGTH) {
            throw new ProtocolException("unexpected COM_STMT_PREPARE response: header=" + p.header() + ", length="
                    + p.length() + ", expected length=" + PREPARE_OK_LENGTH);
        }
        p.skip(1);
        int id = p.readInt4();
        int columnCount = p.readInt2();
        int paramCount = p.readInt2();
        PreparedInfo info = new PreparedInfo(sql, id, paramCount);
        boolean deprecateEof =
                (capabilities & io.sluice.mysql.internal.protocol.Capabilities.CLIENT_DEPRECATE_EOF) != 0;
        for (int i = 0; i < paramCount; i++) {
            ColumnDefinition.decode(reader.next(), extendedTypeInfo()); // checked for shape, not kept
        }
        if (paramCount > 0 && !deprecateEof) {
            readEof();
        }
        if (columnCount > 0) {
            ColumnDefinition[] defs = new ColumnDefinition[columnCount];
            byte[][] raw = new byte[columnCount][];
            for (int i = 0; i < columnCount; i++) {
                Payload d = reader.next();
                raw[i] = java.util.Arrays.copyOfRange(d.buffer(), d.start(), d.end());
                defs[i] = ColumnDefinition.decode(d, extendedTypeInfo());
            }
            if (!deprecateEof) {
                readEof();
            }
            List<Column> columns =
                    java.util.Arrays.stream(defs).map(ColumnDefinition::column).toList();
            info.metadata = new PreparedInfo.ResultMetadata(
                    defs,
                    columns,
                    raw,
                    new io.sluice.mysql.internal.codec.MysqlRow(defs, columns, connection.zeroDateAsNull()));
        }
        return info;
    }

    private boolean extendedTypeInfo() {
        return (capabilities & io.sluice.mysql.internal.protocol.Capabilities.MARIADB_CLIENT_EXTENDED_TYPE_INFO) != 0;
    }

    /** COM_STMT_PREPARE_OK: header, statement id, columns, parameters, reserved, warnings. */
    private static final int PREPARE_OK_LENGTH = 12;

    private void readEof() {
        Payload eof = reader.next();
        if (eof.header() != EOF_HEADER) {
            throw new ProtocolException("expected EOF after definitions: header=" + eof.header());
        }
        ServerPackets.decodeEof(eof, new ServerPackets.OkPacket());
    }

    /** Queues COM_STMT_CLOSE (no response) to go out with the next command. */
    void queueClose(PreparedInfo info) {
        if (info.id >= 0 && !info.closed && !connection.isClosed()) {
            info.closed = true;
            writer.command(COM_STMT_CLOSE).int4(info.id).end();
        }
    }

    /** The cached statement for {@code sql}, prepared now if new; {@link PreparedInfo#TEXT_ONLY} if the server cannot prepare it. */
    PreparedInfo statementFor(String sql, int paramCount) {
        PreparedInfo info = cache.get(sql);
        if (info != null) {
            return info;
        }
        try {
            info = prepareOnServer(sql);
        } catch (ServerException e) {
            if (ServerPackets.errorCode(e.serverMessage()) == ER_UNSUPPORTED_PS && paramCount == 0) {
                cache.put(sql, PreparedInfo.TEXT_ONLY);
                return PreparedInfo.TEXT_ONLY;
            }
            throw e;
        }
        cache.put(sql, info);
        return info;
    }

    /** Starts ad-hoc {@code sql}: binary protocol through the cache, text protocol when it cannot be prepared. */
    ResultCursor start(String sql, Object[] params, int cursorFlags) {
        if (params.length == 0) {
            if (!cache.enabled()) {
                return connection.sendText(sql); // statement_cache_size=0: never prepare automatically
            }
            if (cursorFlags == CURSOR_TYPE_NO_CURSOR
                    && sql.indexOf(';') < 0
                    && cache.get(sql) == null
                    && cache.runUnprepared(sql)) {
                // First uses of a parameterless text: COM_QUERY, prepared only if it keeps coming back
                // (StatementAdmission.UNPREPARED_USES). A text with ';' is prepared at once, so that it is one
                // statement on every use (COM_QUERY would run a multi-statement text the first time only).
                return connection.sendText(sql);
            }
        }
        if (mariaDb && cache.get(sql) == null) {
            return prepareAndExecute(sql, params, cursorFlags);
        }
        PreparedInfo info = statementFor(sql, params.length);
        if (info == PreparedInfo.TEXT_ONLY) {
            return connection.sendText(sql);
        }
        ResultCursor c = execute(info, params, cursorFlags);
        if (!cache.enabled()) {
            queueClose(info); // one-shot statement: closed with the next command
        }
        return c;
    }

    /**
     * Cache miss on MariaDB: COM_STMT_PREPARE and COM_STMT_EXECUTE for statement id 0xffffffff ("the
     * statement prepared just before", https://mariadb.com/kb/en/com_stmt_execute/) go out in one write,
     * so a new SQL text costs one round trip, not two.
     */
    private ResultCursor prepareAndExecute(String sql, Object[] params, int cursorFlags) {
        writer.command(COM_STMT_PREPARE).restString(sql).end();
        try {
            ParameterEncoder.writeExecute(writer, -1, cursorFlags, params.length, params);
        } catch (RuntimeException e) {
            writer.discard();
            throw e;
        }
        reader.expectSequence(1);
        writer.flush();
        PreparedInfo info;
        try {
            // Decoded here: with MARIADB_CLIENT_CACHE_METADATA the execute's response skips them.
            info = readPrepareResponse(sql);
        } catch (ServerException e) {
            reader.expectSequence(1);
            try {
                new ResultCursor(connection, reader, capabilities, null).drain(); // the execute's own error
            } catch (ServerException ignored) {
                // expected: the statement does not exist
            }
            if (ServerPackets.errorCode(e.serverMessage()) == ER_UNSUPPORTED_PS && params.length == 0) {
                cache.put(sql, PreparedInfo.TEXT_ONLY);
                return connection.sendText(sql);
            }
            throw e;
        }
        reader.expectSequence(1);
        ResultCursor c = new ResultCursor(connection, reader, capabilities, info);
        if (cache.enabled()) {
            cache.put(sql, info);
        } else {
            queueClose(info);
        }
        if (info.paramCount != params.length) {
            // The pipelined execute went out before the count was known: the server refuses it with a
            // bare "Incorrect arguments"; the count is the error the caller can act on.
            try {
                c.drain();
            } catch (ServerException expected) {
                // the execute's own refusal
            }
            throw new ParameterException(
                    "wrong number of parameters: expected=" + info.paramCount + ", given=" + params.length);
        }
        return c;
    }

    ResultCursor execute(PreparedInfo info, Object[] params, int cursorFlags) {
        try {
            ParameterEncoder.writeExecute(writer, info.id, cursorFlags, info.paramCount, params);
        } catch (RuntimeException e) {
            writer.discard();
            throw e;
        }
        reader.expectSequence(1);
        writer.flush();
        return new ResultCursor(connection, reader, capabilities, info);
    }

    /** Closes the open server cursor of {@code c} with COM_STMT_RESET (https://mariadb.com/kb/en/com_stmt_reset/). */
    void closeCursor(ResultCursor c) {
        writer.command(COM_STMT_RESET).int4(c.statementId()).end();
        reader.expectSequence(1);
        writer.flush();
        Payload p = reader.next();
        if (p.header() == ERR_HEADER) {
            throw new ServerException(ServerPackets.decodeError(p));
        }
        if (p.header() != OK_HEADER) {
            throw new ProtocolException("unexpected COM_STMT_RESET response: header=" + p.header());
        }
        ServerPackets.decodeOk(p, new ServerPackets.OkPacket());
    }
}
