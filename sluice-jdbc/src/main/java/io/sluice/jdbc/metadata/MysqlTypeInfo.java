package io.sluice.jdbc.metadata;

import io.sluice.ServerInfo;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link DatabaseMetaData#getTypeInfo} on MySQL and MariaDB: a fixed table, since neither server lists its types
 * in a catalog. Names, JDBC codes and order (by DATA_TYPE, closest match first) are MariaDB Connector/J's; sizes,
 * scales and flags are the servers' documented limits (a size above {@link Integer#MAX_VALUE} is capped).
 */
final class MysqlTypeInfo {

    private static final String LENGTH = "(M)";
    private static final String INTEGER_PARAMS = "[(M)] [UNSIGNED] [ZEROFILL]";
    private static final String UNSIGNED_PARAMS = "[(M)] [ZEROFILL]";
    private static final String TEXT_PARAMS = "[CHARACTER SET charset_name] [COLLATE collation_name]";

    /**
     * One type: name, JDBC code, precision, quoted literals, create params, case sensitive, unsigned,
     * auto-increment allowed, maximum scale, and the name of the type the server really creates (an alias's
     * target: NUMERIC is DECIMAL, BOOL is BOOLEAN, ...).
     */
    private record Type(
            String name,
            int dataType,
            int precision,
            boolean quoted,
            String createParams,
            boolean caseSensitive,
            boolean unsigned,
            boolean autoIncrement,
            int maximumScale,
            String localName) {

        Type(
                String name,
                int dataType,
                int precision,
                boolean quoted,
                String createParams,
                boolean caseSensitive,
                boolean unsigned,
                boolean autoIncrement,
                int maximumScale) {
            this(
                    name,
                    dataType,
                    precision,
                    quoted,
                    createParams,
                    caseSensitive,
                    unsigned,
                    autoIncrement,
                    maximumScale,
                    name);
        }

        Type as(String local) {
            return new Type(
                    name,
                    dataType,
                    precision,
                    quoted,
                    createParams,
                    caseSensitive,
                    unsigned,
                    autoIncrement,
                    maximumScale,
                    local);
        }
    }

