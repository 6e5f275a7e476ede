package io.sluice.sql;

import io.sluice.NamedParams;
import io.sluice.ParameterException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A native-API SQL text in the form its driver sends, with the rule that binds the caller's values
 * to it. Both drivers accept:
 *
 * <ul>
 *   <li>{@code ?} positional placeholders. PostgreSQL keeps its own {@code $1, $2, ...}: a text
 *       that has one is native and sent unchanged, and so is a text run without parameters.
 *   <li>{@code :name} placeholders, read only when the sole parameter is a {@link NamedParams}
 *       (anything else leaves a {@code :} untouched, so array slices such as {@code a[1:n]} stay
 *       intact). PostgreSQL's {@code ::} casts and {@code :=} are never names. A name starts with a
 *       letter or {@code _}; PostgreSQL sends each distinct name once ({@code $k}), MySQL one
 *       {@code ?} per occurrence. A named text that also has {@code ?} or {@code $n} placeholders is
 *       rejected ({@link SqlSyntaxException}).
 * </ul>
 *
 * <p>Nothing inside a literal, quoted identifier, dollar-quoted body or comment is a placeholder
 * ({@link SqlLexer}: PostgreSQL {@code E'..'} escapes and nested block comments, MySQL backslash
 * escapes, backticks and {@code #} comments). MySQL's executable comments ({@code /*! ... *\/})
 * are comments to the scanner: write no {@code :name} in one.
 *
 * <p>PostgreSQL's {@code ?} operators: in a text with {@code ?} or {@code :name} placeholders,
 * {@code ?|} and {@code ?&} stay the jsonb operators and the key-exists operator {@code ?} is
 * written {@code ??} (JDBC's escape, as in pgjdbc), as a lone {@code ?} is a placeholder there. In
 * a native text ({@code $n}, or no parameters) every {@code ?} is the operator. A {@code ?} meant as
 * a placeholder in a {@code $n} text therefore shows up as a wrong parameter count
 * ({@link ParameterException}, whose message says so): mixing the styles is an error either way.
 *
 * <p>Costs: a text is scanned once per dialect and mode, then served from a cache shared by every
 * connection in the JVM (bounded; cleared when full), so an execution costs one hash lookup of a
 * text whose hash the {@code String} keeps; a {@code $n} text is returned unchanged (the same
 * instance). A text run without parameters, and MySQL's positional texts, are neither scanned nor
 * cached (the MySQL server counts the placeholders when it prepares the text).
 */
public final class NativeSql {
    /** Texts per dialect and mode the cache holds before it starts over. */
    static final int CACHE_LIMIT = 4096;

    @SuppressWarnings("unchecked")
    private static final ConcurrentHashMap<String, NativeSql>[] CACHES = new ConcurrentHashMap[4];

    static {
        for (int i = 0; i < CACHES.length; i++) {
            CACHES[i] = new ConcurrentHashMap<>();
        }
    }

    private final String sql;
    private final int parameterCount;
    private final String[] names; // null for positional placeholders
    private final boolean questionOperators; // a PostgreSQL $n text that also holds a ? (taken as an operator)

    NativeSql(String sql, int parameterCount, String[] names, boolean questionOperators) {
        this.sql = sql;
        this.parameterCount = parameterCount;
        this.names = names;
        this.questionOperators = questionOperators;
    }

    /**
     * The translation of {@code sql} for {@code params}: named when {@code params} is one
     * {@link NamedParams}, positional otherwise. Cached (see the class comment).
     *
     * @throws SqlSyntaxException if the text mixes placeholder styles
     */
    public static NativeSql translate(String sql, SqlDialect dialect, Object[] params) {
        boolean named = isNamed(params);
        if (!named && (params.length == 0 || dialect == SqlDialect.MYSQL)) {
            // MySQL's own placeholder is ?, and the server counts them when it prepares the text.
            return new NativeSql(Objects.requireNonNull(sql, "sql"), params.length, null, false);
        }
        return cached(sql, dialect, named);
    }

    /**
     * The translation of a statement prepared before its values are known
     * ({@link io.sluice.Connection#prepare}): positional if the text has {@code ?} or {@code $n}
     * placeholders or none at all, named if it has {@code :name} ones (its executions then take one
     * {@link NamedParams}). Cached like {@link #translate}.
     *
     * @throws SqlSyntaxException if the text mixes placeholder styles
     */
    public static NativeSql forStatement(String sql, SqlDialect dialect) {
        NativeSql positional = cached(sql, dialect, false);
        if (positional.parameterCount > 0 || sql.indexOf(':') < 0) {
            return positional;
        }
        NativeSql named = cached(sql, dialect, true);
        return named.parameterCount > 0 ? named : positional;
    }

    /**
     * {@code sql} sent as it is, with as many positional values as each execution brings (the server
     * checks their number): for a text whose placeholders are known to be native.
     */
    public static NativeSql verbatim(String sql) {
        return new NativeSql(Objects.requireNonNull(sql, "sql"), -1, null, false);
    }

    private static NativeSql cached(String sql, SqlDialect dialect, boolean named) {
        Objects.requireNonNull(sql, "sql");
        ConcurrentHashMap<String, NativeSql> cache = CACHES[dialect.ordinal() * 2 + (named ? 1 : 0)];
        NativeSql cached = cache.get(sql);
        if (cached != null) {
            return cached;
        }
        NativeSql fresh = ParameterScanner.scan(sql, dialect, named);
        if (cache.size() >= CACHE_LIMIT) {
            cache.clear(); // rare: a working set this large is texts built with literals
        }
        cache.put(sql, fresh);
        return fresh;
    }

    /** Whether {@code params} is a single {@link NamedParams}, which makes a statement's parameters named. */
    public static boolean isNamed(Object[] params) {
        return params.length == 1 && params[0] instanceof NamedParams;
    }

    /** The text to send, in the dialect's native placeholder syntax. */
    public String sql() {
        return sql;
    }

    /** The number of values the server expects; -1 for a {@link #verbatim} text, whose values the server counts. */
    public int parameterCount() {
        return parameterCount;
    }

    /** The name of each native parameter in order (for MySQL one per occurrence); empty when positional. */
    public List<String> names() {
        return names == null ? List.of() : List.of(names);
    }

    /**
     * The positional values for one execution: {@code params} itself when positional (no copy), the
     * named values in placeholder order otherwise.
     *
     * @throws ParameterException if the number of values is wrong or a name has no value
     */
    public Object[] bind(Object[] params) {
        if (names != null) {
            if (!isNamed(params)) {
                throw new ParameterException("named placeholders need one NamedParams: given=" + params.length
                        + " positional values, sql=" + excerpt());
            }
            NamedParams values = (NamedParams) params[0];
            Object[] out = new Object[names.length];
            for (int i = 0; i < names.length; i++) {
                out[i] = values.value(names[i]);
            }
            return out;
        }
        if (params.length != parameterCount && parameterCount >= 0) {
            throw new ParameterException("wrong number of parameters: expected=" + parameterCount + ", given="
                    + params.length + (isNamed(params) ? ", fix=write :name placeholders" : "")
                    + (questionOperators
                            ? ", note=a ? in a text written with $n is the operator, not a placeholder"
                            : "")
                    + ", sql=" + excerpt());
        }
        return params;
    }

    /** {@link #bind} for each parameter set of a batch; the list itself when nothing changes. */
    public List<Object[]> bindAll(List<Object[]> parameterSets) {
        List<Object[]> out = names == null ? parameterSets : new ArrayList<>(parameterSets.size());
        for (Object[] set : parameterSets) {
            Object[] bound = bind(set);
            if (out != parameterSets) {
                out.add(bound);
            }
        }
        return out;
    }

    private String excerpt() {
        return sql.length() <= 80 ? sql : sql.substring(0, 80) + "...";
    }

    @Override
    public String toString() {
        return "NativeSql[sql=" + excerpt() + ", parameterCount=" + parameterCount
                + (names == null ? "" : ", names=" + Arrays.toString(names)) + "]";
    }
}
