package io.sluice.jdbc.compat;

/** The real servers the matrix runs against, as bin/setup-services provisions them. */
public enum Server {
    /** PostgreSQL on 127.0.0.1:5432, user postgres, trust authentication. */
    POSTGRESQL,
    /** MariaDB on 127.0.0.1:3306, user root without a password. */
    MARIADB;

    /** Lower-case name used in URLs, database names and the matrix. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
