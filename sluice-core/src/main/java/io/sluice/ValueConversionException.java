package io.sluice;

import java.io.Serial;

/**
 * A value cannot be represented as the requested Java type: SQL NULL read through a primitive
 * getter, a number out of range, text that does not parse, a special value (NaN, infinity) with no
 * Java counterpart. Nothing is wrong with the connection.
 */
public class ValueConversionException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public ValueConversionException(String message) {
        super(message);
    }

    public ValueConversionException(String message, Throwable cause) {
        super(message, cause);
    }
}
