package io.sluice;

import java.io.Serial;

/**
 * The server sent something the protocol does not allow: a malformed, truncated or unexpected
 * message. The connection that saw it is marked broken and closed; it is never reused.
 */
public class ProtocolException extends ConnectionException {
    @Serial
    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }

    public ProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
