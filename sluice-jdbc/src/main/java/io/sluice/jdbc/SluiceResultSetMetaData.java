package io.sluice.jdbc;

import io.sluice.Column;
import io.sluice.jdbc.metadata.SelfWrapper;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/**
 * Column descriptions from the native result's columns ({@link io.sluice.ColumnDetails}): name, JDBC
 * type, the native type's name, Java class, signedness, precision and scale; MySQL's column
 * definitions also give the source schema and table, nullability and auto-increment.
 *
 * <p>PostgreSQL's RowDescription names a table column by table OID and attribute number only: the
 * first call of {@link #getSchemaName}, {@link #getTableName}, {@link #isNullable} or
 * {@link #isAutoIncrement} asks the catalog about all the result's table columns in one query (read
 * through the connection's cache, {@link PgColumnSources}); the other methods never query. A
 * column that is not a table column (an expression) answers {@code ""}, {@link #columnNullableUnknown}
 * and {@code false}. {@link #getColumnName} is the label, as pgjdbc answers.
 */
final class SluiceResultSetMetaData implements ResultSetMetaData, SelfWrapper {
    private final List<Column> columns;
    private final SluiceConnection connection; // null: nothing to ask the catalog through
    private PgColumnSources.Source[] sources; // resolved on first need

    SluiceResultSetMetaData(List<Column> columns, SluiceConnection connection) {
        this.columns = columns;
        this.connection = connection;
    }

    /** The catalog's answer for a PostgreSQL table column, null for any other column. */
    private PgColumnSources.Source source(int column) throws SQLException {
        Column c = column(column);
        if (!c.details().hasSource() || connection == null) {
            return null;
        }
        if (sources == null) {
            connection.checkOpen();
            sources = connection.columnSources().resolve(columns);
        }
        return sources[column - 1];
    }

    private Column column(int column) throws SQLException {
        if (column < 1 || column > columns.size()) {
            throw new SQLException(
                    "column index out of range: index=" + column + ", columns=" + columns.size(), "22023");
        }
        return columns.get(column - 1);
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        PgColumnSources.Source s = source(column);
        return s != null ? s.autoIncrement() : column(column).details().autoIncrement();
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
        PgColumnSources.Source s = source(column);
        if (s != null) {
            return s == PgColumnSources.GONE ? columnNullableUnknown : s.notNull() ? columnNoNulls : columnNullable;
        }
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
        PgColumnSources.Source s = source(column);
        return s != null ? s.schema() : column(column).details().schema();
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
            case TIME, TIME_TZ, TIMESTAMP, TIMESTAMP_TZ ->
                c.details().precision() > 0 ? c.details().precision() : 6;
            default -> 0;
        };
    }

    @Override
    public String getTableName(int column) throws SQLException {
        PgColumnSources.Source s = source(column);
        return s != null ? s.table() : column(column).details().table();
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
}
