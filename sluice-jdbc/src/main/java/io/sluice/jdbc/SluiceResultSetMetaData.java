package io.sluice.jdbc;

import io.sluice.Column;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/**
 * Column descriptions from the native result's columns ({@link io.sluice.ColumnDetails}): name, JDBC
 * type, the native type's name, Java class, signedness, precision and scale; MySQL also gives the
 * source schema and table, nullability and auto-increment. PostgreSQL's result description does not
 * carry those (pgjdbc asks the catalog for them), so they answer "unknown" there ({@code ""},
 * {@link #columnNullableUnknown}, {@code false}).
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
        return column(column).details().autoIncrement();
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
        return switch (column(column).details().nullability()) {
            case NOT_NULL -> columnNoNulls;
            case NULLABLE -> columnNullable;
            case UNKNOWN -> columnNullableUnknown;
        };
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return JdbcTypes.signed(column(column));
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        int p = getPrecision(column);
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
        return column(column).details().schema();
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        Column c = column(column);
        return switch (JdbcTypes.type(c)) {
            case DECIMAL, TEXT, BYTES -> c.details().precision();
            default -> JdbcTypes.precision(JdbcTypes.type(c));
        };
    }

    @Override
    public int getScale(int column) throws SQLException {
        Column c = column(column);
        return switch (JdbcTypes.type(c)) {
            case REAL -> 8;
            case DOUBLE -> 17;
            case DECIMAL -> c.details().scale();
            case TIME, TIME_TZ, TIMESTAMP, TIMESTAMP_TZ -> c.details().precision() > 0 ? c.details().precision() : 6;
            default -> 0;
        };
    }

    @Override
    public String getTableName(int column) throws SQLException {
        return column(column).details().table();
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
