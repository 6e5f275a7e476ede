package io.sluice.mysql.internal.protocol;

/**
 * Command bytes, packet headers and server status flags, with the protocol documentation's names
 * (https://mariadb.com/kb/en/clientserver-protocol/, https://dev.mysql.com/doc/dev/mysql-server/latest/PAGE_PROTOCOL.html).
 */
public final class Commands {
    private Commands() {}

    public static final int COM_QUIT = 0x01;
    public static final int COM_QUERY = 0x03;
    public static final int COM_PING = 0x0e;
    public static final int COM_STMT_PREPARE = 0x16;
    public static final int COM_STMT_EXECUTE = 0x17;
    public static final int COM_STMT_CLOSE = 0x19;
    public static final int COM_STMT_RESET = 0x1a;
    public static final int COM_STMT_FETCH = 0x1c;
    public static final int COM_RESET_CONNECTION = 0x1f;
    /** MariaDB only (https://mariadb.com/kb/en/com_stmt_bulk_execute/). */
    public static final int COM_STMT_BULK_EXECUTE = 0xfa;
    /** COM_STMT_BULK_EXECUTE flag: parameter types follow the flags. */
    public static final int STMT_BULK_FLAG_SEND_TYPES_TO_SERVER = 0x80;
    /** COM_STMT_BULK_EXECUTE per-value indicators: a value follows, or the value is NULL. */
    public static final int STMT_INDICATOR_NONE = 0;

    public static final int STMT_INDICATOR_NULL = 1;

    /** First payload byte of an OK packet. */
    public static final int OK_HEADER = 0x00;
    /** First payload byte of an EOF packet, or of an OK packet that ends a result with CLIENT_DEPRECATE_EOF. */
    public static final int EOF_HEADER = 0xfe;

    public static final int ERR_HEADER = 0xff;
    /** LOCAL INFILE request in a COM_QUERY response; also the NULL marker of a text row. */
    public static final int LOCAL_INFILE_HEADER = 0xfb;
    /** AuthMoreData during authentication. */
    public static final int AUTH_MORE_DATA = 0x01;
    /** AuthSwitchRequest during authentication (same byte as EOF). */
    public static final int AUTH_SWITCH_REQUEST = 0xfe;

    public static final int SERVER_STATUS_IN_TRANS = 0x0001;
    public static final int SERVER_STATUS_AUTOCOMMIT = 0x0002;
    public static final int SERVER_MORE_RESULTS_EXISTS = 0x0008;
    public static final int SERVER_STATUS_CURSOR_EXISTS = 0x0040;
    public static final int SERVER_STATUS_LAST_ROW_SENT = 0x0080;

    /** COM_STMT_EXECUTE flags. */
    public static final int CURSOR_TYPE_NO_CURSOR = 0x00;

    public static final int CURSOR_TYPE_READ_ONLY = 0x01;

    /** utf8mb4_general_ci, the collation this driver asks for in the handshake. */
    public static final int UTF8MB4_GENERAL_CI = 45;
    /** The "binary" character set: the column holds bytes, not text. */
    public static final int BINARY_CHARSET = 63;

    /** Error codes the driver reacts to (https://mariadb.com/kb/en/mariadb-error-codes/). */
    public static final int ER_ACCESS_DENIED_ERROR = 1045;

    public static final int ER_QUERY_INTERRUPTED = 1317;
    public static final int ER_UNSUPPORTED_PS = 1295;
    public static final int ER_CONNECTION_KILLED = 1927;
    public static final int ER_SERVER_SHUTDOWN = 1053;
    public static final int ER_UNKNOWN_STMT_HANDLER = 1243;
    /** The deadlock victim's whole transaction has been rolled back by the server. */
    public static final int ER_LOCK_DEADLOCK = 1213;
}
