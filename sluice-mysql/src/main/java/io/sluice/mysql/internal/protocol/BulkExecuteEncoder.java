package io.sluice.mysql.internal.protocol;

import static io.sluice.mysql.internal.protocol.Commands.COM_STMT_BULK_EXECUTE;
import static io.sluice.mysql.internal.protocol.Commands.STMT_BULK_FLAG_SEND_TYPES_TO_SERVER;
import static io.sluice.mysql.internal.protocol.Commands.STMT_INDICATOR_NONE;
import static io.sluice.mysql.internal.protocol.Commands.STMT_INDICATOR_NULL;
import static io.sluice.mysql.internal.protocol.FieldTypes.MYSQL_TYPE_NULL;

import io.sluice.ParameterException;
import io.sluice.mysql.internal.codec.ParameterEncoder;
import java.util.List;

/**
 * Renders MariaDB's COM_STMT_BULK_EXECUTE (https://mariadb.com/kb/en/com_stmt_bulk_execute/): one
 * command carrying many parameter sets of a prepared statement, executed by the server as an array.
 *
 * <pre>
 *  int<1>  0xfa COM_STMT_BULK_EXECUTE
 *  int<4>  statement id
 *  int<2>  flags: STMT_BULK_FLAG_SEND_TYPES_TO_SERVER (0x80)
 *  int<2>  per parameter: field type, 0x80 in the high byte when unsigned
 *  per parameter set, per parameter:
 *    int<1>  indicator: STMT_INDICATOR_NONE (a value follows) or STMT_INDICATOR_NULL
 *    value   in binary form, as in COM_STMT_EXECUTE
 * </pre>
 *
 * The types are sent once, so one command holds only parameter sets whose non-NULL values share them:
 * a set with another type starts the next command.
 */
public final class BulkExecuteEncoder {
    /** Sets looked at for one command: bounds the type scan, which runs before the bytes limit is known. */
    static final int MAX_SETS = 8192;

    private BulkExecuteEncoder() {}

    /**
     * Writes one command for {@code sets} from index {@code from}: the following sets that share their
     * parameter types, until the payload passes {@code maxBytes}. Returns the index after the last set
     * written (at least {@code from + 1}).
     *
     * @throws io.sluice.ParameterException if a set does not have {@code paramCount} values
     */
    public static int writeBulk(
            PacketWriter w, int statementId, int paramCount, List<Object[]> sets, int from, int maxBytes) {
        int[] types = new int[paramCount];
        java.util.Arrays.fill(types, MYSQL_TYPE_NULL);
        int to = from;
        int limit = (int) Math.min(sets.size(), (long) from + MAX_SETS);
        while (to < limit && fits(sets.get(to), types, paramCount)) {
            to++;
        }
        w.command(COM_STMT_BULK_EXECUTE).int4(statementId).int2(STMT_BULK_FLAG_SEND_TYPES_TO_SERVER);
        for (int type : types) {
            w.int2(type);
        }
        int i = from;
        while (i < to) {
            for (Object v : sets.get(i)) {
                if (v == null) {
                    w.int1(STMT_INDICATOR_NULL);
                } else {
                    w.int1(STMT_INDICATOR_NONE);
                    ParameterEncoder.writeValue(w, v);
                }
            }
            i++;
            if (w.payloadLength() >= maxBytes) {
                break;
            }
        }
        w.end();
        return i;
    }

    /** True if {@code set}'s non-NULL values agree with {@code types}; fills in types still unknown. */
    private static boolean fits(Object[] set, int[] types, int paramCount) {
        if (set.length != paramCount) {
            throw new ParameterException(
                    "wrong number of parameters: expected=" + paramCount + ", given=" + set.length);
        }
        for (int k = 0; k < paramCount; k++) {
            if (set[k] != null) {
                int t = ParameterEncoder.typeOf(set[k]);
                if (types[k] != MYSQL_TYPE_NULL && types[k] != t) {
                    return false;
                }
            }
        }
        for (int k = 0; k < paramCount; k++) {
            if (set[k] != null && types[k] == MYSQL_TYPE_NULL) {
                types[k] = ParameterEncoder.typeOf(set[k]);
            }
        }
        return true;
    }
}
