package io.sluice.sql;

import java.util.List;

/**
 * A JDBC-style SQL text after {@link Placeholders#parse}: one or more statements (the text split at
 * top-level {@code ;}), each in the dialect's native parameter syntax, with escapes rewritten.
 *
 * @param statements     the statements in order, never empty (an empty text gives one empty statement)
 * @param parameterCount the number of {@code ?} placeholders in the whole text
 */
public record ParsedSql(List<Statement> statements, int parameterCount) {
    /** Copies the list. */
    public ParsedSql {
        statements = List.copyOf(statements);
    }

    /**
     * One statement of the text.
     *
     * @param sql            the statement in native syntax ({@code $1, $2, ...} for PostgreSQL, {@code ?} for MySQL)
     * @param parameterCount its placeholders; they take the next values of the whole text's parameters
     */
    public record Statement(String sql, int parameterCount) {}

    /** Whether the text holds exactly one statement. */
    public boolean isSingle() {
        return statements.size() == 1;
    }

    /** The only statement's native SQL; for a text with several, the first. */
    public String sql() {
        return statements.get(0).sql();
    }
}
