package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The PostgreSQL catalog reads, from {@code pg_catalog} as pgjdbc reads it (tools such as Hibernate and Liquibase
 * are tested against pgjdbc's answers). The catalog is always the current database: a catalog argument naming
 * another database matches nothing. An empty schema argument matches nothing (every object has a schema), as
 * the specification says. Needs PostgreSQL 11 or later ({@code pg_proc.prokind}).
 *
 * @see <a href="https://www.postgresql.org/docs/current/catalogs.html">PostgreSQL system catalogs</a>
 */
final class PgCatalogQueries implements CatalogQueries {

    /** The table types in {@link java.sql.DatabaseMetaData#getTableTypes} order (alphabetical). */
    static final List<String> TABLE_TYPES = List.of(
            "FOREIGN TABLE",
            "INDEX",
            "MATERIALIZED VIEW",
            "PARTITIONED INDEX",
            "PARTITIONED TABLE",
            "SEQUENCE",
            "SYSTEM INDEX",
            "SYSTEM TABLE",
            "SYSTEM TOAST INDEX",
            "SYSTEM TOAST TABLE",
            "SYSTEM VIEW",
            "TABLE",
            "TEMPORARY INDEX",
            "TEMPORARY SEQUENCE",
            "TEMPORARY TABLE",
            "TEMPORARY VIEW",
            "TYPE",
            "VIEW");

    /** A relation's JDBC table type from its schema and {@code relkind}; null for kinds JDBC has no name for. */
    private static final String TABLE_TYPE = """
            CASE WHEN n.nspname IN ('pg_catalog', 'information_schema') THEN
                CASE c.relkind WHEN 'r' THEN 'SYSTEM TABLE' WHEN 'v' THEN 'SYSTEM VIEW' WHEN 'i' THEN 'SYSTEM INDEX' END
              WHEN n.nspname = 'pg_toast' THEN
                CASE c.relkind WHEN 'r' THEN 'SYSTEM TOAST TABLE' WHEN 'i' THEN 'SYSTEM TOAST INDEX' END
              WHEN n.nspname ~ '^pg_' THEN
                CASE c.relkind WHEN 'r' THEN 'TEMPORARY TABLE' WHEN 'p' THEN 'TEMPORARY TABLE'
                  WHEN 'i' THEN 'TEMPORARY INDEX' WHEN 'S' THEN 'TEMPORARY SEQUENCE' WHEN 'v' THEN 'TEMPORARY VIEW' END
              ELSE
                CASE c.relkind WHEN 'r' THEN 'TABLE' WHEN 'p' THEN 'PARTITIONED TABLE' WHEN 'i' THEN 'INDEX'
                  WHEN 'I' THEN 'PARTITIONED INDEX' WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'c' THEN 'TYPE'
                  WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'm' THEN 'MATERIALIZED VIEW' END
            END""";

    private final Connection connection;

    PgCatalogQueries(Connection connection) {
        this.connection = connection;
    }

    /** Starts a query; a catalog naming another database turns its WHERE clause false. */
    private static CatalogSql query(String select, String catalog) {
        CatalogSql sql = CatalogSql.postgres(select);
        if (catalog != null && !catalog.isEmpty()) {
            sql.append(" AND current_database() = ").param(catalog);
        }
        return sql;
    }

    @Override
    public MetaResultSet procedures(String catalog, String schemaPattern, String namePattern) throws SQLException {
        CatalogSql sql = query("""
                SELECT current_database(), n.nspname::text, p.proname::text, NULL, NULL, NULL, d.description,
                  1, p.proname || '_' || p.oid
                FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                LEFT JOIN pg_catalog.pg_description d ON d.objoid = p.oid AND d.objsubid = 0
                  AND d.classoid = 'pg_catalog.pg_proc'::regclass
                WHERE p.prokind = 'p'""", catalog)
                .like("n.nspname", schemaPattern)
                .like("p.proname", namePattern)
                .append(" ORDER BY 2, 3, 9");
        return new MetaResultSet(MetaLayouts.PROCEDURES, sql.rows(connection));
    }

    @Override
    public MetaResultSet functions(String catalog, String schemaPattern, String namePattern) throws SQLException {
        CatalogSql sql = query("""
                SELECT current_database(), n.nspname::text, p.proname::text, d.description,
                  CASE WHEN p.proretset THEN 2 ELSE 1 END, p.proname || '_' || p.oid
                FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                LEFT JOIN pg_catalog.pg_description d ON d.objoid = p.oid AND d.objsubid = 0
                  AND d.classoid = 'pg_catalog.pg_proc'::regclass
                WHERE p.prokind = 'f'""", catalog)
                .like("n.nspname", schemaPattern)
                .like("p.proname", namePattern)
                .append(" ORDER BY 2, 3, 6");
        return new MetaResultSet(MetaLayouts.FUNCTIONS, sql.rows(connection));
    }

    @Override
    public MetaResultSet routineColumns(
            String catalog, String schemaPattern, String namePattern, String columnPattern, boolean functions)
            throws SQLException {
        return PgRoutineColumns.read(
                connection,
                query(PgRoutineColumns.SELECT, catalog)
                        .like("r.schem", schemaPattern)
                        .like("r.routine", namePattern)
                        .like("r.col", columnPattern),
                functions);
    }

    @Override
    public MetaResultSet tables(String catalog, String schemaPattern, String tablePattern, String[] types)
            throws SQLException {
        CatalogSql sql = query(
                        "SELECT * FROM (SELECT current_database(), n.nspname::text AS schem,"
                                + " c.relname::text AS name, " + TABLE_TYPE + """
                 AS table_type, d.description, '', '', '', '', ''
                FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid
                LEFT JOIN pg_catalog.pg_description d ON d.objoid = c.oid AND d.objsubid = 0
                  AND d.classoid = 'pg_catalog.pg_class'::regclass
                WHERE true""",
                        catalog)
                .like("n.nspname", schemaPattern)
                .like("c.relname", tablePattern)
                .append(") t WHERE table_type IS NOT NULL");
        if (types != null) {
            sql.append(" AND table_type = ANY (").param(Arrays.asList(types)).append(")");
        }
        sql.append(" ORDER BY table_type, schem, name");
        return new MetaResultSet(MetaLayouts.TABLES, sql.rows(connection));
    }

    @Override
    public MetaResultSet schemas(String catalog, String schemaPattern) throws SQLException {
        // other sessions' temporary schemas are hidden; this session's own (first on its path) is shown
        CatalogSql sql = query("""
                SELECT nspname::text, current_database() FROM pg_catalog.pg_namespace
                WHERE nspname <> 'pg_toast'
                  AND (nspname !~ '^pg_temp_' OR nspname = (pg_catalog.current_schemas(true))[1])
                  AND (nspname !~ '^pg_toast_temp_'
                    OR nspname = replace((pg_catalog.current_schemas(true))[1], 'pg_temp_', 'pg_toast_temp_'))""", catalog).like("nspname", schemaPattern).append(" ORDER BY 1");
        return new MetaResultSet(MetaLayouts.SCHEMAS, sql.rows(connection));
    }

    @Override
    public MetaResultSet catalogs() throws SQLException {
        return new MetaResultSet(
                MetaLayouts.CATALOGS,
                CatalogSql.run(
                        connection, "SELECT datname::text FROM pg_catalog.pg_database WHERE datallowconn ORDER BY 1"));
    }

    @Override
    public MetaResultSet tableTypes() {
        List<Object[]> rows = new ArrayList<>();
        TABLE_TYPES.forEach(type -> rows.add(new Object[] {type}));
        return new MetaResultSet(MetaLayouts.TABLE_TYPES, rows);
    }

    @Override
    public MetaResultSet columns(String catalog, String schemaPattern, String tablePattern, String columnPattern)
            throws SQLException {
        return PgColumns.read(
                connection,
                query(PgColumns.SELECT, catalog)
                        .like("n.nspname", schemaPattern)
                        .like("c.relname", tablePattern),
                columnPattern);
    }

    @Override
    public MetaResultSet primaryKeys(String catalog, String schema, String table) throws SQLException {
        CatalogSql sql = query("""
                SELECT current_database(), n.nspname::text, ct.relname::text, a.attname::text, k.n,
                  ci.relname::text
                FROM pg_catalog.pg_constraint con
                JOIN pg_catalog.pg_class ct ON ct.oid = con.conrelid
                JOIN pg_catalog.pg_namespace n ON n.oid = ct.relnamespace
                JOIN pg_catalog.pg_class ci ON ci.oid = con.conindid
                CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
                JOIN pg_catalog.pg_attribute a ON a.attrelid = ct.oid AND a.attnum = k.attnum
                WHERE con.contype = 'p'""", catalog)
                .equal("n.nspname", schema)
                .equal("ct.relname", table)
                .append(" ORDER BY 3, 6, 5");
        return new MetaResultSet(MetaLayouts.PRIMARY_KEYS, sql.rows(connection));
    }

    @Override
    public MetaResultSet keys(
            String pkCatalog,
            String pkSchema,
            String pkTable,
            String fkCatalog,
            String fkSchema,
            String fkTable,
            boolean orderByForeignTable)
            throws SQLException {
        // rule codes: DatabaseMetaData.importedKeyCascade 0, Restrict 1, SetNull 2, NoAction 3, SetDefault 4
        CatalogSql sql = query("""
                SELECT current_database(), pkn.nspname::text, pkc.relname::text, pka.attname::text,
                  current_database(), fkn.nspname::text, fkc.relname::text, fka.attname::text, k.n,
                  CASE con.confupdtype WHEN 'c' THEN 0 WHEN 'r' THEN 1 WHEN 'n' THEN 2 WHEN 'a' THEN 3
                    WHEN 'd' THEN 4 END,
                  CASE con.confdeltype WHEN 'c' THEN 0 WHEN 'r' THEN 1 WHEN 'n' THEN 2 WHEN 'a' THEN 3
                    WHEN 'd' THEN 4 END,
                  con.conname::text, pki.relname::text,
                  CASE WHEN con.condeferrable AND con.condeferred THEN 5 WHEN con.condeferrable THEN 6 ELSE 7 END
                FROM pg_catalog.pg_constraint con
                JOIN pg_catalog.pg_class fkc ON fkc.oid = con.conrelid
                JOIN pg_catalog.pg_namespace fkn ON fkn.oid = fkc.relnamespace
                JOIN pg_catalog.pg_class pkc ON pkc.oid = con.confrelid
                JOIN pg_catalog.pg_namespace pkn ON pkn.oid = pkc.relnamespace
                LEFT JOIN pg_catalog.pg_class pki ON pki.oid = con.conindid
                CROSS JOIN LATERAL unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(fk_attnum, pk_attnum, n)
                JOIN pg_catalog.pg_attribute fka ON fka.attrelid = con.conrelid AND fka.attnum = k.fk_attnum
                JOIN pg_catalog.pg_attribute pka ON pka.attrelid = con.confrelid AND pka.attnum = k.pk_attnum
                WHERE con.contype = 'f'""", pkCatalog != null ? pkCatalog : fkCatalog)
                .equal("pkn.nspname", pkSchema)
                .equal("pkc.relname", pkTable)
                .equal("fkn.nspname", fkSchema)
                .equal("fkc.relname", fkTable)
                .append(orderByForeignTable ? " ORDER BY 6, 7, 12, 9" : " ORDER BY 2, 3, 12, 9");
        return new MetaResultSet(MetaLayouts.KEYS, sql.rows(connection));
    }

    @Override
    public MetaResultSet indexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        // a plain column by name, an expression as its text; the statistics are the planner's estimates
        // (reltuples, relpages), so "approximate" changes nothing
        CatalogSql sql = query("""
                SELECT current_database(), n.nspname::text, ct.relname::text, NOT i.indisunique, NULL,
                  ci.relname::text, CASE am.amname WHEN 'hash' THEN 2 ELSE 3 END AS type, k.n,
                  COALESCE(ia.attname::text, pg_catalog.pg_get_indexdef(ci.oid, k.n, false)),
                  CASE WHEN pg_catalog.pg_index_column_has_property(ci.oid, k.n, 'desc') THEN 'D'
                    WHEN pg_catalog.pg_index_column_has_property(ci.oid, k.n, 'asc') THEN 'A' END,
                  ci.reltuples::int8, ci.relpages::int8, pg_catalog.pg_get_expr(i.indpred, i.indrelid)
                FROM pg_catalog.pg_index i
                JOIN pg_catalog.pg_class ct ON ct.oid = i.indrelid
                JOIN pg_catalog.pg_namespace n ON n.oid = ct.relnamespace
                JOIN pg_catalog.pg_class ci ON ci.oid = i.indexrelid
                JOIN pg_catalog.pg_am am ON am.oid = ci.relam
                CROSS JOIN LATERAL generate_series(1, i.indnatts::int) AS k(n)
                LEFT JOIN pg_catalog.pg_attribute ia ON ia.attrelid = i.indrelid AND ia.attnum = i.indkey[k.n - 1]
                WHERE true""", catalog)
                .equal("n.nspname", schema)
                .equal("ct.relname", table)
                .append(unique ? " AND i.indisunique" : "")
                .append(" ORDER BY 4, type, 6, 8");
        return new MetaResultSet(MetaLayouts.INDEX_INFO, sql.rows(connection));
    }

    @Override
    public MetaResultSet bestRowIdentifier(String catalog, String schema, String table, int scope) throws SQLException {
        return PgRowIdentifiers.bestRow(
                connection,
                query(PgRowIdentifiers.KEY_COLUMNS, catalog)
                        .equal("n.nspname", schema)
                        .equal("ct.relname", table),
                scope);
    }

    @Override
    public MetaResultSet versionColumns(String catalog, String schema, String table) throws SQLException {
        return PgRowIdentifiers.versionColumns(
                connection,
                query(PgRowIdentifiers.TABLE, catalog)
                        .equal("n.nspname", schema)
                        .equal("c.relname", table));
    }

    @Override
    public MetaResultSet tablePrivileges(String catalog, String schemaPattern, String tablePattern)
            throws SQLException {
        return PgPrivileges.tables(
                connection,
                query(PgPrivileges.TABLES, catalog)
                        .like("n.nspname", schemaPattern)
                        .like("c.relname", tablePattern));
    }

    @Override
    public MetaResultSet columnPrivileges(String catalog, String schema, String table, String columnPattern)
            throws SQLException {
        return PgPrivileges.columns(
                connection,
                query(PgPrivileges.COLUMNS, catalog)
                        .equal("n.nspname", schema)
                        .equal("c.relname", table)
                        .like("a.attname", columnPattern));
    }

    @Override
    public MetaResultSet udts(String catalog, String schemaPattern, String typePattern, int[] types)
            throws SQLException {
        return PgTypeInfo.udts(
                connection,
                query(PgTypeInfo.UDTS, catalog).like("n.nspname", schemaPattern).like("t.typname", typePattern),
                types);
    }

    @Override
    public MetaResultSet typeInfo() throws SQLException {
        return PgTypeInfo.read(connection);
    }

    @Override
    public String keywords() throws SQLException {
        List<Object[]> rows = CatalogSql.run(
                connection,
                "SELECT string_agg(word, ',' ORDER BY word)"
                        + " FROM pg_catalog.pg_get_keywords() WHERE word <> ALL ($1::text[])",
                List.of(Sql2003Keywords.WORDS));
        return (String) rows.getFirst()[0];
    }

    @Override
    public int maxConnections() throws SQLException {
        return Integer.parseInt(
                (String) CatalogSql.run(connection, "SELECT pg_catalog.current_setting('max_connections')")
                        .getFirst()[0]);
    }

    @Override
    public int defaultTransactionIsolation() throws SQLException {
        List<Object[]> rows =
                CatalogSql.run(connection, "SELECT pg_catalog.current_setting('default_transaction_isolation')");
        return CatalogQueries.isolationLevel((String) rows.getFirst()[0]);
    }
}
