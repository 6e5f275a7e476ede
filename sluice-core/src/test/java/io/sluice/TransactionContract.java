package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Nested transactions and savepoints as every driver promises them through {@link Connection}: the same
 * rows must be committed on every server. Each test works in a table of its own and proves what was
 * committed by reading it back through a second connection.
 */
public abstract class TransactionContract {

    /** Settings for a connection to the real server under test. */
    protected abstract ConnectionConfig config();

    /** The positional placeholder for the 1-based parameter {@code index}: {@code $1} or {@code ?}. */
    protected abstract String placeholder(int index);

    protected Connection connection;
    private Connection reader;
    private String table;

    @BeforeEach
    void createTable() {
        reader = Sluice.connect(config());
        connection = Sluice.connect(config());
        table = "sltx_tx_" + Long.toHexString(System.nanoTime());
        reader.executeScript("CREATE TABLE " + table + " (id INT PRIMARY KEY, name VARCHAR(100))");
    }

    @AfterEach
    void dropTable() {
        connection.close(); // rolls back what a failed test left open, releasing its locks
        reader.executeScript("DROP TABLE IF EXISTS " + table);
        reader.close();
    }

    private void insert(Connection c, int id) {
        c.execute(
                "INSERT INTO " + table + " (id, name) VALUES (" + placeholder(1) + ", " + placeholder(2) + ")",
                id,
                "row-" + id);
    }

    /** The committed ids, read through the second connection. */
    private List<Integer> committed() {
        return reader.query("SELECT id FROM " + table + " ORDER BY id", r -> r.getInt(0));
    }

    @Test
    void shouldCommitInnerWorkWithOuterWhenInnerBlockReturns() {
        connection.transaction(c -> {
            insert(c, 1);
            int inner = c.transaction(c2 -> {
                assertThat(c2.inTransaction()).isTrue();
                insert(c2, 2);
                return 2;
            });
            assertThat(inner).isEqualTo(2);
            assertThat(committed()).isEmpty();
            insert(c, 3);
            return null;
        });
        assertThat(connection.inTransaction()).isFalse();
        assertThat(committed()).containsExactly(1, 2, 3);
    }

    @Test
    void shouldUndoOnlyInnerWorkWhenInnerBlockThrows() {
        connection.transaction(c -> {
            insert(c, 1);
            assertThatThrownBy(() -> c.transaction(c2 -> {
                        insert(c2, 2);
                        throw new IllegalStateException("inner");
                    }))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("inner");
            assertThat(c.inTransaction()).isTrue();
            insert(c, 3);
            return null;
        });
        assertThat(committed()).containsExactly(1, 3);
    }

    @Test
    void shouldKeepOuterTransactionUsableWhenServerErrorEndsInnerBlock() {
        connection.transaction(c -> {
            insert(c, 1);
            assertThatThrownBy(() -> c.transaction(c2 -> {
                        insert(c2, 2);
                        insert(c2, 1); // duplicate key
                        return null;
                    }))
                    .isInstanceOf(ServerException.class);
            assertThat(c.transactionFailed()).isFalse();
            assertThat(c.inTransaction()).isTrue();
            insert(c, 3);
            return null;
        });
        assertThat(committed()).containsExactly(1, 3);
    }

    @Test
    void shouldRollBackToSavepointWhenInnerBlockSwallowsServerError() {
        connection.transaction(c -> {
            insert(c, 1);
            assertThatThrownBy(() -> c.transaction(c2 -> {
                        insert(c2, 2);
                        try {
                            insert(c2, 1);
                        } catch (ServerException swallowed) {
                            assertThat(c2.transactionFailed()).isTrue();
                        }
                        return null;
                    }))
                    .isInstanceOf(TransactionStateException.class)
                    .hasMessageContaining("rolled back to its savepoint");
            insert(c, 3);
            return null;
        });
        assertThat(committed()).containsExactly(1, 3);
    }

    @Test
    void shouldEndAlikeWhenInnerBlockCarriesOnAfterSwallowedServerError() {
        connection.transaction(c -> {
            insert(c, 1);
            assertThatThrownBy(() -> c.transaction(c2 -> {
                        try (PreparedStatement insert = c2.prepare("INSERT INTO " + table + " (id, name) VALUES ("
                                + placeholder(1) + ", " + placeholder(2) + ")")) {
                            insert.execute(2, "row-2");
                            try {
                                insert.execute(1, "duplicate"); // binary path
                            } catch (ServerException swallowed) {
                                // carries on: PostgreSQL refuses what follows (25P02), MySQL runs it
                            }
                            try {
                                insert.execute(4, "row-4");
                            } catch (ServerException refused) {
                                assertThat(refused.sqlState()).isEqualTo("25P02");
                            }
                        }
                        assertThat(c2.transactionFailed()).isTrue();
                        return null;
                    }))
                    .isInstanceOf(TransactionStateException.class);
            assertThat(c.transactionFailed()).isFalse();
            insert(c, 3);
            return null;
        });
        assertThat(committed()).containsExactly(1, 3); // neither 2 nor 4, on either server
    }

