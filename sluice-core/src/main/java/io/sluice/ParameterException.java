package io.sluice;

import java.io.Serial;

/**
 * The parameters given do not fit the statement's placeholders: a wrong number of positional values,
 * a named placeholder without a value, or named values for SQL written with positional placeholders.
 * Thrown before the statement runs (MySQL, which counts the placeholders itself, may have prepared it);
 * nothing is wrong with the connection.
 */
public class ParameterException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** An exception with the given message ({@code what failed: key=value}). */
    public ParameterException(String message) {
        super(message);
    }
}
