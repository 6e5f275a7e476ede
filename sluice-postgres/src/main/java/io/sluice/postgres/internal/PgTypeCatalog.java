package io.sluice.postgres.internal;

import io.sluice.Interval;
import io.sluice.Json;
import io.sluice.postgres.internal.codec.CodecLookup;
import io.sluice.postgres.internal.codec.ExtendedParams.TextParam;
import io.sluice.postgres.internal.codec.PgTypes;
import io.sluice.postgres.internal.codec.RowLayout;
import io.sluice.types.TypeCodec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One connection's view of the application's {@link TypeCodec}s: their types' OIDs, looked up in
 * {@code pg_type} by name with one query, and kept until a result shows an OID the connection has
 * not seen (a type created, or dropped and created again, since), which makes the next request look
 * the names up again. {@link PgConnection#reset()} forgets the OIDs seen, so that a pooled connection
 * notices types created while it was idle. Exists only for configurations with codecs: every other
 * connection has none, and pays nothing.
 *
 * <p>Thread-safe: the maps are replaced whole, and read without locks by the reading thread.
 */
final class PgTypeCatalog implements CodecLookup {
    private static final String LOOKUP = "SELECT t.oid::int8, n.nspname, t.typname, pg_type_is_visible(t.oid)"
            + " FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE t.typname = ANY($1) ORDER BY t.oid";

    private final List<TypeCodec<?>> codecs;
    private final Map<Class<?>, TypeCodec<?>> byClass;
    /** The resolved OIDs and their codecs, index for index: scanned, as codecs are few, without boxing. */
    private volatile Resolved resolvedOids = new Resolved(new int[0], new TypeCodec<?>[0]);

    private record Resolved(int[] oids, TypeCodec<?>[] codecs) {
        TypeCodec<?> codec(int oid) {
            for (int i = 0; i < oids.length; i++) {
                if (oids[i] == oid) {
                    return codecs[i];
                }
            }
            return null;
        }

        int oid(TypeCodec<?> codec) {
            for (int i = 0; i < codecs.length; i++) {
                if (codecs[i] == codec) {
                    return oids[i];
                }
            }
            return 0;
        }
    }

    private volatile boolean resolved;
    /** Per parameter class, the codec whose Java type it is an instance of (NONE when none): one scan per class. */
    private final Map<Class<?>, TypeCodec<?>> byParamClass = new ConcurrentHashMap<>();

    private static final TypeCodec<?> NONE = TypeCodec.ofText("", Object.class, s -> s, String::valueOf);

    /** Result OIDs outside the driver's table already met: each one prompts one lookup, not one per result. */
    private final Set<Integer> seen = ConcurrentHashMap.newKeySet();

    PgTypeCatalog(List<TypeCodec<?>> codecs) {
        this.codecs = List.copyOf(codecs);
        Map<Class<?>, TypeCodec<?>> classes = new HashMap<>();
        for (TypeCodec<?> c : codecs) {
            if (!isCoreClass(c.javaType())) {
                classes.putIfAbsent(c.javaType(), c);
            }
        }
        this.byClass = Map.copyOf(classes);
    }

    /**
     * Classes the driver reads and sends by its own table: a codec for one of them (a type read as
     * String, say) applies to its type's columns only, never to every String parameter or getter.
     */
    private static boolean isCoreClass(Class<?> c) {
        return c == String.class
                || c == Object.class
                || c == Character.class
                || c == Boolean.class
                || Number.class.isAssignableFrom(c)
                || c == byte[].class
                || c == UUID.class
                || c == Interval.class
                || c == Json.class
                || List.class.isAssignableFrom(c)
                || c.getPackageName().equals("java.time");
    }

    /** True when {@code codecs} has a binary codec for {@code oid}: results of it are requested in binary. */
    static boolean binary(CodecLookup codecs, int oid) {
        if (codecs == null) {
            return false;
        }
        TypeCodec<?> c = codecs.byOid(oid);
        return c != null && c.binary();
    }

    @Override
    public TypeCodec<?> byOid(int oid) {
        return resolvedOids.codec(oid);
    }

    @Override
    public TypeCodec<?> byClass(Class<?> type) {
        return byClass.get(type);
    }

    /** Attaches the codecs to a result's layout; an OID never met before makes the next request look names up. */
    void attach(RowLayout layout) {
        layout.codecs(this);
        Resolved known = resolvedOids;
        for (int i = 0; i < layout.columnCount(); i++) {
            int oid = layout.typeOid(i);
            if (!PgTypes.binaryResultSupported(oid) && known.codec(oid) == null && seen.add(oid)) {
                resolved = false;
            }
        }
    }

    /**
     * A CommandComplete tag: DDL that creates, drops or changes a type or an extension on this
     * connection makes the next request look the names up first, so that not even the first result
     * of a type created here reads as text.
     */
    void commandComplete(byte[] b, int off, int len) {
        if (len > 6 && (b[off] == 'C' || b[off] == 'D' || b[off] == 'A')) {
            String tag = new String(b, off, len - 1, java.nio.charset.StandardCharsets.US_ASCII);
            if (tag.endsWith(" TYPE") || tag.endsWith(" EXTENSION") || tag.endsWith(" DOMAIN")) {
                resolved = false;
            }
        }
    }

    /** Forgets the OIDs met, so that types created since are looked up (a pool's reset). */
    void reset() {
        seen.clear();
    }

    /**
     * Looks the codecs' types up if needed, then returns {@code params} with each value of a codec's
     * class replaced by its text, declared as the type's OID (the same array when none is replaced).
     */
    Object[] bind(PgConnection connection, Object[] params) {
        if (!resolved) {
            resolve(connection);
        }
        Object[] out = params;
        for (int i = 0; i < params.length; i++) {
            Object p = params[i];
            TypeCodec<?> codec = p == null ? NONE : byParamClass.computeIfAbsent(p.getClass(), this::codecFor);
            if (codec != NONE) {
                if (out == params) {
                    out = params.clone();
                }
                out[i] = new TextParam(encode(codec, p), resolvedOids.oid(codec));
            }
        }
        return out;
    }

    private TypeCodec<?> codecFor(Class<?> c) {
        TypeCodec<?> exact = byClass.get(c);
        if (exact != null) {
            return exact;
        }
        for (TypeCodec<?> codec : codecs) { // registration order: the first that fits
            if (!isCoreClass(codec.javaType()) && codec.javaType().isAssignableFrom(c)) {
                return codec; // a LinkedHashMap for the hstore codec's Map
            }
        }
        return NONE;
    }

    @SuppressWarnings("unchecked")
    private static <T> String encode(TypeCodec<T> codec, Object value) {
        return codec.encodeText((T) value);
    }

    private synchronized void resolve(PgConnection connection) {
        if (resolved) {
            return;
        }
        List<String> names = new ArrayList<>();
        for (TypeCodec<?> c : codecs) {
            names.add(bareName(c.typeName()));
        }
        record Found(int oid, String schema, String name, boolean visible) {}
        List<Found> found = connection.internalQuery(
                LOOKUP, r -> new Found((int) r.getLong(0), r.getString(1), r.getString(2), r.getBoolean(3)), names);
        List<Integer> oids = new ArrayList<>();
        List<TypeCodec<?>> matched = new ArrayList<>();
        for (TypeCodec<?> c : codecs) {
            String name = bareName(c.typeName());
            int dot = c.typeName().lastIndexOf('.');
            String schema = dot < 0 ? null : c.typeName().substring(0, dot);
            Found best = null;
            for (Found f : found) {
                if (!f.name().equals(name) || schema != null && !schema.equals(f.schema())) {
                    continue;
                }
                if (best == null || f.visible() && !best.visible()) {
                    best = f;
                }
            }
            if (best != null && !oids.contains(best.oid())) { // the first codec registered for a type wins
                oids.add(best.oid());
                matched.add(c);
            }
        }
        resolvedOids =
                new Resolved(oids.stream().mapToInt(Integer::intValue).toArray(), matched.toArray(new TypeCodec<?>[0]));
        resolved = true;
    }

    private static String bareName(String typeName) {
        return typeName.substring(typeName.lastIndexOf('.') + 1);
    }
}
