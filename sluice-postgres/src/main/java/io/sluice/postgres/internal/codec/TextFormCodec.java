package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.ValueCodec.toBoolean;
import static io.sluice.postgres.internal.codec.ValueCodec.toDouble;
import static io.sluice.postgres.internal.codec.ValueCodec.toLong;
import static io.sluice.postgres.internal.codec.ValueCodec.toUuid;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A value in PostgreSQL's text form, what {@code getString} returns: text-format values as sent
 * (canonicalized where a session setting would change them), binary ones rendered as the server
 * would. Never NULL here.
 */
public final class TextFormCodec {
    private TextFormCodec() {}

    /** The value in PostgreSQL's text form: text-format values as sent, binary ones rendered the way the server would. */
    public static String toText(byte[] b, int off, int len, int oid, boolean binary) {
        if (!binary) {
            String text = TextCodec.utf8(b, off, len);
            int element = PgTypes.elementOid(oid);
            if (element != 0) {
                return needsCanonicalText(element) ? canonicalArrayText(text, element) : text;
            }
            return needsCanonicalText(oid) ? canonicalText(text, oid) : text;
        }
        return switch (oid) {
            case PgTypes.BOOL -> toBoolean(b, off, len, oid, true) ? "t" : "f";
            case PgTypes.INT2, PgTypes.INT4, PgTypes.INT8, PgTypes.OID -> Long.toString(toLong(b, off, len, oid, true));
            case PgTypes.FLOAT4, PgTypes.FLOAT8 ->
                FloatCodec.format(toDouble(b, off, len, oid, true), oid == PgTypes.FLOAT4);
            case PgTypes.NUMERIC -> NumericCodec.binaryToText(b, off, len);
            case PgTypes.BYTEA -> ByteaCodec.encodeHexText(b, off, len);
            case PgTypes.UUID -> toUuid(b, off, len, oid, true).toString();
            case PgTypes.DATE -> DateTimeTextCodec.formatDate(DateTimeCodec.dateFromBinary(b, off, len));
            case PgTypes.TIME -> DateTimeTextCodec.formatTime(DateTimeCodec.timeMicrosFromBinary(b, off, len, oid));
            case PgTypes.TIMETZ ->
                DateTimeTextCodec.formatTimetz(
                        DateTimeCodec.timeMicrosFromBinary(b, off, len, oid),
                        DateTimeCodec.timetzOffsetFromBinary(b, off, len));
            case PgTypes.TIMESTAMP, PgTypes.TIMESTAMPTZ ->
                DateTimeTextCodec.formatTimestamp(
                        DateTimeCodec.timestampMicrosFromBinary(b, off, len, oid), oid == PgTypes.TIMESTAMPTZ);
            case PgTypes.INTERVAL -> IntervalTextCodec.format(IntervalCodec.decodeBinary(b, off, len));
            case PgTypes.JSONB -> {
                int start = JsonbCodec.payloadOffset(b, off, len);
                yield TextCodec.utf8(b, start, off + len - start);
            }
            default -> {
                if (PgTypes.elementOid(oid) != 0) {
                    yield ArrayCodec.binaryToText(b, off, len, oid);
                }
                yield ExtendedValueCodec.isExtendedScalar(oid)
                        ? ExtendedValueCodec.toText(b, off, len, oid, true)
                        : TextCodec.utf8(b, off, len);
            }
        };
    }

    /**
     * Types whose text form depends on a session setting that binary results ignore: timestamptz
     * (TimeZone), interval (IntervalStyle), bytea (bytea_output). getString renders them in one form for
     * both formats (UTC, IntervalStyle postgres, hex), so it does not change between a statement's
     * first (text) and later (binary) executions.
     */
    private static boolean needsCanonicalText(int oid) {
        return oid == PgTypes.TIMESTAMPTZ
                || oid == PgTypes.INTERVAL
                || oid == PgTypes.BYTEA
                || oid == PgTypes.MONEY // lc_monetary
                || oid == PgTypes.TSTZRANGE
                || oid == PgTypes.TSTZMULTIRANGE;
    }

    private static String canonicalText(String text, int oid) {
        return switch (oid) {
            case PgTypes.TIMESTAMPTZ -> {
                if (text.endsWith("+00")) {
                    yield text; // already UTC: the common case costs no parsing
                }
                OffsetDateTime t = DateTimeTextCodec.parseTimestamptz(text.strip());
                yield DateTimeTextCodec.formatTimestamp(DateTimeCodec.timestamptzMicros(t), true);
            }
            case PgTypes.INTERVAL -> IntervalTextCodec.format(IntervalTextCodec.parse(text.strip()));
            case PgTypes.BYTEA -> {
                if (text.startsWith("\\x")) {
                    yield text;
                }
                byte[] raw = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                byte[] decoded = ByteaCodec.decodeText(raw, 0, raw.length);
                yield ByteaCodec.encodeHexText(decoded, 0, decoded.length);
            }
            case PgTypes.MONEY, PgTypes.TSTZRANGE, PgTypes.TSTZMULTIRANGE -> {
                byte[] raw = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                yield ExtendedValueCodec.toText(raw, 0, raw.length, oid, false);
            }
            default -> text;
        };
    }

    private static String canonicalArrayText(String text, int element) {
        if (text.startsWith("[") || text.startsWith("{{")) {
            return text; // bounds decoration or several dimensions: left as the server wrote it
        }
        List<String> elements = ArrayTextCodec.split(text);
        for (int i = 0; i < elements.size(); i++) {
            if (elements.get(i) != null) {
                elements.set(i, canonicalText(elements.get(i), element));
            }
        }
        return ArrayTextCodec.appendText(new StringBuilder(text.length()), elements)
                .toString();
    }
}
