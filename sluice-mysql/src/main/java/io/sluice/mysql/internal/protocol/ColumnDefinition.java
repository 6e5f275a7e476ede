package io.sluice.mysql.internal.protocol;

import static io.sluice.mysql.internal.protocol.FieldTypes.*;

import io.sluice.Column;
import io.sluice.ColumnDetails;
import io.sluice.ColumnType;
import io.sluice.ProtocolException;

/**
 * One Column Definition packet, protocol 4.1 (https://mariadb.com/kb/en/result-set-packets/#column-definition-packet):
 *
 * <pre>
 *  string<lenenc> catalog, schema, table alias, table, column alias, column
 *  -- with MARIADB_CLIENT_EXTENDED_TYPE_INFO:
 *  int<lenenc>    length of the extended type information, then entries up to that length:
 *    int<1>         key: 0x00 type name ("point", "uuid"), 0x01 format ("json")
 *    string<lenenc> value
 *  int<lenenc>    length of the fixed fields (0x0c)
 *  int<2>         character set / collation
 *  int<4>         maximum column length
 *  int<1>         field type
 *  int<2>         flags
 *  int<1>         decimals
 *  int<2>         reserved
 * </pre>
 */
public record ColumnDefinition(Column column, int charset, long length, int fieldType, int flags, int decimals) {

    /** Decodes a definition packet of a session without extended type information (see below). */
    public static ColumnDefinition decode(Payload p) {
        return decode(p, false);
    }

    /**
     * Decodes one definition packet, which must hold exactly the fields above (a leftover or missing byte,
     * an extended entry that overruns its length, or a fixed-field length other than 0x0c, is a
     * {@link ProtocolException}). {@code extendedTypeInfo}: the session negotiated
     * MARIADB_CLIENT_EXTENDED_TYPE_INFO, so the packet carries that field; its {@code json} format makes the
     * column {@link ColumnType#JSON} (MariaDB's JSON is a LONGTEXT), and a spatial column's type name
     * becomes its native type ({@code POINT}).
     */
    public static ColumnDefinition decode(Payload p, boolean extendedTypeInfo) {
        skipLengthEncodedString(p); // catalog
        String schema = p.readLengthEncodedString();
        skipLengthEncodedString(p); // table alias
        String table = p.readLengthEncodedString();
        String name = p.readLengthEncodedString();
        if (name == null) {
            throw new ProtocolException("malformed column definition: NULL marker in a name");
        }
        skipLengthEncodedString(p); // original column name
        String typeName = null;
        boolean json = false;
        if (extendedTypeInfo) {
            long n = p.readLengthEncoded();
            if (n < 0 || n > p.remaining()) {
                throw new ProtocolException("malformed column definition: extended type information length=" + n);
            }
            int end = p.position() + (int) n;
            while (p.position() < end) {
                int key = p.readInt1();
                String value = p.readLengthEncodedString();
                if (value == null || p.position() > end) {
                    throw new ProtocolException(
                            "malformed column definition: extended type entry overruns, key=" + key);
                }
                if (key == EXTENDED_TYPE_NAME) {
                    typeName = value;
                } else if (key == EXTENDED_FORMAT) {
                    json = value.equalsIgnoreCase("json");
                }
            }
        }
        long fixed = p.readLengthEncoded();
        if (fixed != FIXED_FIELDS_LENGTH) {
            throw new ProtocolException("malformed column definition: fixed-field length=" + fixed + ", expected=12");
        }
        int charset = p.readInt2();
        long length = p.readInt4() & 0xffffffffL;
        int type = p.readInt1();
        int flags = p.readInt2();
        int decimals = p.readInt1();
        p.skip(2); // reserved
        if (p.remaining() != 0) {
            throw new ProtocolException("malformed column definition: leftover bytes=" + p.remaining());
        }
        boolean unsigned = (flags & UNSIGNED_FLAG) != 0;
        ColumnType kind = json ? ColumnType.JSON : kindOf(type, flags, charset, length);
        String nativeName = json
                ? "JSON"
                : type == MYSQL_TYPE_GEOMETRY && typeName != null && !typeName.isEmpty()
                        ? typeName.toUpperCase(java.util.Locale.ROOT)
                        : nativeName(type, flags, charset);
        ColumnDetails details = new ColumnDetails(
                schema == null ? "" : schema,
                table == null ? "" : table,
                precision(type, kind, length, decimals, unsigned, charset),
                kind == ColumnType.DECIMAL ? decimals : 0,
                (flags & NOT_NULL_FLAG) != 0 ? ColumnDetails.Nullability.NOT_NULL : ColumnDetails.Nullability.NULLABLE,
                (flags & AUTO_INCREMENT_FLAG) != 0);
        return new ColumnDefinition(
                new Column(name == null ? "" : name, kind, nativeName, type, unsigned, details),
                charset,
                length,
                type,
                flags,
                decimals);
    }

