package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.SluiceException;
import io.sluice.testing.LogCapture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the driver logs through System.Logger: life-cycle and cache evictions; never secrets. */
class MysqlLoggingTest {
    private static final String SECRET_VALUE = "obs_secret_parameter_value";

    @Test
    void shouldLogOpenEvictionAndCloseWithoutPasswordOrParameterValues() {
        List<String> lines;
        try (LogCapture log = LogCapture.of("io.sluice.mysql")) {
            try (Connection c =
                    MysqlTestSupport.connect(MysqlTestSupport.nativeUser().statementCacheSize(1))) {
                c.query("SELECT ?", r -> r.getString(0), SECRET_VALUE);
                c.query("SELECT CONCAT(?, 'x')", r -> r.getString(0), SECRET_VALUE); // evicts the first
            }
            lines = log.lines();
        }
        assertThat(lines).anySatisfy(l -> assertThat(l)
                .startsWith("FINE connection opened: host=127.0.0.1, port=3306, connection_id=")
                .contains("database=test", "user=sluice_native", "tls=off", "auth_plugin="));
        assertThat(lines)
                .anySatisfy(l -> assertThat(l).startsWith("FINE statement evicted from the cache: statement_id="));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("FINE connection closed: host=127.0.0.1"));
        assertThat(lines).noneSatisfy(l -> assertThat(l).containsAnyOf("sluice-native-pw", SECRET_VALUE, "SELECT"));
    }

    @Test
    void shouldLogBrokenConnectionAtInfo() {
        List<String> lines;
        try (LogCapture log = LogCapture.of("io.sluice.mysql");
                Connection victim = MysqlTestSupport.connect(MysqlTestSupport.root());
                Connection killer = MysqlTestSupport.connect(MysqlTestSupport.root())) {
            long id = victim.serverInfo().sessionId();
            killer.execute("KILL " + id);
            assertThatThrownBy(() -> {
                        for (int i = 0; i < 50; i++) { // until the kill has reached this connection
                            victim.query("SELECT 1", r -> 1);
                            Thread.sleep(20);
                        }
                    })
                    .isInstanceOf(SluiceException.class);
            lines = log.lines();
        }
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("INFO connection broken: host=127.0.0.1"));
    }
}
