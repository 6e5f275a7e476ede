package io.sluice.jdbc.metadata;

import static java.sql.JDBCType.BIGINT;
import static java.sql.JDBCType.BOOLEAN;
import static java.sql.JDBCType.INTEGER;
import static java.sql.JDBCType.SMALLINT;
import static java.sql.JDBCType.VARCHAR;

import java.sql.JDBCType;
import java.util.ArrayList;
import java.util.List;

/**
 * The column layouts of every {@link java.sql.DatabaseMetaData} result, with the names, order and types the
 * interface's Javadoc defines. Callers rely on the names and positions, tools on the types.
 */
final class MetaLayouts {

    static final List<MetaColumn> PROCEDURES = layout(
            "PROCEDURE_CAT",
            "PROCEDURE_SCHEM",
            "PROCEDURE_NAME",
            "RESERVED1",
            "RESERVED2",
            "RESERVED3",
            "REMARKS",
            "PROCEDURE_TYPE:s",
            "SPECIFIC_NAME");
    static final List<MetaColumn> PROCEDURE_COLUMNS = layout(
            "PROCEDURE_CAT",
            "PROCEDURE_SCHEM",
            "PROCEDURE_NAME",
            "COLUMN_NAME",
            "COLUMN_TYPE:s",
            "DATA_TYPE:i",
            "TYPE_NAME",
            "PRECISION:i",
            "LENGTH:i",
            "SCALE:s",
            "RADIX:s",
            "NULLABLE:s",
            "REMARKS",
            "COLUMN_DEF",
            "SQL_DATA_TYPE:i",
            "SQL_DATETIME_SUB:i",
            "CHAR_OCTET_LENGTH:i",
            "ORDINAL_POSITION:i",
            "IS_NULLABLE",
            "SPECIFIC_NAME");
    static final List<MetaColumn> TABLES = layout(
            "TABLE_CAT",
            "TABLE_SCHEM",
            "TABLE_NAME",
            "TABLE_TYPE",
            "REMARKS",
            "TYPE_CAT",
            "TYPE_SCHEM",
            "TYPE_NAME",
            "SELF_REFERENCING_COL_NAME",
            "REF_GENERATION");
    static final List<MetaColumn> SCHEMAS = layout("TABLE_SCHEM", "TABLE_CATALOG");
    static final List<MetaColumn> CATALOGS = layout("TABLE_CAT");
    static final List<MetaColumn> TABLE_TYPES = layout("TABLE_TYPE");
    static final List<MetaColumn> COLUMNS = layout(
            "TABLE_CAT",
            "TABLE_SCHEM",
            "TABLE_NAME",
            "COLUMN_NAME",
            "DATA_TYPE:i",
            "TYPE_NAME",
            "COLUMN_SIZE:i",
            "BUFFER_LENGTH:i",
            "DECIMAL_DIGITS:i",
            "NUM_PREC_RADIX:i",
            "NULLABLE:i",
            "REMARKS",
            "COLUMN_DEF",
            "SQL_DATA_TYPE:i",
            "SQL_DATETIME_SUB:i",
            "CHAR_OCTET_LENGTH:i",
            "ORDINAL_POSITION:i",
            "IS_NULLABLE",
            "SCOPE_CATALOG",
            "SCOPE_SCHEMA",
            "SCOPE_TABLE",
            "SOURCE_DATA_TYPE:s",
            "IS_AUTOINCREMENT",
            "IS_GENERATEDCOLUMN");
    static final List<MetaColumn> COLUMN_PRIVILEGES = layout(
            "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    static final List<MetaColumn> TABLE_PRIVILEGES =
            layout("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    static final List<MetaColumn> BEST_ROW_IDENTIFIER = layout(
            "SCOPE:s",
            "COLUMN_NAME",
            "DATA_TYPE:i",
            "TYPE_NAME",
            "COLUMN_SIZE:i",
            "BUFFER_LENGTH:i",
            "DECIMAL_DIGITS:s",
            "PSEUDO_COLUMN:s");
    static final List<MetaColumn> VERSION_COLUMNS = BEST_ROW_IDENTIFIER;
    static final List<MetaColumn> PRIMARY_KEYS =
            layout("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ:s", "PK_NAME");
    static final List<MetaColumn> KEYS = layout(
            "PKTABLE_CAT",
            "PKTABLE_SCHEM",
            "PKTABLE_NAME",
            "PKCOLUMN_NAME",
            "FKTABLE_CAT",
            "FKTABLE_SCHEM",
            "FKTABLE_NAME",
            "FKCOLUMN_NAME",
            "KEY_SEQ:s",
            "UPDATE_RULE:s",
            "DELETE_RULE:s",
            "FK_NAME",
            "PK_NAME",
            "DEFERRABILITY:s");
    static final List<MetaColumn> TYPE_INFO = layout(
            "TYPE_NAME",
            "DATA_TYPE:i",
            "PRECISION:i",
            "LITERAL_PREFIX",
            "LITERAL_SUFFIX",
            "CREATE_PARAMS",
            "NULLABLE:s",
            "CASE_SENSITIVE:b",
            "SEARCHABLE:s",
            "UNSIGNED_ATTRIBUTE:b",
            "FIXED_PREC_SCALE:b",
            "AUTO_INCREMENT:b",
            "LOCAL_TYPE_NAME",
            "MINIMUM_SCALE:s",
            "MAXIMUM_SCALE:s",
            "SQL_DATA_TYPE:i",
            "SQL_DATETIME_SUB:i",
            "NUM_PREC_RADIX:i");
    static final List<MetaColumn> INDEX_INFO = layout(
            "TABLE_CAT",
            "TABLE_SCHEM",
            "TABLE_NAME",
            "NON_UNIQUE:b",
            "INDEX_QUALIFIER",
            "INDEX_NAME",
            "TYPE:s",
            "ORDINAL_POSITION:s",
            "COLUMN_NAME",
            "ASC_OR_DESC",
            "CARDINALITY:l",
            "PAGES:l",
            "FILTER_CONDITION");
    static final List<MetaColumn> UDTS =
            layout("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE:i", "REMARKS", "BASE_TYPE:s");
    static final List<MetaColumn> SUPER_TYPES =
            layout("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM", "SUPERTYPE_NAME");
    static final List<MetaColumn> SUPER_TABLES = layout("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME");
    static final List<MetaColumn> ATTRIBUTES = layout(
            "TYPE_CAT",
            "TYPE_SCHEM",
            "TYPE_NAME",
            "ATTR_NAME",
            "DATA_TYPE:i",
            "ATTR_TYPE_NAME",
            "ATTR_SIZE:i",
            "DECIMAL_DIGITS:i",
            "NUM_PREC_RADIX:i",
            "NULLABLE:i",
            "REMARKS",
            "ATTR_DEF",
            "SQL_DATA_TYPE:i",
            "SQL_DATETIME_SUB:i",
            "CHAR_OCTET_LENGTH:i",
            "ORDINAL_POSITION:i",
            "IS_NULLABLE",
            "SCOPE_CATALOG",
            "SCOPE_SCHEMA",
            "SCOPE_TABLE",
            "SOURCE_DATA_TYPE:s");
    static final List<MetaColumn> CLIENT_INFO_PROPERTIES = layout("NAME", "MAX_LEN:i", "DEFAULT_VALUE", "DESCRIPTION");
    static final List<MetaColumn> FUNCTIONS =
            layout("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE:s", "SPECIFIC_NAME");
    static final List<MetaColumn> FUNCTION_COLUMNS = layout(
            "FUNCTION_CAT",
            "FUNCTION_SCHEM",
            "FUNCTION_NAME",
            "COLUMN_NAME",
            "COLUMN_TYPE:s",
            "DATA_TYPE:i",
            "TYPE_NAME",
            "PRECISION:i",
            "LENGTH:i",
            "SCALE:s",
            "RADIX:s",
            "NULLABLE:s",
            "REMARKS",
            "CHAR_OCTET_LENGTH:i",
            "ORDINAL_POSITION:i",
            "IS_NULLABLE",
            "SPECIFIC_NAME");
    static final List<MetaColumn> PSEUDO_COLUMNS = layout(
            "TABLE_CAT",
            "TABLE_SCHEM",
            "TABLE_NAME",
            "COLUMN_NAME",
            "DATA_TYPE:i",
            "COLUMN_SIZE:i",
            "DECIMAL_DIGITS:i",
            "NUM_PREC_RADIX:i",
            "COLUMN_USAGE",
            "REMARKS",
            "CHAR_OCTET_LENGTH:i",
            "IS_NULLABLE");

    private MetaLayouts() {}

    /** Columns from {@code NAME[:type]} specs: no suffix VARCHAR, {@code :i} INTEGER, {@code :s} SMALLINT,
     * {@code :l} BIGINT, {@code :b} BOOLEAN. */
    private static List<MetaColumn> layout(String... specs) {
        List<MetaColumn> columns = new ArrayList<>(specs.length);
        for (String spec : specs) {
            int colon = spec.indexOf(':');
            if (colon < 0) {
                columns.add(new MetaColumn(spec, VARCHAR));
                continue;
            }
            JDBCType type =
                    switch (spec.charAt(colon + 1)) {
                        case 'i' -> INTEGER;
                        case 's' -> SMALLINT;
                        case 'l' -> BIGINT;
                        case 'b' -> BOOLEAN;
                        default -> throw new IllegalArgumentException("bad column spec: " + spec);
                    };
            columns.add(new MetaColumn(spec.substring(0, colon), type));
        }
        return List.copyOf(columns);
    }
}
