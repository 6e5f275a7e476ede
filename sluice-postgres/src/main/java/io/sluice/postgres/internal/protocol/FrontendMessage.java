package io.sluice.postgres.internal.protocol;

/**
 * Type bytes and codes of the messages the driver sends, named as the specification names them.
 * StartupMessage, SSLRequest and CancelRequest have no type byte; they start with their length and
 * a code in place of the protocol version.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">Message Formats</a>
 */
public final class FrontendMessage {
    public static final byte BIND = 'B';
    public static final byte CLOSE = 'C';
    public static final byte COPY_DATA = 'd';
    public static final byte COPY_DONE = 'c';
    public static final byte COPY_FAIL = 'f';
    public static final byte DESCRIBE = 'D';
    public static final byte EXECUTE = 'E';
    public static final byte FLUSH = 'H';
    public static final byte PARSE = 'P';
    public static final byte PASSWORD_MESSAGE = 'p';
    public static final byte SASL_INITIAL_RESPONSE = 'p';
    public static final byte SASL_RESPONSE = 'p';
    public static final byte QUERY = 'Q';
    public static final byte SYNC = 'S';
    public static final byte TERMINATE = 'X';

    /** Describe and Close target: a prepared statement. */
    public static final byte STATEMENT = 'S';
    /** Describe and Close target: a portal. */
    public static final byte PORTAL = 'P';

    /** Protocol version 3.0, as sent in StartupMessage. */
    public static final int PROTOCOL_VERSION_3 = 196608;
    /** The code of an SSLRequest (1234 in the high 16 bits, 5679 in the low). */
    public static final int SSL_REQUEST_CODE = 80877103;
    /** The code of a CancelRequest (1234 in the high 16 bits, 5678 in the low). */
    public static final int CANCEL_REQUEST_CODE = 80877102;

    private FrontendMessage() {}
}
