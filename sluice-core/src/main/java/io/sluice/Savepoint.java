package io.sluice;

import java.util.regex.Pattern;

/**
 * A savepoint inside the open transaction of one connection, set by {@link Connection#savepoint()}
 * or {@link Connection#savepoint(String)}.
 *
 * <p>Names are restricted to {@code [A-Za-z_][A-Za-z0-9_]*}, at most 63 characters (PostgreSQL's
 * identifier limit), so that every driver can send them quoted without any escaping; two names that
 * differ only in case are the same savepoint (as MySQL compares them). Names starting with
 * {@code sluice_sp_} are those {@link Connection#savepoint()} generates.
 *
 * @param name the savepoint's name as sent to the server
 */
public record Savepoint(String name) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

    /**
     * @throws IllegalArgumentException if {@code name} is null or not a plain identifier of at most 63
     *                                  characters
     */
    public Savepoint {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    "invalid savepoint name, expected [A-Za-z_][A-Za-z0-9_]* of at most 63 characters: name=" + name);
        }
    }
}