    @Test
    void shouldRollBackWhenOutermostBlockSwallowsServerError() {
        assertThatThrownBy(() -> connection.transaction(c -> {
                    insert(c, 1);
                    try {
                        insert(c, 1);
                    } catch (ServerException swallowed) {
                        // carries on as if nothing happened
                    }
                    return null;
                }))
                .isInstanceOf(TransactionStateException.class)
                .hasMessageContaining("transaction rolled back");
        assertThat(connection.inTransaction()).isFalse();
        assertThat(connection.transactionFailed()).isFalse();
        assertThat(committed()).isEmpty();
        insert(connection, 5); // usable in autocommit again
        assertThat(committed()).containsExactly(5);
    }

    @Test
    void shouldUndoInnerWorkToo() {
        assertThatThrownBy(() -> connection.transaction(c -> {
                    insert(c, 1);
                    c.transaction(c2 -> {
                        insert(c2, 2);
                        return null;
                    });
                    throw new IllegalStateException("outer");
                }))
                .hasMessage("outer");
        assertThat(connection.inTransaction()).isFalse();
        assertThat(committed()).isEmpty();
    }

    @Test
    void shouldUndoOnlyTheFailedLevelWhenBlocksNestDeeply() {
        connection.transaction(c -> {
            insert(c, 1);
            c.transaction(c2 -> {
                insert(c2, 2);
                assertThatThrownBy(() -> c2.transaction(c3 -> {
                            insert(c3, 3);
                            c3.transaction(c4 -> {
                                insert(c4, 4);
                                return null;
                            });
                            insert(c3, 2); // duplicate key: undoes 3 and 4
                            return null;
                        }))
                        .isInstanceOf(ServerException.class);
                insert(c2, 5);
                return null;
            });
            insert(c, 6);
            return null;
        });
        assertThat(committed()).containsExactly(1, 2, 5, 6);
    }

    @Test
    void shouldRunJoinedBlockAsPartOfOuterTransaction() {
        connection.transaction(c -> {
            insert(c, 1);
            assertThatThrownBy(() -> c.transaction(IsolationLevel.DEFAULT, TransactionNesting.JOIN, c2 -> {
                        insert(c2, 2);
                        throw new IllegalStateException("joined");
                    }))
                    .hasMessage("joined");
            insert(c, 3);
            return null;
        });
        // no savepoint: the joined block's insert stays, as if its code were inline
        assertThat(committed()).containsExactly(1, 2, 3);
        assertThatThrownBy(() -> connection.transaction(c -> {
                    c.transaction(IsolationLevel.DEFAULT, TransactionNesting.JOIN, c2 -> {
                        insert(c2, 10);
                        return null;
                    });
                    throw new IllegalStateException("outer");
                }))
                .hasMessage("outer");
        assertThat(committed()).containsExactly(1, 2, 3);
    }

    @Test
    void shouldRefuseJoinedBlockThatSwallowsServerErrorAtOuterCommit() {
        assertThatThrownBy(() -> connection.transaction(c -> {
                    insert(c, 1);
                    c.transaction(IsolationLevel.DEFAULT, TransactionNesting.JOIN, c2 -> {
                        try {
                            insert(c2, 1);
                        } catch (ServerException swallowed) {
                            // the outer transaction has failed: it must not commit
                        }
                        return null;
                    });
                    return null;
                }))
                .isInstanceOf(TransactionStateException.class);
        assertThat(committed()).isEmpty();
    }

    @Test
    void shouldThrowWhenBlockEndsItsOwnTransaction() {
        assertThatThrownBy(() -> connection.transaction(c -> {
                    insert(c, 1);
                    c.commit();
                    insert(c, 2); // autocommit: the block is no longer one unit
                    return null;
                }))
                .isInstanceOf(TransactionStateException.class)
                .hasMessageContaining("already ended");
        assertThatThrownBy(() -> connection.transaction(c -> {
                    insert(c, 3);
                    return c.transaction(c2 -> {
                        c2.rollback();
                        insert(c2, 4);
                        return null;
                    });
                }))
                .isInstanceOf(TransactionStateException.class)
                .hasMessageContaining("inner transaction block");
        assertThat(connection.inTransaction()).isFalse();
        assertThat(committed()).containsExactly(1, 2, 4);
    }

    @Test
    void shouldThrowAndKeepTransactionWhenBeginIsCalledInsideOne() {
        connection.begin();
        insert(connection, 1);
        assertThatThrownBy(() -> connection.begin())
                .isInstanceOf(TransactionStateException.class)
                .hasMessageContaining("already open");
        assertThatThrownBy(() -> connection.begin(IsolationLevel.SERIALIZABLE))
                .isInstanceOf(TransactionStateException.class);
        assertThat(connection.inTransaction()).isTrue();
        assertThat(committed()).isEmpty(); // MySQL's START TRANSACTION would have committed row 1
        insert(connection, 2);
        connection.rollback();
        assertThat(committed()).isEmpty();
    }

