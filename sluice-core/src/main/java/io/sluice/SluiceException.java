package io.sluice;

import java.io.Serial;

/**
 * The root of every exception Sluice throws. Unchecked: callers catch the subtype they can act on.
 *
 * <p>Messages take the form {@code what failed: key=value, key=value}, carry the state that explains
 * the failure and, where a setting would fix it, the setting's name. They never contain a password.
 */
public class SluiceException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    public SluiceException(String message) {
        super(message);
    }

    public SluiceException(String message, Throwable cause) {
        super(message, cause);
    }
}
