package io.sluice;

import java.io.Serial;
import java.util.Map;

/**
 * The server reported an error for a statement. The connection stays usable unless
 * {@link #isFatal()} says otherwise.
 *
 * <p>{@link #fields()} holds every field the server sent, keyed by PostgreSQL's documented names
 * (see {@link ServerMessage}); MySQL errors fill {@code sqlstate}, {@code message} and
 * {@code error_code}.
 */
public class ServerException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final ServerMessage serverMessage;

    public ServerException(ServerMessage serverMessage) {
        super(serverMessage.describe());
        this.serverMessage = serverMessage;
    }

    /** The server's message with all its fields. */
    public ServerMessage serverMessage() {
        return serverMessage;
    }

    /** The five-character SQLSTATE, for example {@code 23505} for a unique violation. */
    public String sqlState() {
        return serverMessage.sqlState();
    }

    /** Every field the server sent, by name; never null. */
    public Map<String, String> fields() {
        return serverMessage.fields();
    }

    /** True when the server ends the session after this error (PostgreSQL severity FATAL or PANIC). */
    public boolean isFatal() {
        return serverMessage.isFatal();
    }
}
