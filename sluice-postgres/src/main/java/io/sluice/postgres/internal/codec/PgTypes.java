package io.sluice.postgres.internal.codec;

import io.sluice.ColumnType;

/**
 * The PostgreSQL types the driver knows, by their {@code pg_type} OID: names, the driver-independent
 * {@link ColumnType}, whether a result of the type may be requested in binary format, and the
 * element type of each supported one-dimensional array type.
 *
 * <p>OIDs are the constants from {@code src/include/catalog/pg_type.dat}; they are fixed across
 * server versions. Every method here is a {@code switch} over an int: no allocation, no lookup table.
 */
public final class PgTypes {
    public static final int BOOL = 16;
    public static final int BYTEA = 17;
    public static final int CHAR = 18;
    public static final int NAME = 19;
    public static final int INT8 = 20;
    public static final int INT2 = 21;
    public static final int INT4 = 23;
    public static final int TEXT = 25;
    public static final int OID = 26;
    public static final int JSON = 114;
    public static final int FLOAT4 = 700;
    public static final int FLOAT8 = 701;
    public static final int UNKNOWN = 705;
    public static final int BPCHAR = 1042;
    public static final int VARCHAR = 1043;
    public static final int DATE = 1082;
    public static final int TIME = 1083;
    public static final int TIMESTAMP = 1114;
    public static final int TIMESTAMPTZ = 1184;
    public static final int INTERVAL = 1186;
    public static final int TIMETZ = 1266;
    public static final int NUMERIC = 1700;
    public static final int UUID = 2950;
    public static final int JSONB = 3802;
    public static final int RECORD = 2249;
    public static final int CIDR = 650;
    public static final int MACADDR8 = 774;
    public static final int MONEY = 790;
    public static final int MACADDR = 829;
    public static final int INET = 869;
    public static final int BIT = 1560;
    public static final int VARBIT = 1562;
    public static final int TSVECTOR = 3614;
    public static final int INT4RANGE = 3904;
    public static final int NUMRANGE = 3906;
    public static final int TSRANGE = 3908;
    public static final int TSTZRANGE = 3910;
    public static final int DATERANGE = 3912;
    public static final int INT8RANGE = 3926;
    public static final int INT4MULTIRANGE = 4451;
    public static final int NUMMULTIRANGE = 4532;
    public static final int TSMULTIRANGE = 4533;
    public static final int TSTZMULTIRANGE = 4534;
    public static final int DATEMULTIRANGE = 4535;
    public static final int INT8MULTIRANGE = 4536;

    /**
     * The size of every binary value of {@code oid} when the type's binary form has one size (int8 is
     * always 8 bytes, a date 4...), else 0 (text, numeric, arrays, and any type in text format).
     */
    public static int binaryFixedWidth(int oid) {
        return switch (oid) {
            case BOOL, CHAR -> 1;
            case INT2 -> 2;
            case INT4, OID, FLOAT4, DATE -> 4;
            case INT8, FLOAT8, TIME, TIMESTAMP, TIMESTAMPTZ, MONEY, MACADDR8 -> 8;
            case MACADDR -> 6;
            case TIMETZ -> 12;
            case INTERVAL, UUID -> 16;
            default -> 0;
        };
    }

    public static final int BOOL_ARRAY = 1000;
    public static final int BYTEA_ARRAY = 1001;
    public static final int NAME_ARRAY = 1003;
    public static final int INT2_ARRAY = 1005;
    public static final int INT4_ARRAY = 1007;
    public static final int TEXT_ARRAY = 1009;
    public static final int BPCHAR_ARRAY = 1014;
    public static final int VARCHAR_ARRAY = 1015;
    public static final int INT8_ARRAY = 1016;
    public static final int FLOAT4_ARRAY = 1021;
    public static final int FLOAT8_ARRAY = 1022;
    public static final int OID_ARRAY = 1028;
    public static final int TIMESTAMP_ARRAY = 1115;
    public static final int DATE_ARRAY = 1182;
    public static final int TIME_ARRAY = 1183;
    public static final int TIMESTAMPTZ_ARRAY = 1185;
    public static final int INTERVAL_ARRAY = 1187;
    public static final int NUMERIC_ARRAY = 1231;
    public static final int TIMETZ_ARRAY = 1270;
    public static final int JSON_ARRAY = 199;
    public static final int UUID_ARRAY = 2951;
    public static final int JSONB_ARRAY = 3807;
    public static final int CIDR_ARRAY = 651;
    public static final int MONEY_ARRAY = 791;
    public static final int MACADDR_ARRAY = 1040;
    public static final int INET_ARRAY = 1041;
    public static final int BIT_ARRAY = 1561;
    public static final int VARBIT_ARRAY = 1563;
    public static final int INT4RANGE_ARRAY = 3905;
    public static final int NUMRANGE_ARRAY = 3907;
    public static final int TSRANGE_ARRAY = 3909;
    public static final int TSTZRANGE_ARRAY = 3911;
    public static final int DATERANGE_ARRAY = 3913;
    public static final int INT8RANGE_ARRAY = 3927;

