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
 */
package io.sluice;
