package io.sluice.mysql.fault;

import io.sluice.Row;
import java.util.ArrayList;
import java.util.List;

/**
 * What a response means, in a form both the driver's results and the {@link ReferenceDecoder} can be compared in:
 * column names and row values, an affected-row count, or a server error ("code/sqlstate/message").
 *
 * @param columns column names (null when the driver had no row to show them)
 */
record Observed(List<String> columns, List<List<String>> rows, long affected, String error) {
    static Observed rows(List<String> columns, List<List<String>> rows) {
        return new Observed(columns, rows, -1, null);
    }

    static Observed affected(long n) {
        return new Observed(null, null, n, null);
    }

    static Observed error(String e) {
        return new Observed(null, null, -1, e);
    }

    /** Binary column types whose values the fuzzer compares (others read as "?"). */
    static boolean comparedBinaryType(int type) {
        return switch (type) {
            case 1, 2, 13, 3, 9, 8, 4, 5, 15, 246, 249, 250, 251, 252, 253, 254 -> true;
            default -> false;
        };
    }

    /** One driver row in the comparable form of {@link ReferenceDecoder}. */
    static List<String> values(Row r, boolean binary) {
        List<String> out = new ArrayList<>(r.columnCount());
        for (int i = 0; i < r.columnCount(); i++) {
            int type = r.column(i).nativeTypeId();
            if (r.isNull(i)) {
                out.add(null);
            } else if (!binary) {
                out.add(r.getString(i));
            } else if (!comparedBinaryType(type)) {
                out.add("?");
            } else if (type == 4 || type == 5) {
                out.add("bits:" + Double.doubleToRawLongBits(r.getDouble(i)));
            } else {
                out.add(r.getString(i));
            }
        }
        return out;
    }

    /** True when the driver's {@code actual} says what this reference result says. */
    boolean matches(Observed actual) {
        if (error != null || affected >= 0) {
            return equals(actual);
        }
        if (actual.rows == null || !rows.equals(actual.rows)) {
            return false;
        }
        return actual.columns == null || actual.columns.equals(columns);
    }
}
