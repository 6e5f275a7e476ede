package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ServerAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A host list against the real MariaDB: port 1 stands for a server that is down (connection refused). */
class MysqlMultiHostTest {
    private static final ServerAddress DOWN = new ServerAddress("127.0.0.1", 1);
    private static final ServerAddress MARIADB = new ServerAddress(MysqlTestSupport.HOST, MysqlTestSupport.PORT);

    @Test
    void shouldConnectToTheFirstServerThatAnswers() {
        ConnectionConfig.Builder b = MysqlTestSupport.root().addresses(List.of(DOWN, MARIADB));
        try (Connection c = MysqlTestSupport.connect(b)) {
            assertThat(c.queryFirst("SELECT @@port", r -> r.getInt(0))).contains(MysqlTestSupport.PORT);
        }
    }

    @Test
    void shouldNameEveryServerWhenNoneAnswers() {
        ConnectionConfig.Builder b =
                MysqlTestSupport.root().addresses(List.of(DOWN, new ServerAddress("127.0.0.1", 2)));
        assertThatThrownBy(() -> MysqlTestSupport.connect(b))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("127.0.0.1:1: ")
                .hasMessageContaining("127.0.0.1:2: ");
    }
}
