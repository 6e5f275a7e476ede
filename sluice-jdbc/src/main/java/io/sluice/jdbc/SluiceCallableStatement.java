package io.sluice.jdbc;

import io.sluice.sql.ParsedSql;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JDBC callable statement: a prepared statement whose text is usually a {@code {call ...}} escape
 * ({@code SELECT * FROM f($1, ...)} on PostgreSQL, as pgjdbc sends it; {@code CALL p(?, ...)} on
 * MySQL) or plain SQL. IN parameters bind as in a {@link java.sql.PreparedStatement}.
 *
 * <p>The one OUT parameter supported is a function's return value, {@code {? = call f(?, ...)}}:
 * it is sent as {@code SELECT f(...)}, parameter 1 is the return value (register it with {@code
 * registerOutParameter} before {@code execute}) and the IN parameters are 2, 3, .... After {@code
 * execute} (or {@code executeUpdate}) the {@code getXxx(1)} methods read the first column of the
 * single result row, which stays the statement's current result set. Other OUT and INOUT parameters
 * (procedure arguments) are refused with SQLSTATE 0A000, as are parameters addressed by name
 * ({@link UnnamedParameters}).
 */
final class SluiceCallableStatement extends SluicePreparedStatement implements UnnamedParameters {
    /** {@code {? = call body}}, spaces allowed anywhere between the tokens, an optional trailing {@code ;}. */
    private static final Pattern RETURN_VALUE = Pattern.compile(
            "\\s*\\{\\s*\\?\\s*=\\s*call\\s+(.*)}\\s*;?\\s*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private final boolean returnValue;
    private boolean registered;
    private ResultSet row;

    private SluiceCallableStatement(
            SluiceConnection connection, int resultSetType, ParsedSql parsed, boolean returnValue) {
        super(connection, resultSetType, parsed, GeneratedKeys.NONE);
        this.returnValue = returnValue;
    }

    /** Parses {@code sql}, turning the return-value form {@code {? = call f(...)}} into {@code SELECT f(...)}. */
    static SluiceCallableStatement prepare(SluiceConnection connection, int resultSetType, String sql)
            throws SQLException {
        Matcher m = sql == null ? null : RETURN_VALUE.matcher(sql);
        if (m == null || !m.matches()) {
            return new SluiceCallableStatement(connection, resultSetType, connection.parse(sql), false);
        }
        String body = m.group(1).strip();
        String select = "SELECT " + body + (body.indexOf('(') < 0 ? "()" : "");
        return new SluiceCallableStatement(connection, resultSetType, connection.parse(select), true);
    }

    /** In the return-value form, parameter 1 is the OUT value and IN parameter {@code index} is the SQL's {@code index - 1}. */
    @Override
    void bind(int index, Object value) throws SQLException {
        if (!returnValue) {
            super.bind(index, value);
        } else if (index == 1) {
            throw new SQLException(
                    "parameter 1 is the function's return value (an OUT parameter): it takes no value", "22023");
        } else {
            super.bind(index - 1, value);
        }
    }

    @Override
    public boolean execute() throws SQLException {
        row = null;
        if (returnValue && !registered) {
            throw new SQLException(
                    "register the return value (parameter 1) with registerOutParameter before execute", "07004");
        }
        boolean rows = super.execute();
        if (returnValue) {
            ResultSet rs = getResultSet();
            if (rs == null || !rs.next()) {
                throw new SQLException("the function call returned no row: " + this, "02000");
            }
            row = rs;
        }
        return rows;
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        if (!returnValue) {
            return super.executeLargeUpdate();
        }
        execute();
        return 0;
    }

    // ---- OUT parameters ----

    private void register(int index) throws SQLException {
        checkOpen();
        if (!returnValue) {
            throw SqlExceptions.unsupported(
                    "OUT parameters of a procedure call (only a function's return value, {? = call f(?)})");
        }
        if (index != 1) {
            throw SqlExceptions.unsupported("OUT parameter " + index + " (only the return value, parameter 1)");
        }
        registered = true;
    }

    /** The result row to read OUT parameter {@code index} from, positioned on it. */
    private ResultSet out(int index) throws SQLException {
        register(index);
        if (row == null) {
            throw new SQLException("no OUT value: the statement has not been executed", "HY010");
        }
        return row;
    }

    @Override
    public void registerOutParameter(int i, int sqlType) throws SQLException {
        register(i);
    }

    @Override
    public void registerOutParameter(int i, int sqlType, int scale) throws SQLException {
        register(i);
    }

    @Override
    public void registerOutParameter(int i, int sqlType, String typeName) throws SQLException {
        register(i);
    }

    @Override
    public void registerOutParameter(int i, SQLType sqlType) throws SQLException {
        register(i);
    }

    @Override
    public void registerOutParameter(int i, SQLType sqlType, int scale) throws SQLException {
        register(i);
    }

    @Override
    public void registerOutParameter(int i, SQLType sqlType, String typeName) throws SQLException {
        register(i);
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        if (row == null) {
            throw new SQLException("no OUT value has been read", "HY010");
        }
        return row.wasNull();
    }

    @Override
    public <T> T getObject(int i, Class<T> type) throws SQLException {
        return out(i).getObject(1, type);
    }

    @Override
    public boolean getBoolean(int i) throws SQLException {
        return out(i).getBoolean(1);
    }

    @Override
    public byte getByte(int i) throws SQLException {
        return out(i).getByte(1);
    }

    @Override
    public byte[] getBytes(int i) throws SQLException {
        return out(i).getBytes(1);
    }

    @Override
    public double getDouble(int i) throws SQLException {
        return out(i).getDouble(1);
    }

    @Override
    public float getFloat(int i) throws SQLException {
        return out(i).getFloat(1);
    }

    @Override
    public int getInt(int i) throws SQLException {
        return out(i).getInt(1);
    }

    @Override
    public Reader getCharacterStream(int i) throws SQLException {
        return out(i).getCharacterStream(1);
    }

    @Override
    public Reader getNCharacterStream(int i) throws SQLException {
        return out(i).getNCharacterStream(1);
    }

    @Override
    public Object getObject(int i) throws SQLException {
        return out(i).getObject(1);
    }

    @Override
    public Object getObject(int i, Map<String, Class<?>> map) throws SQLException {
        return out(i).getObject(1, map);
    }

    @Override
    public String getNString(int i) throws SQLException {
        return out(i).getNString(1);
    }

    @Override
    public String getString(int i) throws SQLException {
        return out(i).getString(1);
    }

    @Override
    public BigDecimal getBigDecimal(int i) throws SQLException {
        return out(i).getBigDecimal(1);
    }

    @Override
    public URL getURL(int i) throws SQLException {
        return out(i).getURL(1);
    }

    @Override
    public Array getArray(int i) throws SQLException {
        return out(i).getArray(1);
    }

    @Override
    public Blob getBlob(int i) throws SQLException {
        return out(i).getBlob(1);
    }

    @Override
    public Clob getClob(int i) throws SQLException {
        return out(i).getClob(1);
    }

    @Override
    public Date getDate(int i) throws SQLException {
        return out(i).getDate(1);
    }

    @Override
    public Date getDate(int i, Calendar cal) throws SQLException {
        return out(i).getDate(1, cal);
    }

    @Override
    public NClob getNClob(int i) throws SQLException {
        return out(i).getNClob(1);
    }

    @Override
    public Ref getRef(int i) throws SQLException {
        return out(i).getRef(1);
    }

    @Override
    public RowId getRowId(int i) throws SQLException {
        return out(i).getRowId(1);
    }

    @Override
    public SQLXML getSQLXML(int i) throws SQLException {
        return out(i).getSQLXML(1);
    }

    @Override
    public Time getTime(int i) throws SQLException {
        return out(i).getTime(1);
    }

    @Override
    public Time getTime(int i, Calendar cal) throws SQLException {
        return out(i).getTime(1, cal);
    }

    @Override
    public Timestamp getTimestamp(int i) throws SQLException {
        return out(i).getTimestamp(1);
    }

    @Override
    public Timestamp getTimestamp(int i, Calendar cal) throws SQLException {
        return out(i).getTimestamp(1, cal);
    }

    @Override
    public long getLong(int i) throws SQLException {
        return out(i).getLong(1);
    }

    @Override
    public short getShort(int i) throws SQLException {
        return out(i).getShort(1);
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int i, int scale) throws SQLException {
        BigDecimal v = out(i).getBigDecimal(1);
        return v == null ? null : v.setScale(scale, java.math.RoundingMode.HALF_UP);
    }

    @Override
    public String toString() {
        return "SluiceCallableStatement[" + super.toString() + "]";
    }
}
