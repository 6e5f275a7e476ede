package io.sluice.micrometer;

import io.sluice.ConnectionConfig;

/** The set-up's PostgreSQL and MariaDB (bin/setup-services). */
final class Servers {
    private Servers() {}

    static ConnectionConfig postgres() {
        return ConnectionConfig.fromUrl(
                "postgresql://postgres@127.0.0.1:5432/test?sslmode=disable&application_name=obs_micrometer");
    }

    static ConnectionConfig mariadb() {
        return ConnectionConfig.fromUrl("mariadb://root@127.0.0.1:3306/test?sslmode=disable");
    }
}
