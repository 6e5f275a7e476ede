package io.sluice;

import java.io.Serial;

/**
 * A connection URL, a setting or a configuration file is malformed or out of range (an unknown
 * {@code sslmode}, a port that is not a number, a service that no service file defines). Thrown before any
 * connection is attempted; fix the value it names.
 */
public class ConfigurationException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public ConfigurationException(String message) {
        super(message);
    }

    public ConfigurationException(String message, Throwable cause) {
        super(message, cause);
    }
}
