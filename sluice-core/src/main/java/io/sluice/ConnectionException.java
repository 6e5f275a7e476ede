package io.sluice;

import java.io.Serial;

/**
 * The connection could not be opened, or it broke: I/O failure, server gone, connection closed.
 * A connection that threw this is {@linkplain Connection#isBroken() broken} unless the message says
 * it was only closed by the caller.
 */
public class ConnectionException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public ConnectionException(String message) {
        super(message);
    }

    public ConnectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
