package io.sluice;

import java.io.Serial;

/** The server refused the credentials, or asked for an authentication method the driver cannot do. */
public class AuthenticationException extends ConnectionException {
    @Serial
    private static final long serialVersionUID = 1L;

    public AuthenticationException(String message) {
        super(message);
    }

    public AuthenticationException(String message, Throwable cause) {
        super(message, cause);
    }
}
