package io.sluice.mysql.internal;

import static io.sluice.mysql.internal.protocol.Capabilities.CLIENT_DEPRECATE_EOF;
import static io.sluice.mysql.internal.protocol.Capabilities.MARIADB_CLIENT_CACHE_METADATA;
import static io.sluice.mysql.internal.protocol.Capabilities.MARIADB_CLIENT_EXTENDED_TYPE_INFO;
import static io.sluice.mysql.internal.protocol.Commands.*;

import io.sluice.Column;
import io.sluice.ProtocolException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.mysql.internal.codec.MysqlRow;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.PacketDescriptor;
import io.sluice.mysql.internal.protocol.PacketReader;
import io.sluice.mysql.internal.protocol.Payload;
import io.sluice.mysql.internal.protocol.ServerPackets;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the response to one COM_QUERY or COM_STMT_EXECUTE incrementally, one row per
 * {@link #advance()}, across every result set of a multi-result response
 * (https://mariadb.com/kb/en/result-set-packets/):
 *
 * <pre>
 *  OK | ERR | LOCAL INFILE request
 *  | int<lenenc> column count, [int<1> metadata follows (MARIADB_CLIENT_CACHE_METADATA)],
 *    column definitions, [EOF unless CLIENT_DEPRECATE_EOF], rows..., OK/EOF (0xfe) | ERR
 *  ...repeated while SERVER_MORE_RESULTS_EXISTS is set
 * </pre>
 *
 * Rows are views into the reader's buffer, valid until the next {@code advance()}.
 */
final class ResultCursor {
    private final PacketReader reader;
    private final MysqlConnection connection;
    private final boolean binary;
    private final PreparedInfo statement;
    private final boolean deprecateEof;
    private final boolean cacheMetadata;
    private final boolean extendedTypeInfo;
    private final ServerPackets.OkPacket ok = new ServerPackets.OkPacket();
    private PreparedInfo.ResultMetadata metadata;
    private boolean inRows;
    private boolean done;
    private long affectedRows;
    private int status;
    /** Rows per COM_STMT_FETCH when the server opened a cursor; 0 when not fetching through a cursor. */
    private int fetchSize;

    private boolean cursorOpen;
    /** Set when a LOAD DATA LOCAL INFILE request was refused: thrown once the server has answered. */
    private SluiceException refusal;

    ResultCursor(MysqlConnection connection, PacketReader reader, long capabilities, PreparedInfo statement) {
        this.connection = connection;
        this.reader = reader;
        this.statement = statement;
        this.binary = statement != null;
        this.deprecateEof = (capabilities & CLIENT_DEPRECATE_EOF) != 0;
        this.cacheMetadata = (capabilities & MARIADB_CLIENT_CACHE_METADATA) != 0;
        this.extendedTypeInfo = (capabilities & MARIADB_CLIENT_EXTENDED_TYPE_INFO) != 0;
    }

    /** Reads rows through a server cursor, {@code rows} per COM_STMT_FETCH, when the execute opened one. */
    ResultCursor fetchSize(int rows) {
        this.fetchSize = rows;
        return this;
    }

    /** Moves to the next row of any result set; false when the whole response has been read. */
    boolean advance() {
        while (!done) {
            if (cursorOpen && !inRows) {
                fetch();
            }
            Payload p = reader.next();
            int h = p.header();
            if (inRows) {
                if (h == EOF_HEADER && p.length() < PacketDescriptor.MAX_PAYLOAD) {
                    endOfResult(p);
                    continue;
                }
                if (h == ERR_HEADER) {
                    throw error(p);
                }
                if (binary) {
                    metadata.row().bindBinary(p);
                } else {
                    metadata.row().bindText(p);
                }
                return true;
            }
            beginResult(p);
        }
        return false;
    }

    /**
     * Reads the packet that begins a result: an OK (a statement without rows), an ERR, a LOAD DATA LOCAL
     * INFILE request, or the column count of a result set, whose definitions follow.
     */
    private void beginResult(Payload p) {
        switch (p.header()) {
            case OK_HEADER -> {
                ServerPackets.decodeOk(p, ok);
                affectedRows += ok.affectedRows;
                finish(ok.status);
            }
            case ERR_HEADER -> throw error(p);
            case LOCAL_INFILE_HEADER -> refusal = connection.answerLocalInfile(p);
            default -> readMetadata(p);
        }
    }

    private void endOfResult(Payload p) {
        // A 5-byte 0xfe packet is an old-style EOF (a cursor's end of metadata or of a fetch); longer is an OK.
        if (deprecateEof && p.length() != 5) {
            ServerPackets.decodeOk(p, ok);
            if (p.remaining() != 0) {
                // The OK that ends rows carries no info text (the server sends none, and no session tracking is
                // negotiated): bytes here mean a row whose first byte was taken for the end of the result.
                throw new ProtocolException("malformed end of result: leftover bytes=" + p.remaining());
            }
        } else {
            ServerPackets.decodeEof(p, ok);
        }
        inRows = false;
        if (statement != null
                && (ok.status & SERVER_STATUS_CURSOR_EXISTS) != 0
                && (ok.status & SERVER_STATUS_LAST_ROW_SENT) == 0) {
            cursorOpen = true; // rows come only on COM_STMT_FETCH
            connection.serverStatus(ok.status);
            connection.warnings(ok.warnings); // the statement's, reported as its cursor opens: fetches report none
            return;
        }
        cursorOpen = false;
        finish(ok.status);
    }

    /** Asks the open cursor for the next {@link #fetchSize} rows (https://mariadb.com/kb/en/com_stmt_fetch/). */
    private void fetch() {
        connection
                .writer()
                .command(COM_STMT_FETCH)
                .int4(statement.id)
                .int4(Math.max(1, fetchSize))
                .end();
        reader.expectSequence(1);
        connection.writer().flush();
        inRows = true;
    }

    /**
     * Reads the rest of the current COM_STMT_FETCH batch (at most fetchSize rows) so that the wire is
     * between commands again; afterwards {@link #cursorOpen()} says whether the cursor must be reset.
     */
    void finishFetchBatch() {
        while (cursorOpen && inRows) {
            Payload p = reader.next();
            int h = p.header();
            if (h == EOF_HEADER && p.length() < PacketDescriptor.MAX_PAYLOAD) {
                endOfResult(p);
            } else if (h == ERR_HEADER) {
                throw error(p);
            }
        }
    }

    /** True while a server cursor holds unread rows; closing it needs COM_STMT_RESET. */
    boolean cursorOpen() {
        return cursorOpen && !done;
    }

    private void finish(int serverStatus) {
        status = serverStatus;
        connection.serverStatus(serverStatus);
        connection.warnings(ok.warnings);
        connection.lastInsertId(ok.lastInsertId);
        if ((serverStatus & SERVER_MORE_RESULTS_EXISTS) == 0) {
            done = true;
            if (refusal != null) {
                SluiceException e = refusal;
                refusal = null;
                throw e;
            }
        }
    }

    private SluiceException error(Payload p) {
        done = true;
        inRows = false;
        return new ServerException(ServerPackets.decodeError(p));
    }

    private void readMetadata(Payload p) {
        long count = p.readLengthEncoded();
        if (count <= 0 || count > 4096) {
            throw new ProtocolException("bad column count in result: count=" + count);
        }
        int n = (int) count;
        boolean follows = !cacheMetadata || p.readInt1() != 0;
        if (p.remaining() != 0) {
            throw new ProtocolException("malformed column count packet: leftover bytes=" + p.remaining());
        }
        // A text result compares its definitions with the connection's last text result: the same
        // query text (or shape) again then decodes no column definition and reuses the row view.
        PreparedInfo.ResultMetadata known = statement != null ? statement.metadata : connection.lastTextMetadata;
        if (!follows) {
            if (known == null || known.defs().length != n) {
                throw new ProtocolException("server skipped metadata the driver does not have: columns=" + n);
            }
            metadata = known;
        } else {
            metadata = readDefinitions(n, known);
            if (statement != null) {
                statement.metadata = metadata;
            } else {
                connection.lastTextMetadata = metadata;
            }
        }
        inRows = true;
        if (!deprecateEof) {
            Payload eof = reader.next();
            if (eof.header() != EOF_HEADER) {
                throw new ProtocolException("expected EOF after column definitions: header=" + eof.header());
            }
            ServerPackets.decodeEof(eof, ok);
            if (statement != null && (ok.status & SERVER_STATUS_CURSOR_EXISTS) != 0) {
                cursorOpen = true;
                inRows = false;
                connection.warnings(ok.warnings); // as in endOfResult
            }
        }
    }

    /** Reads {@code n} column definitions, reusing {@code known} when every packet is byte-identical. */
    private PreparedInfo.ResultMetadata readDefinitions(int n, PreparedInfo.ResultMetadata known) {
        boolean same = known != null && known.defs().length == n;
        ColumnDefinition[] defs = null;
        byte[][] raw = null;
        for (int i = 0; i < n; i++) {
            Payload p = reader.next();
            if (same && Arrays.equals(known.raw()[i], 0, known.raw()[i].length, p.buffer(), p.start(), p.end())) {
                continue;
            }
            if (same) { // first difference: decode from here on, keep the earlier identical ones
                same = false;
                defs = Arrays.copyOf(known.defs(), n);
                raw = Arrays.copyOf(known.raw(), n);
            } else if (defs == null) {
                defs = new ColumnDefinition[n];
                raw = new byte[n][];
            }
            raw[i] = Arrays.copyOfRange(p.buffer(), p.start(), p.end());
            defs[i] = ColumnDefinition.decode(p, extendedTypeInfo);
        }
        if (same) {
            return known;
        }
        List<Column> columns = Arrays.stream(defs).map(ColumnDefinition::column).toList();
        return new PreparedInfo.ResultMetadata(
                defs, columns, raw, new MysqlRow(defs, columns, connection.zeroDateAsNull()));
    }

    /** Hands every remaining row to {@code action}. */
    void forEachRemaining(java.util.function.Consumer<MysqlRow> action) {
        while (advance()) {
            action.accept(row());
        }
    }

    /** Reads and discards the rest of the response. Server errors met while draining are rethrown. */
    void drain() {
        while (advance()) {
            // discard
        }
    }

    MysqlRow row() {
        return metadata.row();
    }

    /** Columns of the current result set, or an empty list before the first. */
    List<Column> columns() {
        return metadata == null ? List.of() : metadata.columns();
    }

    int statementId() {
        return statement.id;
    }

    long affectedRows() {
        return affectedRows;
    }

    boolean isDone() {
        return done;
    }

    int status() {
        return status;
    }

    /** Reads the metadata of the first result set without consuming a row (for streams). */
    void peekColumns() {
        while (!done && !inRows && !cursorOpen) {
            beginResult(reader.next());
        }
    }
}