    private PgTypes() {}

    /**
     * True when results of this type can be requested in binary format: every scalar type below and
     * the one-dimensional arrays of them. Other types come as text and read as {@link ColumnType#OTHER}.
     */
    public static boolean binaryResultSupported(int typeOid) {
        return isSupportedScalar(typeOid) || elementOid(typeOid) != 0;
    }

    /** True for the scalar types this driver decodes in both formats. */
    public static boolean isSupportedScalar(int typeOid) {
        return switch (typeOid) {
            case BOOL,
                    BYTEA,
                    NAME,
                    INT8,
                    INT2,
                    INT4,
                    TEXT,
                    OID,
                    JSON,
                    FLOAT4,
                    FLOAT8,
                    BPCHAR,
                    VARCHAR,
                    DATE,
                    TIME,
                    TIMESTAMP,
                    TIMESTAMPTZ,
                    INTERVAL,
                    TIMETZ,
                    NUMERIC,
                    UUID,
                    JSONB -> true;
            default -> ExtendedValueCodec.isExtendedScalar(typeOid);
        };
    }

    /** The element type of a supported array type, or 0 when {@code arrayOid} is not one. */
    public static int elementOid(int arrayOid) {
        return switch (arrayOid) {
            case BOOL_ARRAY -> BOOL;
            case BYTEA_ARRAY -> BYTEA;
            case NAME_ARRAY -> NAME;
            case INT2_ARRAY -> INT2;
            case INT4_ARRAY -> INT4;
            case TEXT_ARRAY -> TEXT;
            case BPCHAR_ARRAY -> BPCHAR;
            case VARCHAR_ARRAY -> VARCHAR;
            case INT8_ARRAY -> INT8;
            case FLOAT4_ARRAY -> FLOAT4;
            case FLOAT8_ARRAY -> FLOAT8;
            case OID_ARRAY -> OID;
            case TIMESTAMP_ARRAY -> TIMESTAMP;
            case DATE_ARRAY -> DATE;
            case TIME_ARRAY -> TIME;
            case TIMESTAMPTZ_ARRAY -> TIMESTAMPTZ;
            case INTERVAL_ARRAY -> INTERVAL;
            case NUMERIC_ARRAY -> NUMERIC;
            case TIMETZ_ARRAY -> TIMETZ;
            case JSON_ARRAY -> JSON;
            case UUID_ARRAY -> UUID;
            case JSONB_ARRAY -> JSONB;
            case CIDR_ARRAY -> CIDR;
            case MONEY_ARRAY -> MONEY;
            case MACADDR_ARRAY -> MACADDR;
            case INET_ARRAY -> INET;
            case BIT_ARRAY -> BIT;
            case VARBIT_ARRAY -> VARBIT;
            case INT4RANGE_ARRAY -> INT4RANGE;
            case NUMRANGE_ARRAY -> NUMRANGE;
            case TSRANGE_ARRAY -> TSRANGE;
            case TSTZRANGE_ARRAY -> TSTZRANGE;
            case DATERANGE_ARRAY -> DATERANGE;
            case INT8RANGE_ARRAY -> INT8RANGE;
            default -> 0;
        };
    }

