/**
 * Sluice's native MySQL and MariaDB driver ({@code mysql://} and {@code mariadb://} URLs), speaking the
 * client/server protocol (https://mariadb.com/kb/en/clientserver-protocol/) directly.
 *
 * <h2>What it does</h2>
 * <ul>
 *   <li>Handshake v10 with CLIENT_PROTOCOL_41, CLIENT_DEPRECATE_EOF, CLIENT_PLUGIN_AUTH, CLIENT_SSL and,
 *       on MariaDB, MARIADB_CLIENT_CACHE_METADATA (column metadata is sent once per prepared statement)
 *       and MARIADB_CLIENT_STMT_BULK_OPERATIONS.</li>
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
 *       {@link io.sluice.QueryTimeoutException} and the connection stays usable. If the server does not
 *       answer the cancel, the connection is closed instead of hanging. A thread (virtual or platform)
 *       interrupted while it waits gets {@link io.sluice.QueryCancelledException} too, but the JDK closed
 *       its socket (an interruptible channel), so the connection is broken.</li>
 *   <li>The socket is a blocking SocketChannel's: after the timed connect and login it is back in
 *       blocking mode, so each reply costs one read system call (a plain JDK socket stays non-blocking
 *       after a timed operation: read, EAGAIN, poll, read).</li>
 *   <li>{@code reset} is COM_RESET_CONNECTION (prepared statements, variables, transaction dropped);
 *       {@code isValid} is COM_PING.</li>
 *   <li>Warnings: when a {@link io.sluice.ServerEventListener} is registered and a statement reports
 *       warnings, the driver reads them with SHOW WARNINGS (one extra round trip) and passes each to
 *       {@code onNotice} with {@code severity}, {@code message} and {@code error_code}.</li>
 *   <li>The session time zone is set to UTC at connect (and after reset): TIMESTAMP values are read and
 *       written as UTC instants.</li>
 * </ul>
 *
 * <h2>Types ({@link io.sluice.Row#getObject})</h2>
 * <pre>
 *  TINYINT(1), BOOLEAN, BIT(1)     BOOLEAN    Boolean
 *  TINYINT [UNSIGNED], SMALLINT    SMALLINT   Short
 *  SMALLINT UNSIGNED, MEDIUMINT,
 *  INT                             INTEGER    Integer
 *  INT UNSIGNED, BIGINT            BIGINT     Long
 *  BIGINT UNSIGNED                 BIGINT     BigInteger (getLong throws above Long.MAX_VALUE)
 *  YEAR                            SMALLINT   Short
 *  FLOAT / DOUBLE                  REAL / DOUBLE
 *  DECIMAL                         DECIMAL    BigDecimal (exact)
 *  CHAR, VARCHAR, TEXT, ENUM, SET,
 *  JSON (MariaDB: LONGTEXT)        TEXT       String (utf8mb4)
 *  BINARY, VARBINARY, BLOB, BIT(n) BYTES      byte[]
 *  DATE                            DATE       LocalDate
 *  TIME (negative, over 24 h)      INTERVAL   Interval; also getDuration, getLocalTime when in 00:00..24:00
 *  DATETIME(n)                     TIMESTAMP  LocalDateTime (microseconds)
 *  TIMESTAMP(n)                    TIMESTAMP_TZ OffsetDateTime in UTC
 * </pre>
 *
 * <h2>Driver settings (URL query keys or {@link io.sluice.ConnectionConfig.Builder#property})</h2>
 * <ul>
 *   <li>{@code zero_date}: {@code error} (default) throws {@link io.sluice.ValueConversionException} for
 *       {@code 0000-00-00} dates; {@code null} reads them as SQL NULL.</li>
 *   <li>{@code local_infile_files}: comma-separated files that {@code LOAD DATA LOCAL INFILE} may send;
 *       empty (default) refuses every request.</li>
 *   <li>{@code max_packet_size}: the largest packet accepted from the server, bytes (default 64 MiB).</li>
 *   <li>{@code auth_plugin}: the plugin of the first login attempt (default: the server's).</li>
 * </ul>
 */
package io.sluice.mysql;
