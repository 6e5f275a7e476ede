package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * {@link DatabaseMetaData#getTypeInfo} on PostgreSQL: every type in {@code pg_type} that a column can have
 * (base, enum, domain, range, pseudo and array types and free-standing composites, not the row types of tables),
 * plus {@code serial}, {@code bigserial} and {@code smallserial} after their integer types, ordered by DATA_TYPE
 * as the specification asks and by type OID within one DATA_TYPE, as pgjdbc orders them.
 */
final class PgTypeInfo {

    /** Types whose values compare without regard to case, as pgjdbc answers CASE_SENSITIVE. */
    private static final Set<String> CASE_INSENSITIVE = Set.of(
            "oid",
            "int2",
            "int4",
            "int8",
            "float4",
            "float8",
            "numeric",
            "bool",
            "bit",
            "varbit",
            "date",
            "time",
            "timetz",
            "timestamp",
            "timestamptz",
            "interval");

    /** The signed numeric types (every other type answers UNSIGNED_ATTRIBUTE true, as in pgjdbc). */
    private static final Set<String> SIGNED = Set.of("int2", "int4", "int8", "float4", "float8", "numeric");

    private static final String SELECT = """
            SELECT t.typname::text, t.typtype::text, t.typinput = 'pg_catalog.array_in'::regproc, et.typname::text
            FROM pg_catalog.pg_type t
            JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
            LEFT JOIN pg_catalog.pg_type et ON t.typinput = 'pg_catalog.array_in'::regproc AND et.oid = t.typelem
            WHERE n.nspname <> 'pg_toast'
              AND (t.typrelid = 0 OR (SELECT c.relkind = 'c' FROM pg_catalog.pg_class c WHERE c.oid = t.typrelid))
            ORDER BY t.oid""";

    /**
     * The user-defined types JDBC names (domains as DISTINCT, composite types, the row types of tables and
     * views included, as STRUCT), as pgjdbc lists them for {@link DatabaseMetaData#getUDTs}; filtered by the
     * caller on {@code n.nspname} and {@code t.typname}.
     */
    static final String UDTS = """
            SELECT * FROM (SELECT current_database(), n.nspname::text AS schem, t.typname::text AS name, NULL,
              CASE t.typtype WHEN 'd' THEN 2001 ELSE 2002 END AS data_type, d.description, bt.typname::text,
              bt.typtype::text, bt.typinput = 'pg_catalog.array_in'::regproc
            FROM pg_catalog.pg_type t
            JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
            LEFT JOIN pg_catalog.pg_type bt ON t.typtype = 'd' AND bt.oid = t.typbasetype
            LEFT JOIN pg_catalog.pg_description d ON d.objoid = t.oid AND d.objsubid = 0
              AND d.classoid = 'pg_catalog.pg_type'::regclass
            WHERE t.typtype IN ('c', 'd')""";

    private PgTypeInfo() {}

    /**
     * Runs a {@link #UDTS} query, keeping the JDBC type codes in {@code types} (all when null), and builds the
     * result: BASE_TYPE is a domain's base type's JDBC code.
     */
    static MetaResultSet udts(Connection connection, CatalogSql sql, int[] types) throws SQLException {
        sql.append(") u WHERE true");
        if (types != null) {
            List<Integer> codes = new ArrayList<>();
            for (int type : types) {
                codes.add(type);
            }
            sql.append(" AND data_type = ANY (").param(codes).append("::int4[])");
        }
        sql.append(" ORDER BY data_type, schem, name");
        List<Object[]> rows = new ArrayList<>();
        for (Object[] raw : sql.rows(connection)) {
            Integer base = raw[6] == null ? null : PgTypes.jdbcType((String) raw[6], (String) raw[7], (Boolean) raw[8]);
            rows.add(new Object[] {raw[0], raw[1], raw[2], null, raw[4], raw[5], base});
        }
        return new MetaResultSet(MetaLayouts.UDTS, rows);
    }

    /** Reads the types and builds the result. */
    static MetaResultSet read(Connection connection) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (Object[] raw : CatalogSql.run(connection, SELECT)) {
            String name = (String) raw[0];
            boolean isArray = (Boolean) raw[2];
            // an array's precision, case and sign rules are its element's
            String ruleName = isArray && raw[3] != null ? (String) raw[3] : name;
            int dataType = PgTypes.jdbcType(name, (String) raw[1], isArray);
            rows.add(row(name, dataType, ruleName, false));
            switch (name) {
                case "int4" -> rows.add(row("serial", dataType, name, true));
                case "int8" -> rows.add(row("bigserial", dataType, name, true));
                case "int2" -> rows.add(row("smallserial", dataType, name, true));
                default -> {}
            }
        }
        // stable: keeps the OID order within one DATA_TYPE
        rows.sort(Comparator.comparingInt(row -> (Integer) row[1]));
        return new MetaResultSet(MetaLayouts.TYPE_INFO, rows);
    }

    private static Object[] row(String name, int dataType, String ruleName, boolean autoIncrement) {
        String quote = PgColumns.isNumeric(dataType) ? null : "'";
        return new Object[] {
            name,
            dataType,
            maximumPrecision(ruleName),
            quote,
            quote,
            null,
            DatabaseMetaData.typeNullable,
            !CASE_INSENSITIVE.contains(ruleName),
            DatabaseMetaData.typeSearchable,
            !SIGNED.contains(ruleName),
            false,
            autoIncrement,
            null,
            0,
            name.equals("numeric") ? 1000 : 0,
            null,
            null,
            10
        };
    }

    /** The largest size a column of the type can declare; 0 where the type takes no size. */
    private static int maximumPrecision(String name) {
        return switch (name) {
            case "bit", "varbit" -> 83886080;
            case "bpchar", "varchar" -> 10485760;
            case "numeric" -> 1000;
            case "time", "timetz", "timestamp", "timestamptz", "interval" -> 6;
            default -> 0;
        };
    }
}
