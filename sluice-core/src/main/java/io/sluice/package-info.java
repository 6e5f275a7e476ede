/**
 * The blocking API shared by every Sluice driver (PostgreSQL, MySQL/MariaDB).
 *
 * <p>Start with {@link io.sluice.Sluice#connect(String)}. A {@link io.sluice.Connection} is safe to
 * share between threads (virtual or platform): concurrent requests are serialised on the wire, and a
 * driver that supports pipelining sends them back to back without waiting for earlier results.
 * Results are read through {@link io.sluice.Row}, a view that is valid only inside the callback or
 * until the next row, so that decoding allocates nothing the caller did not ask for.
 *
 * <p>Parameters are positional ({@code ?} on every driver) or named ({@code :name}, with one
 * {@link io.sluice.NamedParams}); rows map to records, beans and single values by column label
 * through {@link io.sluice.ClassMapper} ({@code Connection.query(sql, Type.class, ...)},
 * {@link io.sluice.Row#as(Class)}).
 *
 * <p>Every failure is a {@link io.sluice.SluiceException} (unchecked) or one of its subtypes.
 * Column indexes are zero-based.
 *
 * <h2>Transactions, nested blocks and savepoints</h2>
 *
 * The same rules hold on every driver:
 * <ul>
 *   <li>{@link io.sluice.Connection#transaction(io.sluice.TransactionCallback)} outside a transaction
 *       begins one and commits it when the block returns, rolls it back when it throws. Called inside an
 *       open transaction it runs the block in a savepoint: released when the block returns, rolled back
 *       to when it throws (the exception goes on), so that a service can be composed into a larger
 *       transaction without committing it early. {@link io.sluice.TransactionNesting#JOIN} runs the block
 *       as part of the open transaction instead, without a savepoint.</li>
 *   <li>A server error inside an inner block that the block lets escape rolls back to the block's
 *       savepoint; the outer transaction is usable afterwards on PostgreSQL too, whose server refuses
 *       every statement of a failed transaction until such a rollback (SQLSTATE 25P02).</li>
 *   <li>A block that catches a server error of its own statement and returns normally has not done its
 *       work: PostgreSQL refuses what follows the error, MySQL undid only the failing statement. Rather
 *       than commit (or release) a partial result differently on each server, {@code transaction} rolls
 *       back the block (to its savepoint, or the whole transaction when it is the outermost) and throws
 *       {@link io.sluice.TransactionStateException}. To try a statement that may fail and go on, give it
 *       an inner block of its own. {@link io.sluice.Connection#transactionFailed()} tells the state. A
 *       block during which the transaction ended (a {@code commit()} inside it, a MySQL deadlock, which
 *       ends the whole transaction on the server) throws the same exception when it returns.</li>
 *   <li>An inner block cannot choose an isolation level (no server changes the level of a running
 *       transaction): any level but {@code DEFAULT} throws {@code TransactionStateException}, nothing
 *       sent. {@link io.sluice.Connection#begin()} inside a transaction throws it too, where MySQL would
 *       silently commit the open transaction and PostgreSQL would ignore the request.</li>
 *   <li>{@link io.sluice.Connection#savepoint()} (a generated, unique name) and
 *       {@link io.sluice.Connection#savepoint(String)}, {@link io.sluice.Connection#rollbackTo} and
 *       {@link io.sluice.Connection#release} manage savepoints by hand. Names are plain identifiers, sent
 *       quoted; the connection knows which are active and refuses, before sending anything, a savepoint
 *       outside a transaction, a name already active (in any letter case), and a savepoint that is not
 *       active (released, rolled back past, or from an earlier transaction). Ending the transaction in
 *       any way (commit, rollback, {@code reset}, a pool's return) forgets them.</li>
 *   <li>{@link io.sluice.Connection#inTransaction()} follows the server's own report and stays true in a
 *       failed transaction and across savepoints, until commit or rollback.</li>
 * </ul>
 *
 * <h2>Generated keys</h2>
 *
 * {@link io.sluice.Connection#executeReturningKeys} and
 * {@link io.sluice.Connection#executeBatchReturningKeys} return a {@link io.sluice.GeneratedKeys}: the
 * affected rows and the integer keys of the inserted rows, in order, in the statement's own round trip
 * (PostgreSQL through {@code RETURNING}, MySQL through the OK packet's last insert id). The driver module
 * documentation says what each server can and cannot report.
 */
package io.sluice;
