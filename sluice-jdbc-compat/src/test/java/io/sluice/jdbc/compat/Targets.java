package io.sluice.jdbc.compat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The matrix's columns. The system property {@code compat.drivers} picks the drivers: {@code reference}
 * (pgjdbc and MariaDB Connector/J, the default), {@code sluice} (sluice-jdbc on both servers) or {@code all}.
 */
public final class Targets {
    /** The name sluice-jdbc has in the matrix. */
    public static final String SLUICE = "sluice-jdbc";

    private static final String PG_HOST = "127.0.0.1:5432";
    private static final String MARIADB_HOST = "127.0.0.1:3306";

    private Targets() {}

    /** Every selected target, reference drivers first. */
    public static Stream<Target> all() {
        String drivers =
                System.getProperty("compat.drivers", "reference").trim().toLowerCase(Locale.ROOT);
        boolean reference = drivers.equals("reference") || drivers.equals("all");
        boolean sluice = drivers.equals("sluice") || drivers.equals("all");
        if (!reference && !sluice) {
            throw new IllegalArgumentException(
                    "compat.drivers must be reference, sluice or all: compat.drivers=" + drivers);
        }
        List<Target> targets = new ArrayList<>();
        if (reference) {
            targets.add(new Target(
                    "pgjdbc",
                    Server.POSTGRESQL,
                    "jdbc:postgresql://" + PG_HOST + "/{db}?sslmode=disable",
                    "postgres",
                    ""));
            targets.add(new Target(
                    "mariadb-connector-j", Server.MARIADB, "jdbc:mariadb://" + MARIADB_HOST + "/{db}", "root", ""));
        }
        if (sluice) {
            targets.add(new Target(
                    SLUICE,
                    Server.POSTGRESQL,
                    "jdbc:sluice:postgresql://" + PG_HOST + "/{db}?sslmode=disable",
                    "postgres",
                    ""));
            targets.add(new Target(
                    SLUICE,
                    Server.MARIADB,
                    "jdbc:sluice:mariadb://" + MARIADB_HOST + "/{db}?sslmode=disable",
                    "root",
                    ""));
        }
        return targets.stream();
    }

    /** Every selected target with each kind of {@link Pool}: the arguments of tests that run on both. */
    public static Stream<Arguments> withPools() {
        return all().flatMap(t -> Stream.of(Pool.values()).map(p -> Arguments.of(t, p)));
    }

    /** The selected PostgreSQL targets. */
    public static Stream<Target> postgresql() {
        return all().filter(t -> t.server() == Server.POSTGRESQL);
    }
}
