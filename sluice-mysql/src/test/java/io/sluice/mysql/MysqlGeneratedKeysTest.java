package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.GeneratedKeys;
import io.sluice.Sluice;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** MySQL's side of generated keys: ids derived from the OK packet, and the increment they step by. */
class MysqlGeneratedKeysTest {
    private Connection connection;
    private String table;

    @BeforeEach
    void createTable() {
        connection = Sluice.connect(MysqlTestSupport.root().build());
        table = "sltx_mykeys_" + Long.toHexString(System.nanoTime());
        connection.executeScript(
                "CREATE TABLE " + table + " (id BIGINT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20)) ENGINE=InnoDB");
    }

    @AfterEach
    void dropTable() {
        connection.executeScript("DROP TABLE IF EXISTS " + table);
        connection.close();
    }

    private List<Long> ids() {
        return connection.query("SELECT id FROM " + table + " ORDER BY id", r -> r.getLong(0));
    }

    @Test
    void shouldStepKeysByAutoIncrementIncrementWhenInsertAddsSeveralRows() {
        connection.executeScript("SET SESSION auto_increment_increment = 3, auto_increment_offset = 2");
        GeneratedKeys multi = connection.executeReturningKeys(
                "INSERT INTO " + table + " (name) VALUES ('a'), ('b'), ('c')", "id"); // text protocol
        GeneratedKeys sets = connection.executeBatchReturningKeys(
                "INSERT INTO " + table + " (name) VALUES (?), (?)",
                "id",
                List.of(new Object[] {"d", "e"}, new Object[] {"f", "g"}));
        assertThat(multi.keys()).containsExactly(2, 5, 8);
        assertThat(sets.affectedRows()).isEqualTo(4);
        assertThat(ids()).containsExactly(2L, 5L, 8L, 11L, 14L, 17L, 20L);
        assertThat(sets.keys()).containsExactly(11, 14, 17, 20);
    }

    @Test
    void shouldTakeKeysFromAutoIncrementColumnWhateverKeyColumnSays() {
        GeneratedKeys keys =
                connection.executeReturningKeys("INSERT INTO " + table + " (name) VALUES (?)", "\"any\"", "x");
        assertThat(connection.lastInsertId()).isEqualTo(keys.key());
        assertThat(keys.key()).isEqualTo(ids().getFirst());
    }

    @Test
    void shouldSendEverySetOnItsOwnWhenBatchReturnsKeys() {
        // MariaDB's bulk command reports one id for a whole batch: keys need one reply per set
        GeneratedKeys keys = connection.transaction(c -> c.executeBatchReturningKeys(
                "INSERT INTO " + table + " (name) VALUES (?)",
                "id",
                List.of(new Object[] {"a"}, new Object[] {"b"}, new Object[] {"c"})));
        assertThat(keys.keys())
                .containsExactly(ids().stream().mapToLong(Long::longValue).toArray());
    }
}
