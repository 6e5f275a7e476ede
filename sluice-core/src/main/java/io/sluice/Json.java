package io.sluice;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A parameter to be sent as JSON ({@code jsonb} or {@code json} in PostgreSQL, {@code JSON} in MySQL)
 * rather than as text. The driver does not parse or validate it; the server does.
 */
public record Json(String text) {

    public Json {
        Objects.requireNonNull(text, "text");
    }

    /** JSON from UTF-8 bytes. */
    public static Json of(byte[] utf8) {
        return new Json(new String(utf8, StandardCharsets.UTF_8));
    }
}
