package io.sluice.jdbc;

import io.sluice.jdbc.metadata.SelfWrapper;
import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.sql.Types;

/** Parameter descriptions: the count is exact; types are left to the server ({@code OTHER}, nullable unknown). */
final class SluiceParameterMetaData implements ParameterMetaData, SelfWrapper {
    private final int count;

    SluiceParameterMetaData(int count) {
        this.count = count;
    }

    private void check(int param) throws SQLException {
        if (param < 1 || param > count) {
            throw new SQLException("parameter index out of range: index=" + param + ", parameters=" + count, "22023");
        }
    }

    @Override
    public int getParameterCount() {
        return count;
    }

    @Override
    public int isNullable(int param) throws SQLException {
        check(param);
        return parameterNullableUnknown;
    }

    @Override
    public boolean isSigned(int param) throws SQLException {
        check(param);
        return true;
    }

    @Override
    public int getPrecision(int param) throws SQLException {
        check(param);
        return 0;
    }

    @Override
    public int getScale(int param) throws SQLException {
        check(param);
        return 0;
    }

    @Override
    public int getParameterType(int param) throws SQLException {
        check(param);
        return Types.OTHER;
    }

    @Override
    public String getParameterTypeName(int param) throws SQLException {
        check(param);
        return "unknown";
    }

    @Override
    public String getParameterClassName(int param) throws SQLException {
        check(param);
        return Object.class.getName();
    }

    @Override
    public int getParameterMode(int param) throws SQLException {
        check(param);
        return parameterModeIn;
    }
}
