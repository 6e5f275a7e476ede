package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import io.sluice.types.BitString;
import io.sluice.types.InetPrefix;
import io.sluice.types.Range;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * The type table beyond {@link ValueCodec}'s core types: network addresses, money, bit strings,
 * tsvector, ranges and multiranges (fixed OIDs, both formats), and the conversions chosen by the
 * requested Java class rather than by the column's type: Java enums (by label), records (from
 * composites), {@code Map} (from hstore), Java arrays (from arrays of any dimension). {@link ValueCodec}
 * reaches this class only after its own types and classes, so they pay nothing for it. See TYPES.md.
 */
public final class ExtendedValueCodec {
    private ExtendedValueCodec() {}

    /** True for the fixed-OID types this class decodes in both formats. */
    static boolean isExtendedScalar(int oid) {
        return switch (oid) {
            case PgTypes.INET,
                    PgTypes.CIDR,
                    PgTypes.MACADDR,
                    PgTypes.MACADDR8,
                    PgTypes.MONEY,
                    PgTypes.BIT,
                    PgTypes.VARBIT,
                    PgTypes.TSVECTOR -> true;
            default -> RangeCodec.subtype(oid) != 0;
        };
    }

    /** The natural Java value of an extended type (see TYPES.md). */
    static Object toObject(byte[] b, int off, int len, int oid, boolean binary) {
        return switch (oid) {
            case PgTypes.INET, PgTypes.CIDR -> NetworkCodec.decode(b, off, len, binary);
            case PgTypes.MACADDR, PgTypes.MACADDR8 ->
                NetworkCodec.macText(NetworkCodec.macBytes(b, off, len, oid, binary));
            case PgTypes.MONEY -> MoneyCodec.decode(b, off, len, binary);
            case PgTypes.BIT, PgTypes.VARBIT -> BitStringCodec.decode(b, off, len, binary);
            case PgTypes.TSVECTOR -> toText(b, off, len, oid, binary);
            default -> {
                int subtype = RangeCodec.subtype(oid);
                yield RangeCodec.isMultirange(oid)
                        ? RangeCodec.decodeMulti(b, off, len, subtype, binary, Object.class)
                        : RangeCodec.decode(b, off, len, subtype, binary, Object.class);
            }
        };
    }

    /** getString of an extended type: the server's text form, in one form for both formats. */
    static String toText(byte[] b, int off, int len, int oid, boolean binary) {
        switch (oid) {
            case PgTypes.INET, PgTypes.CIDR -> {
                return binary
                        ? NetworkCodec.format(NetworkCodec.decode(b, off, len, true), oid == PgTypes.CIDR)
                        : TextCodec.utf8(b, off, len);
            }
            case PgTypes.MACADDR, PgTypes.MACADDR8 -> {
                return binary
                        ? NetworkCodec.macText(NetworkCodec.macBytes(b, off, len, oid, true))
                        : TextCodec.utf8(b, off, len);
            }
            case PgTypes.MONEY -> {
                return MoneyCodec.format(MoneyCodec.decode(b, off, len, binary));
            }
            case PgTypes.BIT, PgTypes.VARBIT -> {
                return binary ? BitStringCodec.decode(b, off, len, true).toString() : TextCodec.utf8(b, off, len);
            }
            case PgTypes.TSVECTOR -> {
                return binary ? TsvectorCodec.binaryToText(b, off, len) : TextCodec.utf8(b, off, len);
            }
            default -> {
                int subtype = RangeCodec.subtype(oid);
                if (RangeCodec.isMultirange(oid)) {
                    return RangeCodec.multiToText(b, off, len, subtype, binary);
                }
                if (binary) {
                    return RangeCodec.binaryToText(b, off, len, subtype);
                }
                String text = TextCodec.utf8(b, off, len);
                return subtype == PgTypes.TIMESTAMPTZ ? RangeCodec.canonicalText(text, subtype) : text;
            }
        }
    }

    /**
     * Conversions to classes {@link ValueCodec#convert} does not know, or {@code null} when none
     * applies (the caller then refuses the class).
     */
    static Object convert(byte[] b, int off, int len, int oid, boolean binary, Class<?> t) {
        if (t.isEnum()) {
            return toEnum(TextFormCodec.toText(b, off, len, oid, binary), t);
        }
        int element = t.isArray() && t != byte[].class ? ArrayCodec.textArrayElement(oid, binary) : 0;
        if (element != 0) {
            List<Object> nested =
                    MultiArrayCodec.decode(b, off, len, element, binary, ValueCodec.box(MultiArrayCodec.leafClass(t)));
            return MultiArrayCodec.toJavaArray(nested, t);
        }
        if (t == Range.class) {
            int subtype = RangeCodec.subtype(oid);
            if (subtype != 0 && !RangeCodec.isMultirange(oid)) {
                return RangeCodec.decode(b, off, len, subtype, binary, Object.class);
            }
        }
        if (t == Map.class) {
            return HstoreCodec.decode(b, off, len, binary);
        }
        if (t == InetPrefix.class && (oid == PgTypes.INET || oid == PgTypes.CIDR || ValueCodec.isTextLike(oid))) {
            return oid == PgTypes.INET || oid == PgTypes.CIDR
                    ? NetworkCodec.decode(b, off, len, binary)
                    : NetworkCodec.parse(TextCodec.utf8(b, off, len).strip());
        }
        if (t == InetAddress.class) {
            InetPrefix p = (InetPrefix) convert(b, off, len, oid, binary, InetPrefix.class);
            return p == null ? null : p.address();
        }
        if (t == BitString.class || t == BitSet.class) {
            if (oid != PgTypes.BIT && oid != PgTypes.VARBIT && !ValueCodec.isTextLike(oid)) {
                return null;
            }
            BitString bits = oid == PgTypes.BIT || oid == PgTypes.VARBIT
                    ? BitStringCodec.decode(b, off, len, binary)
                    : BitString.parse(TextCodec.utf8(b, off, len).strip());
            return t == BitSet.class ? bits.toBitSet() : bits;
        }
        if (t.isRecord() && (oid == PgTypes.RECORD || !binary)) {
            return CompositeCodec.decode(b, off, len, binary, t);
        }
        return null;
    }

    /** money as BigDecimal; null when {@code oid} is not money. */
    static BigDecimal toBigDecimal(byte[] b, int off, int len, int oid, boolean binary) {
        return oid == PgTypes.MONEY ? MoneyCodec.decode(b, off, len, binary) : null;
    }

    /** macaddr/macaddr8 as their bytes; null for other types. */
    static byte[] toBytes(byte[] b, int off, int len, int oid, boolean binary) {
        return oid == PgTypes.MACADDR || oid == PgTypes.MACADDR8
                ? NetworkCodec.macBytes(b, off, len, oid, binary)
                : null;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object toEnum(String label, Class<?> t) {
        try {
            return Enum.valueOf((Class) t, label);
        } catch (IllegalArgumentException e) {
            throw new ValueConversionException("no constant of " + t.getName() + " for the label: value=" + label);
        }
    }
}
