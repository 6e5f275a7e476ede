package io.sluice.mysql.internal.protocol;

/**
 * Capability flags of the handshake, with the names of the protocol documentation
 * (https://dev.mysql.com/doc/dev/mysql-server/latest/group__group__cs__capabilities__flags.html,
 * https://mariadb.com/kb/en/connection/#capabilities).
 */
public final class Capabilities {
    private Capabilities() {}

    /** Also called CLIENT_MYSQL: a MariaDB server leaves it unset to announce its extended capabilities. */
    public static final long CLIENT_LONG_PASSWORD = 1L;

    public static final long CLIENT_FOUND_ROWS = 1L << 1;
    public static final long CLIENT_LONG_FLAG = 1L << 2;
    public static final long CLIENT_CONNECT_WITH_DB = 1L << 3;
    public static final long CLIENT_LOCAL_FILES = 1L << 7;
    public static final long CLIENT_PROTOCOL_41 = 1L << 9;
    public static final long CLIENT_SSL = 1L << 11;
    public static final long CLIENT_TRANSACTIONS = 1L << 13;
    public static final long CLIENT_SECURE_CONNECTION = 1L << 15;
    public static final long CLIENT_MULTI_STATEMENTS = 1L << 16;
    public static final long CLIENT_MULTI_RESULTS = 1L << 17;
    public static final long CLIENT_PS_MULTI_RESULTS = 1L << 18;
    public static final long CLIENT_PLUGIN_AUTH = 1L << 19;
    public static final long CLIENT_CONNECT_ATTRS = 1L << 20;
    public static final long CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA = 1L << 21;
    public static final long CLIENT_DEPRECATE_EOF = 1L << 24;
    /** MariaDB extended capability (upper 32 bits): column metadata is sent once per prepared statement. */
    public static final long MARIADB_CLIENT_CACHE_METADATA = 1L << 36;
    /**
     * MariaDB extended capability: column definitions name the data type a base type stands for
     * ({@code json} format of a LONGTEXT, {@code point} of a GEOMETRY).
     */
    public static final long MARIADB_CLIENT_EXTENDED_TYPE_INFO = 1L << 35;
    /** MariaDB extended capability: COM_STMT_BULK_EXECUTE (one command, many parameter sets). */
    public static final long MARIADB_CLIENT_STMT_BULK_OPERATIONS = 1L << 34;

    /** What this driver asks for; the session uses the intersection with the server's flags. */
    public static final long CLIENT_DEFAULT = CLIENT_LONG_PASSWORD
            | CLIENT_LONG_FLAG
            | CLIENT_PROTOCOL_41
            | CLIENT_TRANSACTIONS
            | CLIENT_SECURE_CONNECTION
            | CLIENT_MULTI_STATEMENTS
            | CLIENT_MULTI_RESULTS
            | CLIENT_PS_MULTI_RESULTS
            | CLIENT_PLUGIN_AUTH
            | CLIENT_CONNECT_ATTRS
            | CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA
            | CLIENT_DEPRECATE_EOF;
}
