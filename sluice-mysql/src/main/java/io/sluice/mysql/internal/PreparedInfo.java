package io.sluice.mysql.internal;

import io.sluice.Column;
import io.sluice.mysql.internal.codec.MysqlRow;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import java.util.List;

/**
 * A statement prepared on the server (COM_STMT_PREPARE): its id, parameter count and the result
 * metadata, with the raw column-definition packets kept so that an execute response with identical
 * metadata is recognised by a byte comparison instead of being decoded again.
 */
final class PreparedInfo {
    /** Marks SQL the server cannot prepare (ER_UNSUPPORTED_PS): it runs through COM_QUERY. */
    static final PreparedInfo TEXT_ONLY = new PreparedInfo("", -1, 0);

    final String sql;
    final int id;
    final int paramCount;
    ResultMetadata metadata;
    boolean closed;

    PreparedInfo(String sql, int id, int paramCount) {
        this.sql = sql;
        this.id = id;
        this.paramCount = paramCount;
    }

    List<Column> columns() {
        return metadata == null ? List.of() : metadata.columns();
    }

    /**
     * Decoded column metadata of one result shape, with a reusable row view.
     *
     * @param raw the column-definition payloads as received, for comparison with later ones
     */
    record ResultMetadata(ColumnDefinition[] defs, List<Column> columns, byte[][] raw, MysqlRow row) {}
}
