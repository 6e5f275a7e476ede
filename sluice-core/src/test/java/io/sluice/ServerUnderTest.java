package io.sluice;

import io.sluice.ConnectionContract.ColumnKind;

/**
 * What the contracts need to know about one driver and its real server: how to connect, and the few
 * pieces of SQL that no dialect-neutral text can say. Each driver's test sources implement it once
 * and hand it to every contract they run.
 */
public interface ServerUnderTest {

    /** Settings for a connection to the real server under test. */
    ConnectionConfig config();

    /** The positional placeholder for the 1-based parameter {@code index}: {@code $1} or {@code ?}. */
    String placeholder(int index);

    /** The dialect's type name for a column of {@code kind}, for example {@code int4} or {@code DATETIME(6)}. */
    String columnType(ColumnKind kind);

    /** An expression that keeps the server busy for {@code seconds}: {@code pg_sleep(5)}, {@code SLEEP(5)}. */
    String sleep(int seconds);

    /**
     * A query with two parameters, the server's session id (a number) and a {@code LIKE} pattern, that
     * returns one row holding the number of statements of that session running now whose text matches.
     */
    String runningStatementsSql();

    /**
     * A statement after which the server sends one notice (PostgreSQL) or warning (MySQL) whose message
     * contains {@code text}, and otherwise succeeds.
     */
    String noticeSql(String text);

    /**
     * Whether a connection whose caller was interrupted while waiting for the server stays usable
     * (PostgreSQL reads through a selector) or is closed and broken (MySQL: the JDK closes an
     * interruptible channel's socket). Either way the caller gets {@link QueryCancelledException}
     * with its interrupt flag set again.
     */
    boolean keepsConnectionWhenInterrupted();
}
