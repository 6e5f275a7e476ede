package io.sluice.jdbc.metadata;

import java.sql.SQLException;
import java.sql.Wrapper;

/**
 * {@link Wrapper} for the driver's objects that wrap nothing: each unwraps only to the types it
 * implements itself. (Not API: this package is not exported.)
 */
public interface SelfWrapper extends Wrapper {
    @Override
    default <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName(), "HY000");
    }

    @Override
    default boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
