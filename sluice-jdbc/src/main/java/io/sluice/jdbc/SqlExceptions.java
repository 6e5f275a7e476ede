package io.sluice.jdbc;

import io.sluice.AuthenticationException;
import io.sluice.ConfigurationException;
import io.sluice.ConnectionException;
import io.sluice.PoolExhaustedException;
import io.sluice.ProtocolException;
import io.sluice.QueryCancelledException;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.ValueConversionException;
import io.sluice.sql.SqlSyntaxException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientConnectionException;

/**
 * Maps Sluice's exceptions to JDBC's: a server error keeps its SQLSTATE and (MySQL) vendor code and
 * becomes the subclass its SQLSTATE class names (JDBC 4.3 section 8.5); the client's own failures
 * get the SQLSTATE that describes them. The Sluice exception is always the cause.
 *
 * <table>
 *   <caption>SQLSTATE class to exception</caption>
 *   <tr><td>08</td><td>{@link SQLNonTransientConnectionException} (server) or {@link SQLTransientConnectionException} (I/O)</td></tr>
 *   <tr><td>0A</td><td>{@link SQLFeatureNotSupportedException}</td></tr>
 *   <tr><td>22</td><td>{@link SQLDataException}</td></tr>
 *   <tr><td>23</td><td>{@link SQLIntegrityConstraintViolationException}</td></tr>
 *   <tr><td>28</td><td>{@link SQLInvalidAuthorizationSpecException}</td></tr>
 *   <tr><td>40</td><td>{@link SQLTransactionRollbackException}</td></tr>
 *   <tr><td>42</td><td>{@link SQLSyntaxErrorException}</td></tr>
 *   <tr><td>57014, 70100</td><td>{@link SQLTimeoutException}</td></tr>
 * </table>
 */
public final class SqlExceptions {
    /** SQLSTATE of a query cut short by a timeout or cancel (PostgreSQL's query_canceled). */
    static final String QUERY_CANCELED = "57014";

    private SqlExceptions() {}

    /** The JDBC exception for a failure of the native driver (or of this driver's own checks). */
    public static SQLException translate(RuntimeException e) {
        return switch (e) {
            case ServerException se -> forServer(se);
            case QueryTimeoutException t -> new SQLTimeoutException(t.getMessage(), QUERY_CANCELED, 0, t);
            case QueryCancelledException c -> new SQLException(c.getMessage(), QUERY_CANCELED, 0, c);
            case AuthenticationException a -> new SQLInvalidAuthorizationSpecException(a.getMessage(), "28000", 0, a);
            case ProtocolException p -> new SQLNonTransientConnectionException(p.getMessage(), "08P01", 0, p);
            case ConnectionException c -> new SQLTransientConnectionException(c.getMessage(), "08006", 0, c);
            case PoolExhaustedException p -> new SQLTransientConnectionException(p.getMessage(), "08001", 0, p);
            case ConfigurationException c -> new SQLNonTransientConnectionException(c.getMessage(), "08001", 0, c);
            case ValueConversionException v -> new SQLDataException(v.getMessage(), "22018", 0, v);
            case SqlSyntaxException s -> new SQLSyntaxErrorException(s.getMessage(), "42601", 0, s);
            case UnsupportedOperationException u -> new SQLFeatureNotSupportedException(u.getMessage(), "0A000", u);
            default -> new SQLException(e.getMessage(), null, 0, e);
        };
    }

    private static SQLException forServer(ServerException e) {
        String state = e.sqlState();
        String message = e.getMessage();
        int vendor = vendorCode(e);
        if (state == null || state.length() != 5) {
            return new SQLException(message, state, vendor, e);
        }
        if (state.equals(QUERY_CANCELED) || state.equals("70100")) {
            return new SQLTimeoutException(message, state, vendor, e);
        }
        return switch (state.substring(0, 2)) {
            case "08" -> new SQLNonTransientConnectionException(message, state, vendor, e);
            case "0A" -> new SQLFeatureNotSupportedException(message, state, vendor, e);
            case "22" -> new SQLDataException(message, state, vendor, e);
            case "23" -> new SQLIntegrityConstraintViolationException(message, state, vendor, e);
            case "28" -> new SQLInvalidAuthorizationSpecException(message, state, vendor, e);
            case "40" -> new SQLTransactionRollbackException(message, state, vendor, e);
            case "42" -> new SQLSyntaxErrorException(message, state, vendor, e);
            default -> new SQLException(message, state, vendor, e);
        };
    }

    /** MySQL's error number (the native driver's {@code error_code} field); 0 for PostgreSQL. */
    private static int vendorCode(ServerException e) {
        String code = e.fields().get("error_code");
        if (code == null) {
            return 0;
        }
        try {
            return Integer.parseInt(code);
        } catch (NumberFormatException notANumber) {
            return 0;
        }
    }

    /** A failure of a closed object ({@code what} names it), SQLSTATE 08003 for a connection, else HY010. */
    static SQLException closed(String what) {
        return what.equals("connection")
                ? new SQLNonTransientConnectionException("connection is closed", "08003")
                : new SQLException(what + " is closed", "HY010");
    }

    /** A feature deliberately left out, named in the README. */
    static SQLFeatureNotSupportedException unsupported(String what) {
        return new SQLFeatureNotSupportedException(what + " is not supported by sluice-jdbc", "0A000");
    }
}
