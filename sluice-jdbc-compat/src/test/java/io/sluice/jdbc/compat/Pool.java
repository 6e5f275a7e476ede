package io.sluice.jdbc.compat;

import javax.sql.DataSource;

/** How a framework gets its connections in the tests that run on both kinds of pool. */
public enum Pool {
    /** HikariCP over the driver, found through {@code DriverManager}. */
    HIKARICP("HikariCP") {
        @Override
        public DataSource open(Target target, String database) {
            return DataSources.hikari(target, database, 3);
        }
    },
    /** The driver's own DataSource (sluice-jdbc's pooled one; pgjdbc's simple one; MariaDB's pool). */
    OWN("own DataSource") {
        @Override
        public DataSource open(Target target, String database) {
            return DataSources.own(target, database);
        }
    };

    private final String label;

    Pool(String label) {
        this.label = label;
    }

    /** A DataSource of this kind for {@code database}; {@link DataSources#close} releases it. */
    public abstract DataSource open(Target target, String database);

    @Override
    public String toString() {
        return label;
    }
}
