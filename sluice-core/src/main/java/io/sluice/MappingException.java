package io.sluice;

import java.io.Serial;

/**
 * A row cannot be mapped to the requested class: a property has no column, the class has no usable
 * constructor or setters, or a column's value does not convert to the property's type (the cause then
 * says why). Nothing is wrong with the connection.
 */
public class MappingException extends ValueConversionException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** An exception with the given message ({@code what failed: key=value}). */
    public MappingException(String message) {
        super(message);
    }

    /** An exception with the given message and the failure that caused it. */
    public MappingException(String message, Throwable cause) {
        super(message, cause);
    }
}