    private static final List<Type> TYPES = List.of(
            new Type("BIT", Types.BIT, 64, false, "[(M)]", false, false, false, 0),
            new Type("TINYINT", Types.TINYINT, 3, false, INTEGER_PARAMS, false, false, true, 0),
            new Type("TINYINT UNSIGNED", Types.TINYINT, 3, false, INTEGER_PARAMS, false, true, true, 0),
            new Type("BIGINT", Types.BIGINT, 19, false, INTEGER_PARAMS, false, false, true, 0),
            new Type("BIGINT UNSIGNED", Types.BIGINT, 20, false, UNSIGNED_PARAMS, false, true, true, 0),
            new Type("LONG VARBINARY", Types.LONGVARBINARY, 16777215, true, null, true, false, false, 0)
                    .as("MEDIUMBLOB"),
            new Type("MEDIUMBLOB", Types.LONGVARBINARY, 16777215, true, null, true, false, false, 0),
            new Type("LONGBLOB", Types.LONGVARBINARY, Integer.MAX_VALUE, true, null, true, false, false, 0),
            new Type("BLOB", Types.LONGVARBINARY, 65535, true, null, true, false, false, 0),
            new Type("TINYBLOB", Types.VARBINARY, 255, true, null, true, false, false, 0),
            new Type("VARBINARY", Types.VARBINARY, 65535, true, LENGTH, true, false, false, 0),
            new Type("BINARY", Types.BINARY, 255, true, LENGTH, true, false, false, 0),
            new Type("LONG VARCHAR", Types.LONGVARCHAR, 16777215, true, TEXT_PARAMS, false, false, false, 0)
                    .as("MEDIUMTEXT"),
            new Type("MEDIUMTEXT", Types.LONGVARCHAR, 16777215, true, TEXT_PARAMS, false, false, false, 0),
            new Type("LONGTEXT", Types.LONGVARCHAR, Integer.MAX_VALUE, true, TEXT_PARAMS, false, false, false, 0),
            new Type("TEXT", Types.LONGVARCHAR, 65535, true, TEXT_PARAMS, false, false, false, 0),
            new Type("CHAR", Types.CHAR, 255, true, "[(M)] " + TEXT_PARAMS, false, false, false, 0),
            new Type("NUMERIC", Types.NUMERIC, 65, false, "[(M[,D])] [ZEROFILL]", false, false, false, 30)
                    .as("DECIMAL"),
            new Type("DECIMAL", Types.DECIMAL, 65, false, "[(M[,D])] [ZEROFILL]", false, false, false, 30),
            new Type("INTEGER", Types.INTEGER, 10, false, INTEGER_PARAMS, false, false, true, 0),
            new Type("INTEGER UNSIGNED", Types.INTEGER, 10, false, UNSIGNED_PARAMS, false, true, true, 0),
            new Type("INT", Types.INTEGER, 10, false, INTEGER_PARAMS, false, false, true, 0),
            new Type("INT UNSIGNED", Types.INTEGER, 10, false, UNSIGNED_PARAMS, false, true, true, 0),
            new Type("MEDIUMINT", Types.INTEGER, 7, false, INTEGER_PARAMS, false, false, true, 0),
            new Type("MEDIUMINT UNSIGNED", Types.INTEGER, 8, false, UNSIGNED_PARAMS, false, true, true, 0),
            new Type("SMALLINT", Types.SMALLINT, 5, false, INTEGER_PARAMS, false, false, true, 0),
            new Type("SMALLINT UNSIGNED", Types.SMALLINT, 5, false, UNSIGNED_PARAMS, false, true, true, 0),
            new Type("FLOAT", Types.REAL, 12, false, "[(M,D)] [ZEROFILL]", false, false, true, 30),
            new Type("DOUBLE", Types.DOUBLE, 22, false, "[(M,D)] [ZEROFILL]", false, false, true, 30),
            new Type("DOUBLE PRECISION", Types.DOUBLE, 22, false, "[(M,D)] [ZEROFILL]", false, false, true, 30),
            new Type("REAL", Types.DOUBLE, 22, false, "[(M,D)] [ZEROFILL]", false, false, true, 30).as("DOUBLE"),
            new Type("VARCHAR", Types.VARCHAR, 65535, true, "(M) " + TEXT_PARAMS, false, false, false, 0),
            new Type("ENUM", Types.VARCHAR, 65535, true, TEXT_PARAMS, false, false, false, 0),
            new Type("TINYTEXT", Types.VARCHAR, 255, true, TEXT_PARAMS, false, false, false, 0),
            new Type("SET", Types.VARCHAR, 64, true, TEXT_PARAMS, false, false, false, 0),
            new Type("BOOL", Types.BOOLEAN, 1, false, null, false, false, false, 0).as("BOOLEAN"),
            new Type("BOOLEAN", Types.BOOLEAN, 1, false, null, false, false, false, 0),
            new Type("DATE", Types.DATE, 10, true, null, false, false, false, 0),
            // "-838:59:59.ffffff" and "yyyy-mm-dd hh:mm:ss.ffffff"
            new Type("TIME", Types.TIME, 17, true, "[(M)]", false, false, false, 6),
            new Type("DATETIME", Types.TIMESTAMP, 26, true, "[(M)]", false, false, false, 6),
            new Type("TIMESTAMP", Types.TIMESTAMP, 26, true, "[(M)]", false, false, false, 6));

    /** MariaDB 10.7 and later have a UUID type. */
    private static final Type UUID = new Type("UUID", Types.OTHER, 36, true, null, false, true, false, 0);

    private MysqlTypeInfo() {}

    /** The table as a result, for the server {@code server} describes. */
    static MetaResultSet read(ServerInfo server) {
        List<Type> types = new ArrayList<>(TYPES);
        String version = server.version();
        if ("MariaDB".equals(server.product())
                && (SluiceDatabaseMetaData.versionPart(version, 1) > 10
                        || SluiceDatabaseMetaData.versionPart(version, 1) == 10
                                && SluiceDatabaseMetaData.versionPart(version, 2) >= 7)) {
            types.add(UUID);
        }
        List<Object[]> rows = new ArrayList<>(types.size());
        for (Type type : types) {
            // Connector/J answers "" rather than null for types written without quotes
            String quote = type.quoted() ? "'" : "";
            rows.add(new Object[] {
                type.name(),
                type.dataType(),
                type.precision(),
                quote,
                quote,
                type.createParams(),
                DatabaseMetaData.typeNullable,
                type.caseSensitive(),
                DatabaseMetaData.typeSearchable,
                type.unsigned(),
                false,
                type.autoIncrement(),
                type.localName(),
                0,
                type.maximumScale(),
                0,
                0,
                10
            });
        }
        return new MetaResultSet(MetaLayouts.TYPE_INFO, rows);
    }
}
