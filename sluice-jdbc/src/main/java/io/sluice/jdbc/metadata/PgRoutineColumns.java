package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link DatabaseMetaData#getProcedureColumns} and {@link DatabaseMetaData#getFunctionColumns} on PostgreSQL, as
 * pgjdbc reports them: every routine (functions, procedures, aggregates and window functions alike), a
 * {@code returnValue} row first (ordinal 0) unless the routine returns a table or a pseudo-type ({@code record},
 * {@code void}) made of its OUT arguments, then one row per argument in declaration order, the columns of a
 * {@code RETURNS TABLE} included as return columns. Unnamed arguments are named {@code $n}. Sizes are not
 * reported (PostgreSQL keeps no type modifiers for arguments); nullability is unknown. A composite return
 * type is one {@code returnValue} row (pgjdbc lists its attributes instead).
 */
final class PgRoutineColumns {

    /**
     * The return value (mode 'r') and the arguments, with their type's naming facts; the caller adds filters on
     * {@code r.schem}, {@code r.routine} and {@code r.col}.
     */
    static final String SELECT = """
            SELECT current_database(), r.schem, r.routine, r.col, r.mode, t.typname::text, t.typtype::text,
              t.typinput = 'pg_catalog.array_in'::regproc, tn.nspname = ANY (pg_catalog.current_schemas(true)),
              tn.nspname::text, r.ordinal, r.routine || '_' || r.oid
            FROM (
              SELECT p.oid, n.nspname::text AS schem, p.proname::text AS routine, 'returnValue' AS col, 'r' AS mode,
                0::int8 AS ordinal, p.prorettype AS type
              FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
              JOIN pg_catalog.pg_type rt ON rt.oid = p.prorettype
              WHERE NOT ('t' = ANY (COALESCE(p.proargmodes, '{}')))
                AND NOT (rt.typtype = 'p' AND p.proargmodes IS NOT NULL)
              UNION ALL
              SELECT p.oid, n.nspname::text, p.proname::text, COALESCE(NULLIF(a.name, ''), '$' || a.n),
                COALESCE(a.mode, 'i')::text, a.n, a.type
              FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
              CROSS JOIN LATERAL unnest(COALESCE(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes,
                p.proargnames) WITH ORDINALITY AS a(type, mode, name, n)
              WHERE a.type IS NOT NULL
            ) r
            JOIN pg_catalog.pg_type t ON t.oid = r.type
            JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace
            WHERE true""";

    private PgRoutineColumns() {}

    /**
     * Runs {@code sql} and builds the procedure-columns result ({@code functions} false) or the function-columns
     * one.
     */
    static MetaResultSet read(Connection connection, CatalogSql sql, boolean functions) throws SQLException {
        sql.append(" ORDER BY 2, 3, 12, 11");
        List<Object[]> rows = new ArrayList<>();
        for (Object[] raw : sql.rows(connection)) {
            String mode = (String) raw[4];
            String typname = (String) raw[5];
            int dataType = PgTypes.jdbcType(typname, (String) raw[6], (Boolean) raw[7]);
            String typeName = (Boolean) raw[8] ? typname : "\"" + raw[9] + "\".\"" + typname + "\"";
            if (functions) {
                rows.add(new Object[] {
                    raw[0],
                    raw[1],
                    raw[2],
                    raw[3],
                    functionColumnType(mode),
                    dataType,
                    typeName,
                    null,
                    null,
                    null,
                    null,
                    DatabaseMetaData.functionNullableUnknown,
                    null,
                    null,
                    raw[10],
                    "",
                    raw[11]
                });
            } else {
                rows.add(new Object[] {
                    raw[0],
                    raw[1],
                    raw[2],
                    raw[3],
                    procedureColumnType(mode),
                    dataType,
                    typeName,
                    null,
                    null,
                    null,
                    null,
                    DatabaseMetaData.procedureNullableUnknown,
                    null,
                    null,
                    null,
                    null,
                    null,
                    raw[10],
                    "",
                    raw[11]
                });
            }
        }
        return new MetaResultSet(functions ? MetaLayouts.FUNCTION_COLUMNS : MetaLayouts.PROCEDURE_COLUMNS, rows);
    }

    /** pg_proc's argument modes (i, o, b, v, t; r for the return value) as procedureColumn* codes. */
    private static int procedureColumnType(String mode) {
        return switch (mode) {
            case "i", "v" -> DatabaseMetaData.procedureColumnIn;
            case "b" -> DatabaseMetaData.procedureColumnInOut;
            case "o" -> DatabaseMetaData.procedureColumnOut;
            case "t", "r" -> DatabaseMetaData.procedureColumnReturn;
            default -> DatabaseMetaData.procedureColumnUnknown;
        };
    }

    /** pg_proc's argument modes as functionColumn* codes. */
    private static int functionColumnType(String mode) {
        return switch (mode) {
            case "i", "v" -> DatabaseMetaData.functionColumnIn;
            case "b" -> DatabaseMetaData.functionColumnInOut;
            case "o" -> DatabaseMetaData.functionColumnOut;
            case "t", "r" -> DatabaseMetaData.functionReturn;
            default -> DatabaseMetaData.functionColumnUnknown;
        };
    }
}
