/**
 * Sluice's native PostgreSQL driver: protocol v3 over a plain or TLS socket, no JDBC underneath.
 *
 * <h2>Use</h2>
 * <pre>{@code
 * try (Connection c = Sluice.connect("postgresql://app:secret@db:5432/orders?sslmode=verify-full")) {
 *     List<String> names = c.query("SELECT name FROM customer WHERE id > $1", r -> r.getString(0), 100);
 * }
 * }</pre>
 * {@link io.sluice.postgres.PgDriver} is registered as an {@link io.sluice.spi.Driver} service for
 * the schemes {@code postgresql} and {@code postgres}; placeholders are {@code $1, $2, ...}.
 *
 * <h2>Settings ({@link io.sluice.ConnectionConfig}, URL keys in brackets)</h2>
 * <ul>
 * <li>host, port (5432), database, user, password; libpq's connection service file ({@code service},
 *     PGSERVICE) and then its PG* environment variables fill gaps.
 *     Several servers ({@code h1:5432,h2:5433}) are tried in order, or shuffled with
 *     {@code load_balance_hosts=random}; {@code target_session_attrs} (any, read-write, read-only,
 *     primary, standby, prefer-standby) picks one, as in libpq (see {@link io.sluice.postgres.PgDriver#connect}).</li>
 * <li>{@code passfile} (PGPASSFILE, else {@code ~/.pgpass}): libpq's password file, read when the
 *     server asks for a password and none was given; an entry for the server being tried, first match
 *     wins; a file that group or others may access is ignored, as libpq does (see
 *     {@code internal.auth.PgPassFile}).</li>
 * <li>{@code channel_binding} (prefer): SCRAM-SHA-256-PLUS over TLS when the server offers it;
 *     {@code require} refuses to log in without it (before any password is sent), {@code disable}
 *     never binds.</li>
 * <li>{@code options} (PGOPTIONS): command-line options for the backend, e.g. {@code -c search_path=app}.</li>
 * <li>{@code sslmode} (prefer): disable, allow (plain, TLS if the server refuses plain), prefer (TLS
 *     if offered), require (TLS, no certificate check), verify-ca (chain to {@code sslrootcert} or the
 *     JDK trust store), verify-full (also the host name or IP address in the certificate).</li>
 * <li>{@code sslcert}, {@code sslkey}, {@code sslpassword}: a client certificate for {@code cert}
 *     authentication (PEM chain with a PKCS#8 key, or one PKCS#12 file); see
 *     {@link io.sluice.ConnectionConfig#sslCert()}.</li>
 * <li>{@code connect_timeout} (10 s; 0 = none): the whole connect, TCP, TLS, authentication (SCRAM key
 *     derivation included) and everything up to the first ReadyForQuery; a watchdog closes the socket at
 *     the deadline, so neither a silent nor a trickling server can stretch it.</li>
 * <li>{@code spin_micros} (200; 0 = never): how long a lone waiting reader spins on the socket before
 *     it sleeps (see "Cancellation and failure").</li>
 * <li>{@code query_timeout} (0 = none): after it a CancelRequest is sent and the caller gets
 *     {@link io.sluice.QueryTimeoutException}; also per connection with {@code queryTimeout(Duration)}.
 *     The limit covers a whole stream, from its first row to its close.</li>
 * <li>{@code cancel_grace} (5000 ms): how long the server gets to end a timed-out query after the
 *     CancelRequest. Past it the connection is closed and marked broken, and the call throws
 *     {@link io.sluice.QueryTimeoutException}: a call with a timeout returns within timeout + grace.</li>
 * <li>{@code socket_timeout} (seconds, 0 = none; pgjdbc's {@code socketTimeout}): the longest silence
 *     while waiting for bytes the server owes (a slow query counts too). Past it the connection is
 *     closed and marked broken, and the call throws {@link io.sluice.ConnectionException} (the query's
 *     fate on the server is unknown, unlike a cancelled one). Not applied to {@code awaitNotifications},
 *     whose wait has its own limit, nor to writes.</li>
 * <li>{@code max_message_size} (1 GiB, at least 64 KiB): the largest server message accepted (the
 *     default keeps 1 KiB of framing above it, so a 1 GiB value fits); a larger length is a
 *     {@link io.sluice.ProtocolException} and breaks the connection.</li>
 * <li>{@code statement_cache_size} (256): server-side statements kept per connection (LRU) for
 *     ad-hoc SQL, keyed by SQL text and parameter types; 0 = unnamed statements, text results. The
 *     policy is the MySQL driver's: SQL with parameters is prepared on first use; a parameterless text
 *     (often built with literals) runs unprepared, as an unnamed statement with text results, on its
 *     first two uses and is prepared on its third, so that texts run once, or drawn from more texts
 *     than the cache holds, neither evict the statements that are reused nor cost a Parse and a Close.</li>
 * <li>{@code application_name} (sluice). The session also starts with client_encoding UTF8 and
 *     DateStyle ISO (on servers before 12, also extra_float_digits 3, set after login).</li>
 * </ul>
 * Authentication: trust, cleartext password, MD5, SCRAM-SHA-256 (SASLprep as the server does it) and
 * SCRAM-SHA-256-PLUS (channel binding {@code tls-server-end-point}), TLS client certificates
 * ({@code cert}). GSSAPI and SSPI are not supported. As in libpq, once a SCRAM exchange has begun,
 * AuthenticationOk is accepted only after the server-final message and its verified signature (the
 * server proved it knows the password), whatever the mechanism; any other order, a second request,
 * or an iteration count above 10,000,000 is refused. Malformed settings throw
 * {@link io.sluice.ConfigurationException}.
 *
 * <h2>How a statement runs</h2>
 * The first execution of an SQL text sends Parse + Describe + Bind + Execute + Sync in one write and
 * gets text results; the statement's RowDescription then decides the result formats, and every
 * later execution sends only Bind (binary for each column whose type the codecs support, and for
 * the types of binary {@link io.sluice.types.TypeCodec}s registered in the configuration, whose OIDs
 * one {@code pg_type} query per connection finds: see {@link io.sluice.postgres.PgCodecs} and
 * TYPES.md) + Execute + Sync. If DDL invalidates a cached plan (SQLSTATE 0A000) or the statement disappeared (26000), the
 * entry is dropped and the request retried once, outside a transaction only. {@code executeBatch}
 * sends all Bind/Execute pairs under one Sync: one round trip, atomic outside a transaction.
 * {@code stream(sql, fetchSize)} executes the portal {@code fetchSize} rows at a time with Flush
 * instead of Sync, so memory stays bounded also in autocommit; the row is read straight from the
 * receive buffer. {@code executeScript} uses the simple Query protocol. {@code copyIn} and
 * {@code copyOut} stream COPY data in 64 KiB messages with bounded memory; notifications of
 * {@code LISTEN} channels are queued as they arrive and handed out by {@code awaitNotifications}.
 *
 * <h2>Threading</h2>
 * A connection is safe to share between threads and is built for virtual threads (ReentrantLock,
 * park/unpark, no {@code synchronized} around I/O, no ThreadLocal). Requests are pipelined: each caller
 * writes its whole request (ending in its own Sync) under the write lock and leaves, then reads its
 * own response when every earlier response has been consumed, so a failure in one request does not
 * affect the others. An open stream holds the connection exclusively until closed. Never use a
 * connection inside one of its own row callbacks (the nested request would wait for the callback).
 * Rows are views valid only during the callback or until the next {@code next()}. Writes are
 * coalesced: a request written while another caller's write call is under way leaves with that
 * caller's next write, and on a plain (non-TLS) connection a request pipelined behind unread
 * responses is left to the reader of an earlier response, which sends what has gathered once the
 * server holds fewer than 4 requests (checked as it starts to wait and while it spins), and before
 * it sleeps in any case: the requests of many callers leave in one write call instead of one write
 * call each (measured by the {@code pg-pipeline} benchmark suite).
 *
 * <h2>Cancellation and failure</h2>
 * {@code cancel()} and timeouts send a CancelRequest on a fresh socket; the cancelled caller gets
 * {@link io.sluice.QueryCancelledException} and the connection stays usable. Interrupting a thread
 * that waits for its result does the same and sets the interrupt flag again, in plain TCP and TLS
 * alike: reads wait in a selector over a non-blocking channel (TLS is layered on it), so an interrupt
 * wakes the reader without closing the socket, as java.net.Socket would for a virtual thread.
 * Before it sleeps in the selector, a reader that is the process's only waiting reader spins on the
 * socket with non-blocking reads for up to 200 us (URL key {@code spin_micros}, 0 = never; PostgreSQL
 * only): on a virtualised machine waking a sleeping thread can take longer than a local server takes
 * to answer a point select, and the default is long enough to catch a slow answer too (the
 * {@code pg-point} suite measures both). A virtual thread spins too, yielding its carrier to other
 * virtual threads between reads. No reader spins while others wait (the cores are theirs and the
 * server's), except a virtual thread reading a response that other callers' requests are queued
 * behind: its yields run those callers, where each of its sleeps would cost a wake through the JDK's
 * poller and of an idle carrier ({@code pg-pipeline} suite). After a spin that found nothing the next
 * 2^k - 1 waits (k misses in a row, up to 10) sleep at once, so a slow or remote server costs little spinning.
 *
 * <p><b>Broken connections.</b> A response is checked against the request that asked for it, with
 * counts the driver holds anyway: one ParseComplete, Describe answer, BindComplete and result per
 * Parse, Describe, Bind and Execute sent (no fewer by ReadyForQuery, no more), DataRows only inside an
 * executing portal, as many columns as the RowDescription and no more rows than the Execute's limit or
 * the CommandComplete tag's count, only ReadyForQuery after an ErrorResponse, no unsolicited bytes
 * after start-up (checked on plain connections), and COPY's own order. A message out of place, a malformed, truncated, oversized
 * or unknown one, or any failure while decoding (an {@link Error} such as OutOfMemoryError included,
 * which is then rethrown as it is) is a {@link io.sluice.ProtocolException}; an I/O failure (server
 * gone, backend terminated) is a {@link io.sluice.ConnectionException}. Either marks the connection
 * broken ({@code isBroken()} true) and closes it; every waiting caller fails at once instead of
 * hanging, and every later call throws {@code ConnectionException} "connection is broken". So a
 * desynchronised stream never yields another query's rows. A value whose bytes its type cannot
 * decode in a well-formed row is a {@link io.sluice.ValueConversionException} and leaves the
 * connection usable. Every exception from the API is a {@link io.sluice.SluiceException} (argument
 * misuse aside, such as copyOut on a statement that is not COPY TO STDOUT), and a stream's
 * {@code close()} never rethrows the exception its {@code next()} already threw. Notices and
 * ParameterStatus go to the configured {@link io.sluice.ServerEventListener}.
 *
 * <h2>Limits</h2>
 * Messages up to {@code max_message_size}; the receive buffer is 64 KiB and grows only for a larger
 * message, and then only as its bytes arrive (at most doubling per step), never to a declared length.
 * Protocol 3.0 only (PostgreSQL 18's 3.2, with its longer cancel keys, is not asked for); no GSSAPI
 * or SSPI, no replication protocol. {@code reset()} rolls back and
 * runs DISCARD ALL's steps except DEALLOCATE ALL and DISCARD PLANS, keeping the statement cache valid.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html">Message Flow</a>
 * @see <a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">Message Formats</a>
 */
package io.sluice.postgres;
