package io.sluice;

import io.sluice.spi.Driver;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Entry point: opens connections through whichever driver on the class or module path serves the
 * URL's scheme ({@code sluice-postgres} for {@code postgresql://}, {@code sluice-mysql} for
 * {@code mysql://} and {@code mariadb://}).
 */
public final class Sluice {
    private static final List<Driver> DRIVERS = loadDrivers();

    private Sluice() {}

    /**
     * Opens a connection described by a URL, for example
     * {@code postgresql://app:secret@db.example.com:5432/orders?sslmode=verify-full}.
     *
     * @see ConnectionConfig#fromUrl(String)
     */
    public static Connection connect(String url) {
        return connect(ConnectionConfig.fromUrl(url));
    }

    /** Opens a connection with the driver that serves {@code config.scheme()}. */
    public static Connection connect(ConnectionConfig config) {
        return driverFor(config.scheme()).connect(config);
    }

    /** The driver serving {@code scheme}. */
    public static Driver driverFor(String scheme) {
        for (Driver driver : DRIVERS) {
            if (driver.schemes().contains(scheme)) {
                return driver;
            }
        }
        List<String> known = new ArrayList<>();
        DRIVERS.forEach(d -> known.addAll(d.schemes()));
        throw new ConnectionException("no Sluice driver for scheme: scheme=" + scheme + ", available=" + known
                + " (add sluice-postgres or sluice-mysql to the class path)");
    }

    private static List<Driver> loadDrivers() {
        List<Driver> drivers = new ArrayList<>();
        ServiceLoader.load(Driver.class, Sluice.class.getClassLoader()).forEach(drivers::add);
        return List.copyOf(drivers);
    }
}
