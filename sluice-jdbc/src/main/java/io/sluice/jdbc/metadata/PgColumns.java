package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link java.sql.DatabaseMetaData#getColumns} on PostgreSQL: one {@code pg_attribute} query, then the JDBC type,
 * size and flags of each column worked out here with {@link PgTypes}.
 *
 * <p>Rules, as pgjdbc applies them: a domain column reports the domain's name, DISTINCT, the size of its base
 * type and the base type's JDBC type as SOURCE_DATA_TYPE; an array reports ARRAY with its element's size; an
 * integer column whose default calls {@code nextval(} is named {@code serial}, {@code bigserial} or
 * {@code smallserial}; a type outside the session's search path is named {@code "schema"."type"}.
 * ORDINAL_POSITION counts live columns (dropped ones leave no gap).
 */
final class PgColumns {

    /**
     * The inner query, filtered by the caller on {@code n.nspname} and {@code c.relname}; {@link #read} wraps it
     * so that the column-name filter applies after the ordinal positions are counted.
     */
    static final String SELECT = """
            SELECT * FROM (SELECT current_database() AS cat, n.nspname::text AS schem, c.relname::text AS tab,
              a.attname::text AS attname, t.typname::text, t.typtype::text, t.typinput = 'pg_catalog.array_in'::regproc,
              tn.nspname::text, tn.nspname = ANY (pg_catalog.current_schemas(true)), a.atttypmod,
              bt.typname::text, t.typtypmod, et.typname::text,
              a.attnotnull OR (t.typtype = 'd' AND t.typnotnull),
              row_number() OVER (PARTITION BY a.attrelid ORDER BY a.attnum) AS ordinal,
              a.attidentity::text, a.attgenerated::text, pg_catalog.pg_get_expr(def.adbin, def.adrelid),
              dsc.description
            FROM pg_catalog.pg_namespace n
            JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid
            JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
            JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
            JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace
            LEFT JOIN pg_catalog.pg_type bt ON t.typtype = 'd' AND bt.oid = t.typbasetype
            LEFT JOIN pg_catalog.pg_type et ON t.typinput = 'pg_catalog.array_in'::regproc AND et.oid = t.typelem
            LEFT JOIN pg_catalog.pg_attrdef def ON def.adrelid = a.attrelid AND def.adnum = a.attnum
            LEFT JOIN pg_catalog.pg_description dsc ON dsc.objoid = c.oid AND dsc.objsubid = a.attnum
              AND dsc.classoid = 'pg_catalog.pg_class'::regclass
            WHERE c.relkind IN ('r', 'p', 'v', 'f', 'm') AND a.attnum > 0 AND NOT a.attisdropped""";

    private PgColumns() {}

    /**
     * Runs {@code inner} (built on {@link #SELECT}) with the column-name filter that {@code columnPattern} adds
     * outside it, and builds the result.
     */
    static MetaResultSet read(Connection connection, CatalogSql inner, String columnPattern) throws SQLException {
        inner.append(") cols WHERE true").like("attname", columnPattern).append(" ORDER BY schem, tab, ordinal");
        List<Object[]> rows = new ArrayList<>();
        for (Object[] raw : inner.rows(connection)) {
            rows.add(column(raw));
        }
        return new MetaResultSet(MetaLayouts.COLUMNS, rows);
    }

    private static Object[] column(Object[] raw) {
        String typname = (String) raw[4];
        String typtype = (String) raw[5];
        boolean isArray = (Boolean) raw[6];
        boolean onPath = (Boolean) raw[8];
        int typmod = ((Number) raw[9]).intValue();
        String baseName = (String) raw[10];
        String elementName = (String) raw[12];
        boolean notNull = (Boolean) raw[13];
        String identity = (String) raw[15];
        String generated = (String) raw[16];
        String defaultValue = (String) raw[17];

        int dataType = PgTypes.jdbcType(typname, typtype, isArray);
        String sizeType = typname;
        int sizeMod = typmod;
        Short sourceDataType = null;
        if ("d".equals(typtype) && baseName != null) {
            sizeType = baseName;
            sizeMod = ((Number) raw[11]).intValue();
            sourceDataType = (short) PgTypes.jdbcType(baseName, "b", false);
        } else if (isArray && elementName != null) {
            sizeType = elementName;
        }
        String typeName = onPath ? typname : "\"" + raw[7] + "\".\"" + typname + "\"";
        boolean sequenceDefault = defaultValue != null && defaultValue.contains("nextval(");
        if (sequenceDefault && onPath) {
            typeName = switch (typname) {
                case "int4" -> "serial";
                case "int8" -> "bigserial";
                case "int2" -> "smallserial";
                default -> typeName;
            };
        }
        int columnSize = PgTypes.columnSize(sizeType, sizeMod);
        boolean autoIncrement = sequenceDefault || (identity != null && !identity.isEmpty());
        return new Object[] {
            raw[0],
            raw[1],
            raw[2],
            raw[3],
            dataType,
            typeName,
            columnSize,
            null,
            PgTypes.decimalDigits(sizeType, sizeMod),
            PgTypes.radix(sizeType),
            notNull ? 0 : 1,
            raw[18],
            defaultValue,
            null,
            null,
            PgTypes.isCharacterOrBinary(dataType) ? columnSize : null,
            raw[14],
            notNull ? "NO" : "YES",
            null,
            null,
            null,
            sourceDataType,
            autoIncrement ? "YES" : "NO",
            generated != null && !generated.isEmpty() ? "YES" : "NO"
        };
    }

    /** True when {@code dataType} is one {@link Types} names for numbers (no quotes in literals). */
    static boolean isNumeric(int dataType) {
        return switch (dataType) {
            case Types.BIGINT,
                    Types.INTEGER,
                    Types.SMALLINT,
                    Types.TINYINT,
                    Types.DOUBLE,
                    Types.REAL,
                    Types.FLOAT,
                    Types.NUMERIC,
                    Types.DECIMAL -> true;
            default -> false;
        };
    }
}
