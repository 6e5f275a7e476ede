package io.sluice.sql;

/**
 * The lexical rules a SQL text is read with: which quotes, comments and escapes hide a {@code ?},
 * a {@code ;} or a {@code {}} from the placeholder and statement scanner.
 */
public enum SqlDialect {
    /**
     * PostgreSQL: {@code '...'} (quote doubled), {@code E'...'} (backslash escapes too),
     * {@code $tag$...$tag$}, {@code "..."} identifiers, {@code --} line and nested {@code /* *\/}
     * block comments. Parameters are written {@code $1, $2, ...}.
     */
    POSTGRESQL,
    /**
     * MySQL and MariaDB: {@code '...'} and {@code "..."} with backslash escapes and doubled quotes,
     * {@code `...`} identifiers, {@code #} and {@code -- } line comments, {@code /* *\/} block comments
     * (not nested). Parameters are written {@code ?}.
     */
    MYSQL
}
