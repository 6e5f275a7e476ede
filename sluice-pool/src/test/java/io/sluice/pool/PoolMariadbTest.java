package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Sluice;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The pool contract against the set-up's MariaDB and the MySQL driver. The pools' sessions use a
 * database of their own, so that the server's process list tells them from everyone else's.
 */
class PoolMariadbTest extends PoolContract {
    private static final ConnectionConfig ADMIN =
            ConnectionConfig.fromUrl("mariadb://root@127.0.0.1:3306/test?sslmode=disable");
    private static final String DATABASE =
            "sltk_pool_" + ProcessHandle.current().pid();

    @BeforeAll
    static void createDatabase() {
        try (Connection admin = Sluice.connect(ADMIN)) {
            admin.executeScript("CREATE DATABASE IF NOT EXISTS " + DATABASE);
        }
    }

    @AfterAll
    static void dropDatabase() {
        try (Connection admin = Sluice.connect(ADMIN)) {
            admin.executeScript("DROP DATABASE IF EXISTS " + DATABASE);
        }
    }

    @Override
    protected ConnectionConfig config() {
        return ConnectionConfig.fromUrl("mariadb://root@127.0.0.1:3306/" + DATABASE + "?sslmode=disable");
    }

    @Override
    protected long openSessions() {
        try (Connection admin = Sluice.connect(ADMIN)) {
            return admin.query(
                            "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB = ?",
                            r -> r.getLong(0),
                            DATABASE)
                    .getFirst();
        }
    }

    @Override
    protected void terminate(long sessionId) {
        try (Connection admin = Sluice.connect(ADMIN)) {
            admin.execute("KILL " + sessionId); // a session of this test's own pools
            waitUntil(
                    () -> admin.query(
                                            "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ?",
                                            r -> r.getLong(0),
                                            sessionId)
                                    .getFirst()
                            == 0,
                    "session " + sessionId + " gone");
        }
    }

    @Override
    protected String createTemporaryTable(String name) {
        return "CREATE TEMPORARY TABLE " + name + " (id INT) ENGINE=InnoDB";
    }

    @Override
    protected String integers(int n) {
        return "SELECT seq FROM seq_1_to_" + n;
    }

    @Override
    protected List<String> initSqlProbe() {
        return List.of("SET SESSION lock_wait_timeout = 7", "SELECT @@SESSION.lock_wait_timeout", "7");
    }

    @Override
    protected String terminatedReason() {
        return "fatal error";
    }

    @Override
    protected String sleep(int seconds) {
        return "SLEEP(" + seconds + ")";
    }

    @Override
    protected boolean isRunning(long sessionId, String marker) {
        try (Connection admin = Sluice.connect(ADMIN)) {
            return admin.query(
                                    "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE ?",
                                    r -> r.getLong(0),
                                    sessionId,
                                    "%" + marker + "%")
                            .getFirst()
                    > 0;
        }
    }

    /** The driver's documented behaviour: the JDK closes the interrupted reader's socket, breaking the connection. */
    @Override
    protected boolean keepsConnectionWhenInterrupted() {
        return false;
    }
}
