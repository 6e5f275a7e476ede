package io.sluice;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An error or notice sent by the server, with every field it carried.
 *
 * <p>Field names follow PostgreSQL's ErrorResponse fields
 * (https://www.postgresql.org/docs/current/protocol-error-fields.html): {@code severity},
 * {@code sqlstate}, {@code message}, {@code detail}, {@code hint}, {@code position},
 * {@code internal_position}, {@code internal_query}, {@code where}, {@code schema}, {@code table},
 * {@code column}, {@code datatype}, {@code constraint}, {@code file}, {@code line}, {@code routine};
 * MySQL adds {@code error_code}. Unknown fields are kept under their one-letter code.
 */
public final class ServerMessage {
    private final Map<String, String> fields;

    /** Copies {@code fields}; insertion order is kept. */
    public ServerMessage(Map<String, String> fields) {
        this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public Map<String, String> fields() {
        return fields;
    }

    /** A field by name, or null when the server did not send it. */
    public String field(String name) {
        return fields.get(name);
    }

    public String severity() {
        return fields.get("severity");
    }

    public String sqlState() {
        return fields.get("sqlstate");
    }

    public String message() {
        return fields.get("message");
    }

    public String detail() {
        return fields.get("detail");
    }

    public String hint() {
        return fields.get("hint");
    }

    /** The 1-based character position of the error in the statement text, or 0 when not sent. */
    public int position() {
        String p = fields.get("position");
        return p == null ? 0 : Integer.parseInt(p);
    }

    boolean isFatal() {
        String s = severity();
        return "FATAL".equals(s) || "PANIC".equals(s);
    }

    /** One line: {@code SEVERITY SQLSTATE: message (detail=..., hint=..., position=...)}. */
    String describe() {
        StringBuilder b = new StringBuilder();
        if (severity() != null) {
            b.append(severity()).append(' ');
        }
        if (sqlState() != null) {
            b.append(sqlState());
        }
        b.append(": ").append(message());
        String sep = " (";
        for (String key : new String[] {"detail", "hint", "position", "where", "error_code"}) {
            String value = fields.get(key);
            if (value != null) {
                b.append(sep).append(key).append('=').append(value);
                sep = ", ";
            }
        }
        if (!" (".equals(sep)) {
            b.append(')');
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}
