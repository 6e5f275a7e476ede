package io.sluice.spi;

import io.sluice.Savepoint;
import io.sluice.TransactionStateException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The savepoints a driver's connection has set in its open transaction, innermost last, and the SQL
 * that sets, rolls back to and releases them, so that every driver checks and names them alike.
 *
 * <p>Checks happen before anything is sent: a savepoint outside a transaction, a name already active
 * (MySQL would replace the old savepoint, PostgreSQL would shadow it) and a savepoint that is not
 * active (PostgreSQL would abort the whole transaction over it) throw {@link TransactionStateException}.
 * The driver calls {@link #clear()} whenever its transaction ends. Savepoints set through SQL text
 * are unknown here. Thread-safe; the SQL runs while the stack's monitor is held.
 */
public final class SavepointStack {
    private static final AtomicLong GENERATED = new AtomicLong();

    private final char quote;
    private final List<Savepoint> active = new ArrayList<>();

    /** A stack for a dialect whose identifiers are quoted with {@code quote} ({@code "} or {@code `}). */
    public SavepointStack(char quote) {
        this.quote = quote;
    }

    /** A savepoint name unique in this JVM, {@code sluice_sp_<n>}. */
    public static String generatedName() {
        return "sluice_sp_" + GENERATED.incrementAndGet();
    }

    /**
     * Sets savepoint {@code name} through {@code run} (which sends one statement) and records it.
     *
     * @throws TransactionStateException if no transaction is open or the name is already active
     */
    public synchronized Savepoint set(String name, boolean inTransaction, Consumer<String> run) {
        Savepoint sp = new Savepoint(name);
        requireTransaction("set savepoint", sp, inTransaction);
        if (indexOf(sp) >= 0) {
            throw new TransactionStateException("savepoint already active in this transaction: name=" + name
                    + " (release it first, or use another name)");
        }
        run.accept("SAVEPOINT " + quoted(sp));
        active.add(sp);
        return sp;
    }

    /**
     * Rolls back to {@code sp} through {@code run}; {@code sp} stays active, those set after it are gone.
     *
     * @throws TransactionStateException if no transaction is open or {@code sp} is not active in it
     */
    public synchronized void rollbackTo(Savepoint sp, boolean inTransaction, Consumer<String> run) {
        int i = activeIndex("roll back to savepoint", sp, inTransaction);
        run.accept("ROLLBACK TO SAVEPOINT " + quoted(active.get(i)));
        active.subList(i + 1, active.size()).clear();
    }

    /**
     * Releases {@code sp} through {@code run}: its work stays in the transaction; it and those set after
     * it are gone.
     *
     * @throws TransactionStateException if no transaction is open or {@code sp} is not active in it
     */
    public synchronized void release(Savepoint sp, boolean inTransaction, Consumer<String> run) {
        int i = activeIndex("release savepoint", sp, inTransaction);
        run.accept("RELEASE SAVEPOINT " + quoted(active.get(i)));
        active.subList(i, active.size()).clear();
    }

    /** Forgets every savepoint: the transaction ended (commit, rollback, reset). */
    public synchronized void clear() {
        active.clear();
    }

    /** The number of active savepoints. */
    public synchronized int size() {
        return active.size();
    }

    private int activeIndex(String what, Savepoint sp, boolean inTransaction) {
        if (sp == null) {
            throw new IllegalArgumentException(what + ": savepoint is null");
        }
        requireTransaction(what, sp, inTransaction);
        int i = indexOf(sp);
        if (i < 0) {
            throw new TransactionStateException(what + " failed, savepoint not active in this transaction: name="
                    + sp.name() + ", active=" + names()
                    + " (released, rolled back past, or set in an earlier transaction)");
        }
        return i;
    }

    private void requireTransaction(String what, Savepoint sp, boolean inTransaction) {
        if (!inTransaction) {
            active.clear(); // the transaction ended behind the stack's back (SQL text COMMIT)
            throw new TransactionStateException(
                    what + " failed, no transaction is open: name=" + sp.name() + " (begin() first)");
        }
    }

    private int indexOf(Savepoint sp) {
        for (int i = active.size() - 1; i >= 0; i--) {
            if (active.get(i).name().equalsIgnoreCase(sp.name())) {
                return i;
            }
        }
        return -1;
    }

    private String names() {
        List<String> names = new ArrayList<>(active.size());
        active.forEach(s -> names.add(s.name()));
        return names.toString();
    }

    /** Safe without escaping: {@link Savepoint} admits letters, digits and underscores only. */
    private String quoted(Savepoint sp) {
        return quote + sp.name().toLowerCase(Locale.ROOT) + quote;
    }
}
