package io.sluice.sql;

import io.sluice.SluiceException;
import java.io.Serial;

/** A SQL text the client-side scanner cannot translate, such as an unknown or unclosed JDBC escape. */
public class SqlSyntaxException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** An exception with the given message ({@code what failed: key=value}). */
    public SqlSyntaxException(String message) {
        super(message);
    }
}
