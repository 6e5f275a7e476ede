package io.sluice.jdbc.metadata;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/** The {@link ResultSetMetaData} of a {@link MetaResultSet}: names and JDBC types from its layout. */
final class MetaResultSetMetaData implements ResultSetMetaData, SelfWrapper {

    private final List<MetaColumn> columns;

    MetaResultSetMetaData(List<MetaColumn> columns) {
        this.columns = columns;
    }

    private MetaColumn column(int column) throws SQLException {
        if (column < 1 || column > columns.size()) {
            throw new SQLException(
                    "column index out of range: index=" + column + ", columns=" + columns.size(), "07009");
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
        return column(column).type() == java.sql.JDBCType.VARCHAR;
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public int isNullable(int column) throws SQLException {
        column(column);
        return columnNullableUnknown;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return switch (column(column).type()) {
            case INTEGER, SMALLINT, BIGINT -> true;
            default -> false;
        };
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        return getPrecision(column) + (isSigned(column) ? 1 : 0);
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
        return switch (column(column).type()) {
            case INTEGER -> 10;
            case SMALLINT -> 5;
            case BIGINT -> 19;
            case BOOLEAN -> 1;
            default -> Integer.MAX_VALUE;
        };
    }

    @Override
    public int getScale(int column) throws SQLException {
        column(column);
        return 0;
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
        return column(column).type().getVendorTypeNumber();
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return column(column).type().getName();
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return column(column).javaClass().getName();
    }
}