    /** The array type whose elements are {@code elementOid}, or 0 when there is no supported one. */
    public static int arrayOid(int elementOid) {
        return switch (elementOid) {
            case BOOL -> BOOL_ARRAY;
            case BYTEA -> BYTEA_ARRAY;
            case NAME -> NAME_ARRAY;
            case INT2 -> INT2_ARRAY;
            case INT4 -> INT4_ARRAY;
            case TEXT -> TEXT_ARRAY;
            case BPCHAR -> BPCHAR_ARRAY;
            case VARCHAR -> VARCHAR_ARRAY;
            case INT8 -> INT8_ARRAY;
            case FLOAT4 -> FLOAT4_ARRAY;
            case FLOAT8 -> FLOAT8_ARRAY;
            case OID -> OID_ARRAY;
            case TIMESTAMP -> TIMESTAMP_ARRAY;
            case DATE -> DATE_ARRAY;
            case TIME -> TIME_ARRAY;
            case TIMESTAMPTZ -> TIMESTAMPTZ_ARRAY;
            case INTERVAL -> INTERVAL_ARRAY;
            case NUMERIC -> NUMERIC_ARRAY;
            case TIMETZ -> TIMETZ_ARRAY;
            case JSON -> JSON_ARRAY;
            case UUID -> UUID_ARRAY;
            case JSONB -> JSONB_ARRAY;
            case CIDR -> CIDR_ARRAY;
            case MONEY -> MONEY_ARRAY;
            case MACADDR -> MACADDR_ARRAY;
            case INET -> INET_ARRAY;
            case BIT -> BIT_ARRAY;
            case VARBIT -> VARBIT_ARRAY;
            case INT4RANGE -> INT4RANGE_ARRAY;
            case NUMRANGE -> NUMRANGE_ARRAY;
            case TSRANGE -> TSRANGE_ARRAY;
            case TSTZRANGE -> TSTZRANGE_ARRAY;
            case DATERANGE -> DATERANGE_ARRAY;
            case INT8RANGE -> INT8RANGE_ARRAY;
            default -> 0;
        };
    }

    /** {@code pg_type.typname} of a known type (arrays as {@code _int4} and so on), else {@code "oid:<n>"}. */
    public static String typeName(int typeOid) {
        return switch (typeOid) {
            case BOOL -> "bool";
            case BYTEA -> "bytea";
            case CHAR -> "char";
            case NAME -> "name";
            case INT8 -> "int8";
            case INT2 -> "int2";
            case INT4 -> "int4";
            case TEXT -> "text";
            case OID -> "oid";
            case JSON -> "json";
            case FLOAT4 -> "float4";
            case FLOAT8 -> "float8";
            case UNKNOWN -> "unknown";
            case BPCHAR -> "bpchar";
            case VARCHAR -> "varchar";
            case DATE -> "date";
            case TIME -> "time";
            case TIMESTAMP -> "timestamp";
            case TIMESTAMPTZ -> "timestamptz";
            case INTERVAL -> "interval";
            case TIMETZ -> "timetz";
            case NUMERIC -> "numeric";
            case UUID -> "uuid";
            case JSONB -> "jsonb";
            case CIDR -> "cidr";
            case MACADDR8 -> "macaddr8";
            case MONEY -> "money";
            case MACADDR -> "macaddr";
            case INET -> "inet";
            case BIT -> "bit";
            case VARBIT -> "varbit";
            case TSVECTOR -> "tsvector";
            case INT4RANGE -> "int4range";
            case NUMRANGE -> "numrange";
            case TSRANGE -> "tsrange";
            case TSTZRANGE -> "tstzrange";
            case DATERANGE -> "daterange";
            case INT8RANGE -> "int8range";
            case INT4MULTIRANGE -> "int4multirange";
            case NUMMULTIRANGE -> "nummultirange";
            case TSMULTIRANGE -> "tsmultirange";
            case TSTZMULTIRANGE -> "tstzmultirange";
            case DATEMULTIRANGE -> "datemultirange";
            case INT8MULTIRANGE -> "int8multirange";
            default -> {
                int element = elementOid(typeOid);
                yield element != 0 ? "_" + typeName(element) : "oid:" + Integer.toUnsignedString(typeOid);
            }
        };
    }

    /** The driver-independent kind of a column of this type; {@link ColumnType#OTHER} for unknown types. */
    public static ColumnType columnType(int typeOid) {
        return switch (typeOid) {
            case BOOL -> ColumnType.BOOLEAN;
            case BYTEA -> ColumnType.BYTES;
            case INT2 -> ColumnType.SMALLINT;
            case INT4 -> ColumnType.INTEGER;
            case INT8, OID -> ColumnType.BIGINT;
            case FLOAT4 -> ColumnType.REAL;
            case FLOAT8 -> ColumnType.DOUBLE;
            case NUMERIC -> ColumnType.DECIMAL;
            case TEXT, VARCHAR, BPCHAR, NAME, CHAR, UNKNOWN -> ColumnType.TEXT;
            case DATE -> ColumnType.DATE;
            case TIME -> ColumnType.TIME;
            case TIMETZ -> ColumnType.TIME_TZ;
            case TIMESTAMP -> ColumnType.TIMESTAMP;
            case TIMESTAMPTZ -> ColumnType.TIMESTAMP_TZ;
            case INTERVAL -> ColumnType.INTERVAL;
            case UUID -> ColumnType.UUID;
            case JSON, JSONB -> ColumnType.JSON;
            default -> elementOid(typeOid) != 0 ? ColumnType.ARRAY : ColumnType.OTHER;
        };
    }
}
