/**
 * Sluice's native MySQL and MariaDB driver ({@code mysql://} and {@code mariadb://} URLs), speaking the
 * client/server protocol (https://mariadb.com/kb/en/clientserver-protocol/) directly.
 *
 * <h2>What it does</h2>
 * <ul>
 *   <li>Handshake v10 with CLIENT_PROTOCOL_41, CLIENT_DEPRECATE_EOF, CLIENT_PLUGIN_AUTH, CLIENT_SSL and,
 *       on MariaDB, MARIADB_CLIENT_CACHE_METADATA (column metadata is sent once per prepared statement),
 *       MARIADB_CLIENT_STMT_BULK_OPERATIONS and MARIADB_CLIENT_EXTENDED_TYPE_INFO (JSON columns and
 *       spatial subtypes are named).</li>
 *   <li>Authentication: mysql_native_password, caching_sha2_password (fast path; full path in clear
 *       over TLS or RSA-encrypted with the server's public key), mysql_clear_password (TLS only),
 *       MariaDB's client_ed25519, and auth switch requests.</li>
 *   <li>TLS through the JDK with the PostgreSQL driver's {@code sslmode} names: {@code disable},
 *       {@code allow} (plain, then TLS if the login is refused), {@code prefer} (TLS when offered, the
 *       default), {@code require}, {@code verify-ca}, {@code verify-full} ({@code sslrootcert} names
 *       the trusted CA file); a client certificate ({@code sslcert}, {@code sslkey},
 *       {@code sslpassword}) for users created {@code REQUIRE X509} or {@code REQUIRE SUBJECT}.</li>
 *   <li>Statement cache: an ad-hoc SQL text with parameters is prepared on first use (on MariaDB
 *       prepare and execute go out in one write); a parameterless text runs through COM_QUERY (text
 *       rows) on its first two uses and is prepared on its third, so that SQL built with literals costs
 *       no prepare and close when run once, or drawn from more texts than the cache holds (a random id
 *       in the text) (a text containing {@code ;} is prepared at once, so that it is always one
 *       statement). Prepared texts stay in a per-connection LRU of {@code statement_cache_size}
 *       statements (default 256), and the uses of parameterless texts not yet prepared are counted in a
 *       second LRU of that size; results then arrive as binary rows. With size 0, parameterless
 *       SQL always runs through COM_QUERY and SQL with parameters is prepared once and closed. A text
 *       result whose column definitions are byte-identical to the previous text result's reuses their
 *       decoded form.</li>
 *   <li>Rows are views over the receive buffer: one offset table per result shape, each value
 *       decoded when a getter asks for it. The reader fills a 64 KiB buffer per system call.</li>
 *   <li>{@code executeBatch}: on MariaDB, an {@code INSERT ... VALUES (...)} of one row (no IGNORE,
 *       ON DUPLICATE KEY, SELECT or RETURNING; no quotes or comments in the text) goes out as
 *       COM_STMT_BULK_EXECUTE commands of up to 1 MiB, executed by the server as an array (each set then
 *       counts 1; a set whose parameter types differ from the previous sets' starts a new command).
 *       Any other statement: up to 512 executes written before their replies are read (pipelining).
 *       A server error names the failed set: {@code ServerException.fields()} holds {@code batch_index}
 *       (0-based) for a pipelined batch, and {@code where} says which sets were not sent and which stay
 *       done (outside a transaction: none, the batch is rolled back; inside: the earlier sets and the
 *       later already-sent ones that succeeded). A failed bulk command is undone by the server as one
 *       statement without naming the set: {@code where} gives the command's range.</li>
 *   <li>{@code stream} opens a read-only server cursor (COM_STMT_EXECUTE with CURSOR_TYPE_READ_ONLY) and
 *       asks for {@code fetchSize} rows at a time with COM_STMT_FETCH: client memory stays bounded, and
 *       closing early costs one COM_STMT_RESET. SQL that runs as text (cache size 0, no parameters) is
 *       read from the socket as the caller asks for it. {@code queryFirst} runs without a cursor and
 *       discards the rows after the first (one round trip).</li>
 *   <li>{@code cancel} and query timeouts send {@code KILL QUERY id} on a second connection; the
 *       cancelled call throws {@link io.sluice.QueryCancelledException} or
 *       {@link io.sluice.QueryTimeoutException} and the connection stays usable. A thread (virtual or
 *       platform) interrupted while it waits gets {@link io.sluice.QueryCancelledException} too, but the JDK
 *       closed its socket (an interruptible channel), so the connection is broken; the driver then kills
 *       its server session (KILL CONNECTION on a second connection, within cancel_grace), so that the
 *       statement stops and its transaction rolls back instead of running on unseen.</li>
 *   <li>The socket is a blocking SocketChannel's: after the timed connect and login it is back in
 *       blocking mode, so each reply costs one read system call (a plain JDK socket stays non-blocking
 *       after a timed operation: read, EAGAIN, poll, read).</li>
 *   <li>{@code reset} is COM_RESET_CONNECTION (prepared statements, variables, transaction dropped);
 *       {@code isValid} is COM_PING.</li>
 *   <li>Warnings: when a {@link io.sluice.ServerEventListener} is registered and a statement reports
 *       warnings, the driver reads them with SHOW WARNINGS (one extra round trip) and passes each to
 *       {@code onNotice} with {@code severity}, {@code message} and {@code error_code}; a stream's
 *       warnings at its end. A batch's executions are pipelined and the server keeps only the last
 *       statement's warnings, so a batch passes on the warnings of its last execution only.</li>
 *   <li>The session time zone is set to UTC at connect (and after reset): TIMESTAMP values are read and
 *       written as UTC instants.</li>
 * </ul>
 *
 * <h2>Bounded waits</h2>
 * <ul>
 *   <li>{@code query_timeout}: when it expires, KILL QUERY goes out on a second connection (whose own connect
 *       waits at most {@code cancel_grace}). If the server ends the query, the call throws
 *       {@link io.sluice.QueryTimeoutException} and the connection stays usable. If it has not answered
 *       within {@code cancel_grace} (default 5 s) more, or the cancel cannot reach it, the driver closes the
 *       socket, the connection is broken, and the call throws {@link io.sluice.QueryTimeoutException}: a call
 *       with a timeout returns within timeout + grace. A {@link io.sluice.RowStream} counts from its creation
 *       until it is exhausted or closed. No timeout set: no timer, no clock read.</li>
 *   <li>{@code connect_timeout} bounds the whole connect: TCP, TLS, authentication (key derivation and RSA
 *       included) and the session set-up until its last OK; one timer closes the socket when it expires
 *       ({@link io.sluice.ConnectionException} naming {@code connect_timeout}).</li>
 *   <li>{@code socket_timeout} (seconds, default none): the longest silence while the driver waits for bytes
 *       the server owes. Past it the connection is closed and broken and the call throws
 *       {@link io.sluice.ConnectionException} naming {@code socket_timeout} (a {@code ConnectionException},
 *       not a timeout of the query: the server's state is unknown and the session is gone). With a query
 *       timeout too, whichever expires first ends the wait.</li>
 * </ul>
 *
 * <h2>Broken connections and errors</h2>
 * Every exception a public method throws is a {@link io.sluice.SluiceException} (malformed settings:
 * {@link io.sluice.ConfigurationException}, before any socket is opened), except the caller's own exception
 * from a row handler or mapper, which is rethrown unchanged once the response has been read (the
 * connection stays usable), and API misuse ({@code IllegalArgumentException} for a fetch size below 1 or
 * a negative query timeout, {@code IllegalStateException} for a connection used from its own row callback
 * or a closed prepared statement). The connection is broken (closed, {@code isBroken()} true, never reused) after:
 * <ul>
 *   <li>any {@link io.sluice.ProtocolException}: a packet not valid in the current state (a result set where
 *       an OK must come, a LOCAL INFILE request that was not offered), a wrong sequence id, a leftover or
 *       missing byte in any packet (rows, OK, EOF, column definitions, column counts,
 *       COM_STMT_PREPARE_OK), a column count that differs from the definitions and rows that follow, a
 *       binary row whose header is not 0x00 or whose date/time length the type does not allow, an OK
 *       ending a result with bytes after its warnings, bytes after the end of a response (a duplicate
 *       packet; detected when they have arrived with the response, else by the next command's sequence
 *       check), a payload over the size limit;</li>
 *   <li>any other exception or {@link Error} while the driver reads a response (reported as
 *       {@link io.sluice.ProtocolException}, the Error rethrown as is);</li>
 *   <li>a read or write failure, a timeout that the server did not answer in time, a KILL of the session.</li>
 * </ul>
 * A server error ({@link io.sluice.ServerException}) leaves the connection usable. {@code close} never
 * throws again an exception a call already threw.
 *
 * <p>Memory: the receive buffer (64 KiB) grows only as bytes arrive, by doubling when full, never to a
 * length the server declares; a payload split over several 16 MiB packets is joined the same way. The
 * largest logical payload is {@code max_message_size} (core setting, default 1 GiB, minimum 64 KiB);
 * {@code max_packet_size} is the MySQL-style name for the same bound: when set, the smaller of the two
 * applies. A larger payload is a {@link io.sluice.ProtocolException}.
 *
 * <h2>Types ({@link io.sluice.Row#getObject})</h2>
 * <pre>
 *  TINYINT(1), BOOLEAN, BIT(1)     BOOLEAN    Boolean
 *  TINYINT [UNSIGNED], SMALLINT    SMALLINT   Short
 *  SMALLINT UNSIGNED, MEDIUMINT,
 *  INT                             INTEGER    Integer
 *  INT UNSIGNED, BIGINT            BIGINT     Long
 *  BIGINT UNSIGNED                 BIGINT     BigInteger (getLong throws above Long.MAX_VALUE)
 *  YEAR                            SMALLINT   Short; get(i, Year.class)
 *  FLOAT / DOUBLE                  REAL / DOUBLE
 *  DECIMAL                         DECIMAL    BigDecimal (exact)
 *  CHAR, VARCHAR, TEXT             TEXT       String (utf8mb4)
 *  ENUM, SET                       TEXT       String; getEnum, getEnumSet, getList(i, String.class)
 *  JSON (MariaDB: a json LONGTEXT)  JSON       String; get(i, Json.class)
 *  BINARY, VARBINARY, BLOB, BIT(n) BYTES      byte[]; BIT also getLong, get(i, BitSet.class)
 *  GEOMETRY, POINT, ...            BYTES      byte[] (SRID + WKB); get(i, Geometry.class)
 *  DATE                            DATE       LocalDate
 *  TIME (negative, over 24 h)      INTERVAL   Interval; also getDuration, getLocalTime when in 00:00..24:00
 *  DATETIME(n)                     TIMESTAMP  LocalDateTime (microseconds)
 *  TIMESTAMP(n)                    TIMESTAMP_TZ OffsetDateTime in UTC
 * </pre>
 *
 * Text (COM_QUERY) and binary (prepared) rows read alike, so a statement that becomes prepared after its
 * third use reads the same:
 * <ul>
 *   <li>{@code getString} of FLOAT and DOUBLE is the server's text: for DOUBLE the shortest digits that read
 *       back as the same double, for FLOAT the float rounded to 6 significant digits (half-even), trailing
 *       zeros dropped; written plain when the decimal exponent is between -14 and 15 (or digits follow the
 *       point), else as {@code 1.4013e-45} / {@code 1e20}; {@code FLOAT(M,D)} and {@code DOUBLE(M,D)} with
 *       exactly D decimals. The binary protocol spells it as MariaDB's text results do.</li>
 *   <li>{@code getDouble} of a FLOAT is the float widened, as the server's {@code CAST(f AS DOUBLE)}. The text
 *       protocol carries only the 6 digits above, so a text FLOAT reads as the float those digits spell
 *       (exact for values of up to 6 significant digits; the binary protocol always has the stored
 *       float).</li>
 *   <li>{@code getBigDecimal} of FLOAT and DOUBLE is the server's text as a number.</li>
 *   <li>YEAR reads as four digits ({@code 0000} for 0).</li>
 *   <li>ENUM, SET, JSON, BIT, spatial values and YEAR, as values and as parameters (Java enums, sets of
 *       them, {@link io.sluice.Json}, {@link java.util.BitSet}, {@link io.sluice.mysql.Geometry},
 *       {@link java.time.Year}): sluice-mysql/TYPES.md, which also says where and why they read
 *       differently from MariaDB Connector/J.</li>
 *   <li>{@code zero_date=null}: a zero date (or a zero month or day) is SQL NULL for every getter,
 *       {@code isNull} included.</li>
 *   <li>A malformed date, time or number (no server sends one) throws {@link io.sluice.ValueConversionException},
 *       never a JDK exception.</li>
 * </ul>
 *
 * <h2>Driver settings (URL query keys or {@link io.sluice.ConnectionConfig.Builder#property})</h2>
 * <ul>
 *   <li>{@code zero_date}: {@code error} (default) throws {@link io.sluice.ValueConversionException} for
 *       {@code 0000-00-00} dates; {@code null} reads them as SQL NULL.</li>
 *   <li>{@code local_infile_files}: comma-separated files that {@code LOAD DATA LOCAL INFILE} may send;
 *       empty (default) refuses every request.</li>
 *   <li>{@code max_packet_size}: the largest logical payload accepted from the server, bytes (at least 1024;
 *       default: none, {@code max_message_size} alone); the smaller of the two applies.</li>
 *   <li>{@code auth_plugin}: the plugin of the first login attempt (default: the server's); one of
 *       {@code mysql_native_password}, {@code caching_sha2_password}, {@code client_ed25519},
 *       {@code mysql_clear_password}.</li>
 *   <li>A malformed value of any of these throws {@link io.sluice.ConfigurationException} naming it.</li>
 * </ul>
 *
 * <h2>Fault suite</h2>
 * Tests tagged {@code fault} ({@code bin/fault-suite}, {@code bin/fault-suite --long}; also part of
 * {@code bin/test}) drive the driver with seeded mutations of valid server byte streams (checked against an
 * independent reference decoder) and through a proxy that stalls, delays and cuts real MariaDB sessions.
 */
package io.sluice.mysql;
