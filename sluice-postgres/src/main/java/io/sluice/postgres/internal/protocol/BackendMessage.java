package io.sluice.postgres.internal.protocol;

/**
 * Type bytes of the messages a PostgreSQL server sends (protocol v3), named as the specification
 * names them, and the sub-codes of the Authentication message.
 *
 * <pre>
 *  every backend message:
 *  +------+-----------------+---------------------------+
 *  | type | Int32 length    | body (length - 4 bytes)   |
 *  | Byte1| (self-inclusive)|                           |
 *  +------+-----------------+---------------------------+
 * </pre>
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">Message Formats</a>
 */
public final class BackendMessage {
    public static final byte AUTHENTICATION = 'R';
    public static final byte BACKEND_KEY_DATA = 'K';
    public static final byte BIND_COMPLETE = '2';
    public static final byte CLOSE_COMPLETE = '3';
    public static final byte COMMAND_COMPLETE = 'C';
    public static final byte COPY_IN_RESPONSE = 'G';
    public static final byte COPY_OUT_RESPONSE = 'H';
    public static final byte COPY_BOTH_RESPONSE = 'W';
    public static final byte COPY_DATA = 'd';
    public static final byte COPY_DONE = 'c';
    public static final byte DATA_ROW = 'D';
    public static final byte EMPTY_QUERY_RESPONSE = 'I';
    public static final byte ERROR_RESPONSE = 'E';
    public static final byte NEGOTIATE_PROTOCOL_VERSION = 'v';
    public static final byte NO_DATA = 'n';
    public static final byte NOTICE_RESPONSE = 'N';
    public static final byte NOTIFICATION_RESPONSE = 'A';
    public static final byte PARAMETER_DESCRIPTION = 't';
    public static final byte PARAMETER_STATUS = 'S';
    public static final byte PARSE_COMPLETE = '1';
    public static final byte PORTAL_SUSPENDED = 's';
    public static final byte READY_FOR_QUERY = 'Z';
    public static final byte ROW_DESCRIPTION = 'T';

    /** Authentication sub-codes (the Int32 after the length of an {@link #AUTHENTICATION} message). */
    public static final int AUTHENTICATION_OK = 0;

    public static final int AUTHENTICATION_KERBEROS_V5 = 2;
    public static final int AUTHENTICATION_CLEARTEXT_PASSWORD = 3;
    public static final int AUTHENTICATION_MD5_PASSWORD = 5;
    public static final int AUTHENTICATION_GSS = 7;
    public static final int AUTHENTICATION_GSS_CONTINUE = 8;
    public static final int AUTHENTICATION_SSPI = 9;
    public static final int AUTHENTICATION_SASL = 10;
    public static final int AUTHENTICATION_SASL_CONTINUE = 11;
    public static final int AUTHENTICATION_SASL_FINAL = 12;

    /** ReadyForQuery transaction status bytes. */
    public static final byte TRANSACTION_IDLE = 'I';

    public static final byte TRANSACTION_IN_BLOCK = 'T';
    public static final byte TRANSACTION_FAILED = 'E';

    /** The single-byte answers to an SSLRequest. */
    public static final byte SSL_ACCEPTED = 'S';

    public static final byte SSL_REFUSED = 'N';

    private BackendMessage() {}

    /** True for a type byte the specification defines for the backend. */
    public static boolean isKnown(byte type) {
        return switch (type) {
            case AUTHENTICATION,
                    BACKEND_KEY_DATA,
                    BIND_COMPLETE,
                    CLOSE_COMPLETE,
                    COMMAND_COMPLETE,
                    COPY_IN_RESPONSE,
                    COPY_OUT_RESPONSE,
                    COPY_BOTH_RESPONSE,
                    COPY_DATA,
                    COPY_DONE,
                    DATA_ROW,
                    EMPTY_QUERY_RESPONSE,
                    ERROR_RESPONSE,
                    NEGOTIATE_PROTOCOL_VERSION,
                    NO_DATA,
                    NOTICE_RESPONSE,
                    NOTIFICATION_RESPONSE,
                    PARAMETER_DESCRIPTION,
                    PARAMETER_STATUS,
                    PARSE_COMPLETE,
                    PORTAL_SUSPENDED,
                    READY_FOR_QUERY,
                    ROW_DESCRIPTION -> true;
            default -> false;
        };
    }

    /** The type byte for messages: printable as a character when it is one. */
    public static String describe(byte type) {
        return type >= 0x20 && type < 0x7f ? "'" + (char) type + "'" : "0x" + Integer.toHexString(type & 0xff);
    }
}
