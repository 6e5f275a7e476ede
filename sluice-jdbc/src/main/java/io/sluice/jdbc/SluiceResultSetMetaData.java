package io.sluice.jdbc;

import io.sluice.Column;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/**
 * Column descriptions from the native result's columns: name, JDBC type, the native type's name,
 * Java class, signedness. The native drivers do not pass on the source table, precision modifiers,
 * nullability or auto-increment flags, so those answer "unknown" ({@code ""}, the type's default
 * precision, {@link #columnNullableUnknown}, {@code false}).
 */
final class SluiceResultSetMetaData implements ResultSetMetaData {
    private final List<Column> columns;

    SluiceResultSetMetaData(List<Column> columns) {
        this.columns = columns;
    }

    private Column column(int column) throws SQLException {
        if (column < 1 || column > columns.size()) {
            throw new SQLException("column index out of range: index=" + column + ", columns=" + columns.size(), "22023");
        }
        return columns.get(column - 1);
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        return switch (column(column).type()) {
            case TEXT, JSON, OTHER -> true;
            default -> false;
        };
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        return "money".equalsIgnoreCase(column(column).nativeType());
    }

    @Override
    public int isNullable(int column) throws SQLException {
        column(column);
        return columnNullableUnknown;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return JdbcTypes.signed(column(column));
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        int p = JdbcTypes.precision(column(column).type());
        return p == 0 ? Integer.MAX_VALUE : p + 1;
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return column(column).name();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return column(column).name();
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        return JdbcTypes.precision(column(column).type());
    }

    @Override
    public int getScale(int column) throws SQLException {
        return switch (column(column).type()) {
            case REAL -> 8;
            case DOUBLE -> 17;
            case TIME, TIME_TZ, TIMESTAMP, TIMESTAMP_TZ -> 6;
            default -> 0;
        };
    }

    @Override
    public String getTableName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return JdbcTypes.sqlType(column(column));
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return column(column).nativeType();
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return JdbcTypes.javaClass(column(column)).getName();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
