package io.sluice.spi;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import java.util.Set;

/**
 * A Sluice driver, found through {@link java.util.ServiceLoader}: {@link io.sluice.Sluice#connect}
 * picks the driver whose {@link #schemes()} contain the URL's scheme.
 */
public interface Driver {

    /** The URL schemes this driver serves, in lower case, for example {@code postgresql}. */
    Set<String> schemes();

    /**
     * Opens a connection: connects, authenticates and negotiates TLS as the configuration says.
     *
     * @throws io.sluice.ConnectionException if the server cannot be reached or refuses the login
     */
    Connection connect(ConnectionConfig config);
}