    /**
     * Digits of a decimal (the display length less sign and point), characters of a string (bytes over
     * the character set's widest character: 3 for utf8mb3, 4 for utf8mb4), fractional second digits of a
     * date-time; the display length otherwise.
     */
    static int precision(int type, ColumnType kind, long length, int decimals, boolean unsigned, int charset) {
        long p =
                switch (kind) {
                    case DECIMAL -> length - (decimals > 0 ? 1 : 0) - (unsigned ? 0 : 1);
                    case TEXT -> length / maxBytesPerChar(charset);
                    case TIME, TIMESTAMP, TIMESTAMP_TZ, INTERVAL -> decimals;
                    default -> length;
                };
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, p));
    }

    private static int maxBytesPerChar(int charset) {
        return switch (charset) {
            case 33,
                    83,
                    192,
                    193,
                    194,
                    195,
                    196,
                    197,
                    198,
                    199,
                    200,
                    201,
                    202,
                    203,
                    204,
                    205,
                    206,
                    207,
                    208,
                    209,
                    210,
                    211,
                    223 -> 3; // utf8mb3
            case 45,
                    46,
                    224,
                    225,
                    226,
                    227,
                    228,
                    229,
                    230,
                    231,
                    232,
                    233,
                    234,
                    235,
                    236,
                    237,
                    238,
                    239,
                    240,
                    241,
                    242,
                    243,
                    244,
                    245,
                    246,
                    247 -> 4; // utf8mb4
            default -> charset >= 255 ? 4 : 1;
        };
    }

    private static final int FIXED_FIELDS_LENGTH = 0x0c;
    private static final int EXTENDED_TYPE_NAME = 0;
    private static final int EXTENDED_FORMAT = 1;

    private static void skipLengthEncodedString(Payload p) {
        long n = p.readLengthEncoded();
        if (n < 0) {
            throw new ProtocolException("malformed column definition: NULL marker in a name");
        }
        p.skip((int) Math.min(n, Integer.MAX_VALUE));
    }

    public boolean unsigned() {
        return (flags & UNSIGNED_FLAG) != 0;
    }

    public boolean binaryCharset() {
        return charset == Commands.BINARY_CHARSET;
    }

    /** The driver-independent kind of this column; see the type table in the module's package documentation. */
    static ColumnType kindOf(int type, int flags, int charset, long length) {
        boolean unsigned = (flags & UNSIGNED_FLAG) != 0;
        return switch (type) {
            case MYSQL_TYPE_TINY -> length == 1 && !unsigned ? ColumnType.BOOLEAN : ColumnType.SMALLINT;
            case MYSQL_TYPE_SHORT -> unsigned ? ColumnType.INTEGER : ColumnType.SMALLINT;
            case MYSQL_TYPE_YEAR -> ColumnType.SMALLINT;
            case MYSQL_TYPE_INT24 -> ColumnType.INTEGER;
            case MYSQL_TYPE_LONG -> unsigned ? ColumnType.BIGINT : ColumnType.INTEGER;
            case MYSQL_TYPE_LONGLONG -> ColumnType.BIGINT;
            case MYSQL_TYPE_FLOAT -> ColumnType.REAL;
            case MYSQL_TYPE_DOUBLE -> ColumnType.DOUBLE;
            case MYSQL_TYPE_DECIMAL, MYSQL_TYPE_NEWDECIMAL -> ColumnType.DECIMAL;
            case MYSQL_TYPE_DATE -> ColumnType.DATE;
            case MYSQL_TYPE_TIME -> ColumnType.INTERVAL;
            case MYSQL_TYPE_DATETIME -> ColumnType.TIMESTAMP;
            case MYSQL_TYPE_TIMESTAMP -> ColumnType.TIMESTAMP_TZ;
            case MYSQL_TYPE_BIT -> length == 1 ? ColumnType.BOOLEAN : ColumnType.BYTES;
            case MYSQL_TYPE_JSON -> ColumnType.JSON;
            case MYSQL_TYPE_NULL -> ColumnType.OTHER;
            case MYSQL_TYPE_GEOMETRY -> ColumnType.BYTES;
            case MYSQL_TYPE_ENUM, MYSQL_TYPE_SET -> ColumnType.TEXT;
            default ->
                charset == Commands.BINARY_CHARSET && (flags & (ENUM_FLAG | SET_FLAG)) == 0
                        ? ColumnType.BYTES
                        : ColumnType.TEXT;
        };
    }

    static String nativeName(int type, int flags, int charset) {
        boolean binary = charset == Commands.BINARY_CHARSET;
        String name =
                switch (type) {
                    case MYSQL_TYPE_TINY -> "TINYINT";
                    case MYSQL_TYPE_SHORT -> "SMALLINT";
                    case MYSQL_TYPE_INT24 -> "MEDIUMINT";
                    case MYSQL_TYPE_LONG -> "INT";
                    case MYSQL_TYPE_LONGLONG -> "BIGINT";
                    case MYSQL_TYPE_FLOAT -> "FLOAT";
                    case MYSQL_TYPE_DOUBLE -> "DOUBLE";
                    case MYSQL_TYPE_DECIMAL, MYSQL_TYPE_NEWDECIMAL -> "DECIMAL";
                    case MYSQL_TYPE_DATE -> "DATE";
                    case MYSQL_TYPE_TIME -> "TIME";
                    case MYSQL_TYPE_DATETIME -> "DATETIME";
                    case MYSQL_TYPE_TIMESTAMP -> "TIMESTAMP";
                    case MYSQL_TYPE_YEAR -> "YEAR";
                    case MYSQL_TYPE_BIT -> "BIT";
                    case MYSQL_TYPE_JSON -> "JSON";
                    case MYSQL_TYPE_NULL -> "NULL";
                    case MYSQL_TYPE_GEOMETRY -> "GEOMETRY";
                    case MYSQL_TYPE_TINY_BLOB, MYSQL_TYPE_MEDIUM_BLOB, MYSQL_TYPE_LONG_BLOB, MYSQL_TYPE_BLOB ->
                        binary ? "BLOB" : "TEXT";
                    case MYSQL_TYPE_STRING ->
                        (flags & ENUM_FLAG) != 0
                                ? "ENUM"
                                : (flags & SET_FLAG) != 0 ? "SET" : binary ? "BINARY" : "CHAR";
                    case MYSQL_TYPE_ENUM -> "ENUM";
                    case MYSQL_TYPE_SET -> "SET";
                    default -> binary ? "VARBINARY" : "VARCHAR";
                };
        return (flags & UNSIGNED_FLAG) != 0 ? name + " UNSIGNED" : name;
    }
}
