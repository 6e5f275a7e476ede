package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Row mapping to records, beans and single values ({@link ClassMapper}) against a real server, each
 * query run {@value ParametersContract#RUNS} times to cover the text and the binary path (see
 * {@link ParametersContract}), with and without parameters.
 */
public abstract class MappingContract {
    /** Settings for a connection to the real server under test. */
    protected abstract ConnectionConfig config();

    /**
     * {@code CREATE TEMPORARY TABLE name (user_id int primary key, full_name text, balance decimal(10,2),
     * born date, seen timestamp, visits bigint, active boolean, note text)}.
     */
    protected abstract String createTable(String name);

    protected Connection connection;
    protected String table;

    @BeforeEach
    void openConnection() {
        connection = Sluice.connect(config());
        table = "slpm_m" + Long.toHexString(System.nanoTime());
        connection.executeScript(createTable(table));
        String insert = "INSERT INTO " + table
                + " (user_id, full_name, balance, born, seen, visits, active, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
        for (int i = 1; i <= 3; i++) {
            connection.execute(
                    insert,
                    i,
                    "user " + i,
                    new BigDecimal(i + "0.25"),
                    LocalDate.of(1990, 1, i),
                    LocalDateTime.of(2024, 5, i, 10, 30, 15),
                    10_000_000_000L + i,
                    i % 2 == 1,
                    i == 2 ? null : "note " + i);
        }
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    private String select(String columns) {
        return "SELECT " + columns + " FROM " + table;
    }

    private static <T> List<T> same(java.util.function.Supplier<List<T>> query) {
        return ParametersContract.same(query);
    }

    /** Every column, by its snake_case label. */
    public record User(
            int userId,
            String fullName,
            BigDecimal balance,
            LocalDate born,
            LocalDateTime seen,
            long visits,
            boolean active,
            String note) {}

    private static User expected(int i) {
        return new User(
                i,
                "user " + i,
                new BigDecimal(i + "0.25"),
                LocalDate.of(1990, 1, i),
                LocalDateTime.of(2024, 5, i, 10, 30, 15),
                10_000_000_000L + i,
                i % 2 == 1,
                i == 2 ? null : "note " + i);
    }

    private String all() {
        return select("user_id, full_name, balance, born, seen, visits, active, note") + " ORDER BY user_id";
    }

    @Test
    void shouldMapRecordsWhenQueryingWithAndWithoutParameters() {
        assertThat(same(() -> connection.query(all(), User.class)))
                .containsExactly(expected(1), expected(2), expected(3));
        String where = select("user_id, full_name, balance, born, seen, visits, active, note")
                + " WHERE user_id >= ? ORDER BY user_id";
        assertThat(same(() -> connection.query(where, User.class, 2))).containsExactly(expected(2), expected(3));
        assertThat(connection.queryFirst(where, User.class, 3)).contains(expected(3));
    }

    /** A bean with a setter per column it wants; {@code visits} is left out on purpose. */
    public static final class UserBean {
        private int userId;
        private String fullName;
        private Long visits = -1L;
        private Boolean active;

        public void setUserId(int userId) {
            this.userId = userId;
        }

        public void setFullName(String fullName) {
            this.fullName = fullName;
        }

        public void setActive(Boolean active) {
            this.active = active;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof UserBean b
                    && b.userId == userId
                    && Objects.equals(b.fullName, fullName)
                    && Objects.equals(b.visits, visits)
                    && Objects.equals(b.active, active);
        }

        @Override
        public int hashCode() {
            return userId;
        }

        @Override
        public String toString() {
            return "UserBean[" + userId + ", " + fullName + ", " + visits + ", " + active + "]";
        }
    }

    @Test
    void shouldMapBeansWhenColumnsMatchSetters() {
        List<UserBean> beans = same(() -> connection.query(
                select("user_id, full_name, visits, active") + " WHERE user_id <= ? ORDER BY user_id",
                UserBean.class,
                2));
        assertThat(beans).hasSize(2);
        assertThat(beans.get(0).fullName).isEqualTo("user 1");
        assertThat(beans.get(0).visits).isEqualTo(-1L); // no setter: untouched
        assertThat(beans.get(1).active).isFalse();
    }

    /** An enum read from a column by name. */
    public enum Kind {
        ALPHA,
        BETA
    }

    /** A single-column value and an enum component. */
    public record Tagged(int userId, Kind kind) {}

    @Test
    void shouldMapSingleValuesAndEnumsWhenTheClassIsAValue() {
        assertThat(same(() -> connection.query(select("visits") + " ORDER BY user_id", Long.class)))
                .containsExactly(10_000_000_001L, 10_000_000_002L, 10_000_000_003L);
        assertThat(same(() -> connection.query(select("full_name") + " WHERE user_id = ?", String.class, 1)))
                .containsExactly("user 1");
        assertThat(same(() -> connection.query(select("user_id, 'BETA' AS kind") + " WHERE user_id = 1", Tagged.class)))
                .containsExactly(new Tagged(1, Kind.BETA));
    }

    @Test
    void shouldMapInsideCallbacksWhenRowAsIsUsed() {
        assertThat(same(() -> {
                    List<User> out = new ArrayList<>();
                    connection.forEach(all(), row -> out.add(row.as(User.class)));
                    return out;
                }))
                .containsExactly(expected(1), expected(2), expected(3));
        try (PreparedStatement ps = connection.prepare(all())) {
            assertThat(same(() -> ps.query(User.class))).hasSize(3);
        }
    }

    @Test
    void shouldMapOneClassWhenColumnLayoutsDiffer() {
        record Small(int userId, String fullName) {}
        for (int i = 0; i < ParametersContract.RUNS; i++) {
            assertThat(connection.query(select("user_id, full_name") + " WHERE user_id = 1", Small.class))
                    .containsExactly(new Small(1, "user 1"));
            assertThat(connection.query(select("full_name, visits, user_id") + " WHERE user_id = 1", Small.class))
                    .containsExactly(new Small(1, "user 1"));
        }
        assertThat(ClassMapper.of(Small.class)).isSameAs(ClassMapper.of(Small.class));
    }

    /** A record whose {@code email} no query here selects. */
    public record WithEmail(int userId, String email) {}

    /** A record that reads a text column as a number. */
    public record Mistyped(int userId, int fullName) {}

    /** A record that reads a nullable column into a primitive. */
    public record NullIntoPrimitive(int userId, long note) {}

    /** A class with two constructors, neither without arguments: which one to call is not clear. */
    public static final class NoUsableConstructor {
        public NoUsableConstructor(int userId) {}

        public NoUsableConstructor(String fullName) {}
    }

    /** A class built through its only constructor, by parameter name (the tests compile with -parameters). */
    public static final class Account {
        private final int userId;
        private final BigDecimal balance;

        public Account(int userId, BigDecimal balance) {
            this.userId = userId;
            this.balance = balance;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Account a && a.userId == userId && a.balance.equals(balance);
        }

        @Override
        public int hashCode() {
            return userId;
        }

        @Override
        public String toString() {
            return "Account[" + userId + ", " + balance + "]";
        }
    }

    @Test
    void shouldMapThroughTheOnlyConstructorWhenParameterNamesArePresent() {
        assertThat(same(() -> connection.query(
                        select("balance, user_id") + " WHERE user_id <= ? ORDER BY user_id", Account.class, 2)))
                .containsExactly(new Account(1, new BigDecimal("10.25")), new Account(2, new BigDecimal("20.25")));
    }

    @Test
    void shouldExplainTheFixWhenAClassHasNoUsableConstructor() {
        assertThatThrownBy(() -> connection.query(select("user_id"), NoUsableConstructor.class))
                .isInstanceOf(MappingException.class)
                .hasMessageContaining("no usable constructor")
                .hasMessageContaining("-parameters");
    }

    @Test
    void shouldNameClassPropertyAndColumnWhenMappingFails() {
        assertThatThrownBy(() -> connection.query(select("user_id"), WithEmail.class))
                .isInstanceOf(MappingException.class)
                .hasMessageContaining("no column for property")
                .hasMessageContaining("property=email");
        assertThatThrownBy(() -> connection.query(select("user_id, full_name"), Mistyped.class))
                .isInstanceOf(MappingException.class)
                .hasMessageContaining("property=fullName")
                .hasMessageContaining("column=full_name");
        assertThatThrownBy(() -> connection.query(
                        select("user_id, NULL AS note") + " WHERE user_id = 2", NullIntoPrimitive.class))
                .isInstanceOf(MappingException.class)
                .hasMessageContaining("property=note");
        assertThatThrownBy(() -> connection.query(select("user_id, full_name"), Long.class))
                .isInstanceOf(MappingException.class)
                .hasMessageContaining("exactly one column");
        assertThat(connection.query(select("user_id") + " WHERE user_id = 1", Integer.class))
                .containsExactly(1); // still usable
    }
}
