package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import io.sluice.types.BitString;
import io.sluice.types.InetPrefix;
import io.sluice.types.Range;
import java.net.InetAddress;
import java.util.Map;

/**
 * Parameter types beyond {@link ParamEncoder}'s core table: {@link InetPrefix} and {@link InetAddress}
 * ({@code inet}, binary), {@link BitString} ({@code varbit}, binary), {@link Range} (the built-in range
 * type of its bounds' class, binary; untyped text when it has no bound), and, as untyped text the
 * server casts to the column's type, {@code Map} (hstore), records (composites) and
 * {@link TextParam} (a {@link io.sluice.types.TypeCodec}'s text). {@link ParamEncoder} reaches this
 * class only for classes it does not know.
 */
public final class ExtendedParams {
    private ExtendedParams() {}

    /**
     * A parameter already in its text form, declared as {@code oid} (0: the server infers it), as a
     * {@link io.sluice.types.TypeCodec} encodes it.
     */
    public record TextParam(String text, int oid) {}

    /** {@link #scalarOid}'s answer for classes whose type depends on the value: ask {@link #valueOid}. */
    static final int BY_VALUE = -2;

    /**
     * The declared type OID for a value of class {@code c}: 0 for untyped text, {@link #BY_VALUE} for
     * ranges and text parameters, -1 when the class is unknown. Reached only after the core classes,
     * so they pay nothing for it.
     */
    static int scalarOid(Class<?> c) {
        if (c == Range.class || c == TextParam.class) {
            return BY_VALUE;
        }
        if (c == InetPrefix.class || InetAddress.class.isAssignableFrom(c)) {
            return PgTypes.INET;
        }
        if (c == BitString.class) {
            return PgTypes.VARBIT;
        }
        if (Map.class.isAssignableFrom(c) || c.isRecord()) {
            return 0;
        }
        return -1;
    }

    /** The OID of a value whose class {@link #scalarOid} answered {@link #BY_VALUE} for. */
    static int valueOid(Object value) {
        if (value instanceof TextParam p) {
            return p.oid();
        }
        Range<?> r = (Range<?>) value;
        Object bound = r.lower() != null ? r.lower() : r.upper();
        if (bound == null) {
            return 0; // empty or (,): no class to choose a range type by
        }
        return RangeCodec.rangeOid(ParamEncoder.scalarOid(bound.getClass()));
    }

    static boolean encodeBinary(Object value, int oid, PgWriteBuffer out) {
        switch (value) {
            case InetPrefix v -> NetworkCodec.encode(v, false, out);
            case InetAddress v -> NetworkCodec.encode(InetPrefix.of(v), false, out);
            case BitString v -> BitStringCodec.encode(v, out);
            case Range<?> v -> RangeCodec.encode(v, RangeCodec.subtype(oid), out);
            case TextParam v -> out.writeUtf8(v.text());
            default -> {
                return false;
            }
        }
        return true;
    }

    /** A value's text form as PostgreSQL's input functions read it (for text parameters and composite fields). */
    static String text(Object v) {
        switch (v) {
            case String s -> {
                return s;
            }
            case Character c -> {
                return c.toString();
            }
            case Enum<?> e -> {
                return e.name();
            }
            case TextParam p -> {
                return p.text();
            }
            case Map<?, ?> m -> {
                return HstoreCodec.format(m);
            }
            case Range<?> r -> {
                return rangeText(r);
            }
            case Record r -> {
                return CompositeCodec.encodeText(r);
            }
            default -> {
                int oid = ParamEncoder.typeOid(v);
                if (oid == 0) {
                    throw new ValueConversionException(
                            "unsupported parameter type: class=" + v.getClass().getName());
                }
                PgWriteBuffer tmp = new PgWriteBuffer(32);
                ParamEncoder.encode(v, tmp);
                return TextFormCodec.toText(tmp.array(), 0, tmp.position(), oid, true);
            }
        }
    }

    private static String rangeText(Range<?> r) {
        if (r.isEmpty()) {
            return "empty";
        }
        StringBuilder s = new StringBuilder().append(r.lowerInclusive() ? '[' : '(');
        if (r.lower() != null) {
            RangeCodec.appendBound(s, text(r.lower()));
        }
        s.append(',');
        if (r.upper() != null) {
            RangeCodec.appendBound(s, text(r.upper()));
        }
        return s.append(r.upperInclusive() ? ']' : ')').toString();
    }
}