    @Test
    void shouldRefuseIsolationLevelForInnerBlock() {
        connection.transaction(IsolationLevel.SERIALIZABLE, c -> {
            insert(c, 1);
            assertThatThrownBy(() -> c.transaction(IsolationLevel.SERIALIZABLE, c2 -> {
                        insert(c2, 2);
                        return null;
                    }))
                    .isInstanceOf(TransactionStateException.class)
                    .hasMessageContaining("isolation level");
            assertThatThrownBy(() -> c.transaction(IsolationLevel.READ_COMMITTED, TransactionNesting.JOIN, c2 -> null))
                    .isInstanceOf(TransactionStateException.class);
            return null;
        });
        assertThat(committed()).containsExactly(1);
    }

    @Test
    void shouldRefuseInnerBlockWhileOuterTransactionHasFailed() {
        connection.begin();
        insert(connection, 1);
        assertThatThrownBy(() -> insert(connection, 1)).isInstanceOf(ServerException.class);
        assertThat(connection.transactionFailed()).isTrue();
        assertThatThrownBy(() -> connection.transaction(c -> null))
                .isInstanceOf(TransactionStateException.class)
                .hasMessageContaining("failed earlier");
        connection.rollback();
        assertThat(connection.transactionFailed()).isFalse();
        assertThat(committed()).isEmpty();
    }

    @Test
    void shouldUndoWorkAfterSavepointWhenRollingBackToIt() {
        connection.begin();
        insert(connection, 1);
        Savepoint first = connection.savepoint("first");
        insert(connection, 2);
        Savepoint second = connection.savepoint();
        insert(connection, 3);
        connection.rollbackTo(first);
        assertThat(connection.inTransaction()).isTrue();
        assertThatThrownBy(() -> connection.release(second))
                .isInstanceOf(TransactionStateException.class)
                .hasMessageContaining("not active");
        insert(connection, 4);
        connection.rollbackTo(first); // stays active after a rollback to it
        insert(connection, 5);
        connection.release(first);
        assertThatThrownBy(() -> connection.rollbackTo(first)).isInstanceOf(TransactionStateException.class);
        connection.commit();
        assertThat(connection.inTransaction()).isFalse();
        assertThat(committed()).containsExactly(1, 5);
    }

    @Test
    void shouldClearFailedStateWhenRollingBackToSavepoint() {
        connection.begin();
        insert(connection, 1);
        Savepoint sp = connection.savepoint();
        insert(connection, 2);
        assertThatThrownBy(() -> insert(connection, 1)).isInstanceOf(ServerException.class);
        assertThat(connection.transactionFailed()).isTrue();
        assertThat(connection.inTransaction()).isTrue();
        connection.rollbackTo(sp);
        assertThat(connection.transactionFailed()).isFalse();
        insert(connection, 3);
        connection.release(sp);
        connection.commit();
        assertThat(committed()).containsExactly(1, 3);
    }

    @Test
    void shouldValidateSavepointNamesAndState() {
        assertThatThrownBy(() -> connection.savepoint("outside"))
                .isInstanceOf(TransactionStateException.class)
                .hasMessageContaining("no transaction");
        assertThatThrownBy(() -> connection.rollbackTo(new Savepoint("outside")))
                .isInstanceOf(TransactionStateException.class);
        connection.begin();
        for (String bad : new String[] {"", "1st", "a b", "a;DROP TABLE x", "a\"b", "a`b", "x".repeat(64)}) {
            assertThatThrownBy(() -> connection.savepoint(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> connection.savepoint(null)).isInstanceOf(IllegalArgumentException.class);
        Savepoint reserved = connection.savepoint("select"); // a keyword: sent quoted
        Savepoint mixed = connection.savepoint("Mixed_Case_" + "x".repeat(52));
        assertThatThrownBy(() -> connection.savepoint("SELECT"))
                .isInstanceOf(TransactionStateException.class)
                .hasMessageContaining("already active");
        Savepoint a = connection.savepoint();
        Savepoint b = connection.savepoint();
        assertThat(a.name()).startsWith("sluice_sp_").isNotEqualTo(b.name());
        insert(connection, 1);
        connection.rollbackTo(new Savepoint(mixed.name().toUpperCase(java.util.Locale.ROOT)));
        connection.release(reserved);
        assertThatThrownBy(() -> connection.release(a)).isInstanceOf(TransactionStateException.class);
        connection.commit();
        assertThatThrownBy(() -> connection.rollbackTo(mixed)).isInstanceOf(TransactionStateException.class);
        assertThat(committed()).isEmpty();
    }

    @Test
    void shouldForgetSavepointsWhenTransactionEnds() {
        connection.begin();
        Savepoint sp = connection.savepoint("kept");
        connection.rollback();
        connection.begin();
        assertThatThrownBy(() -> connection.rollbackTo(sp)).isInstanceOf(TransactionStateException.class);
        connection.savepoint("kept"); // the name is free again
        insert(connection, 1);
        connection.commit();
        connection.reset();
        assertThat(connection.inTransaction()).isFalse();
        assertThat(committed()).containsExactly(1);
    }
}
