package io.sluice.jdbc;

import io.sluice.Column;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Map;

/**
 * A {@link java.sql.Array} holding its elements in memory: read from an array column, or made by
 * {@code Connection.createArrayOf} to be bound as a parameter (bound as a Java array, which the
 * native drivers send as the matching array type).
 */
final class SluiceArray implements Array {
    private final String baseTypeName;
    private final int baseType;
    private Object[] elements;

    SluiceArray(Column column, List<?> elements) {
        String name = column.nativeType() == null ? "" : column.nativeType();
        this.baseTypeName = name.startsWith("_") ? name.substring(1) : name.replace("[]", "");
        this.baseType = Types.OTHER;
        this.elements = elements.toArray();
    }

    SluiceArray(String baseTypeName, Object[] elements) {
        this.baseTypeName = baseTypeName;
        this.baseType = Types.OTHER;
        this.elements = elements.clone();
    }

    /** The elements, for binding as a parameter. */
    Object[] elements() throws SQLException {
        if (elements == null) {
            throw SqlExceptions.closed("array");
        }
        return elements;
    }

    @Override
    public String getBaseTypeName() {
        return baseTypeName;
    }

    @Override
    public int getBaseType() {
        return baseType;
    }

    @Override
    public Object getArray() throws SQLException {
        return elements().clone();
    }

    @Override
    public Object getArray(Map<String, Class<?>> map) throws SQLException {
        return getArray();
    }

    @Override
    public Object getArray(long index, int count) throws SQLException {
        Object[] e = elements();
        if (index < 1 || count < 0 || index - 1 + count > e.length) {
            throw new SQLException(
                    "array slice out of range: index=" + index + ", count=" + count + ", length=" + e.length, "2202E");
        }
        return java.util.Arrays.copyOfRange(e, (int) index - 1, (int) index - 1 + count);
    }

    @Override
    public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return getArray(index, count);
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        throw SqlExceptions.unsupported("Array.getResultSet (use getArray)");
    }

    @Override
    public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count) throws SQLException {
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return getResultSet();
    }

    @Override
    public void free() {
        elements = null;
    }

    @Override
    public String toString() {
        return elements == null ? "freed" : java.util.Arrays.toString(elements);
    }
}
