package io.sluice;

/**
 * One asynchronous notification: PostgreSQL's {@code NOTIFY channel, 'payload'} (or
 * {@code pg_notify}) as delivered to a session that ran {@code LISTEN channel}.
 *
 * @param channel   the channel name, as the server spells it (unquoted identifiers are lower case)
 * @param payload   the payload; empty when NOTIFY gave none
 * @param processId the server process id of the notifying session ({@link ServerInfo} of that
 *                  connection tells its own)
 * @see Connection#awaitNotifications(java.time.Duration)
 * @see <a href="https://www.postgresql.org/docs/current/sql-notify.html">NOTIFY</a>
 */
public record Notification(String channel, String payload, int processId) {}
