package io.sluice;

import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * The outcome of {@link Connection#executeReturningKeys} and {@link Connection#executeBatchReturningKeys}:
 * the rows the statement affected and the integer keys the server generated for them, in insertion
 * order (for a batch: parameter set by parameter set). Immutable.
 */
public final class GeneratedKeys {
    private static final long[] NONE = new long[0];
    private static final Pattern KEY_COLUMN = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*|\"(?:[^\"\\x00]|\"\")+\"");

    private final long affectedRows;
    private final long[] keys;

    /** The outcome of a statement that affected {@code affectedRows} rows and generated {@code keys} (copied). */
    public GeneratedKeys(long affectedRows, long[] keys) {
        this.affectedRows = affectedRows;
        this.keys = keys.length == 0 ? NONE : keys.clone();
    }

    /** The number of rows the statement (or the whole batch) affected. */
    public long affectedRows() {
        return affectedRows;
    }

    /** The number of keys; 0 when the statement generated none. */
    public int size() {
        return keys.length;
    }

    /** The key at {@code index} (0-based, in insertion order). */
    public long get(int index) {
        if (index < 0 || index >= keys.length) {
            throw new IndexOutOfBoundsException("no generated key at index: index=" + index + ", size=" + keys.length);
        }
        return keys[index];
    }

    /**
     * The first (for a single-row INSERT: the only) generated key.
     *
     * @throws SluiceException if the statement generated no key (no row inserted, or no generated column)
     */
    public long key() {
        if (keys.length == 0) {
            throw new SluiceException("statement generated no key: affected_rows=" + affectedRows);
        }
        return keys[0];
    }

    /** Every key, in insertion order, as a new array. */
    public long[] keys() {
        return keys.clone();
    }

    /**
     * Checks a key column name as every driver accepts it: a plain identifier or a double-quoted one (for
     * drivers, so that nothing a caller passes ends up as SQL).
     *
     * @return {@code keyColumn}
     * @throws IllegalArgumentException if it is neither
     */
    public static String requireKeyColumn(String keyColumn) {
        if (keyColumn == null || !KEY_COLUMN.matcher(keyColumn).matches()) {
            throw new IllegalArgumentException(
                    "key column must be a plain or a double-quoted identifier: keyColumn=" + keyColumn);
        }
        return keyColumn;
    }

    @Override
    public String toString() {
        return "GeneratedKeys[affected_rows=" + affectedRows + ", keys=" + Arrays.toString(keys) + "]";
    }
}
