package io.sluice.spi;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * When a driver's statement cache admits a parameterless SQL text: on its third use. A text with no
 * parameters is often built with literals, run once or drawn from more texts than the cache holds (a
 * random id in the text); preparing it on first sight would evict the statements that are reused and
 * cost a prepare and a close each. Such a text runs unprepared (PostgreSQL's unnamed statement,
 * MySQL's COM_QUERY) for its first {@value #UNPREPARED_USES} uses; the use after that prepares it.
 * Texts with parameters are prepared at once, as their shape is what repeats.
 *
 * <p>Uses are counted for as many texts as the cache holds, least recently used forgotten first.
 * Not thread-safe: owned by one connection and used under its request lock.
 *
 * @param <K> the cache's key: the SQL text, or the text with the parameter types
 */
public final class StatementAdmission<K> {
    /** Uses of a parameterless text before it is prepared. */
    public static final int UNPREPARED_USES = 2;

    /**
     * A reusable lookup equal to (and hashing like) the key it stands for, so that the hit path
     * allocates nothing; {@link #toKey()} builds the key when a use is recorded.
     */
    public interface Probe<K> {
        K toKey();
    }

    private final LinkedHashMap<Object, Integer> uses;

    /** @param capacity texts whose uses are remembered: the statement cache's capacity */
    public StatementAdmission(int capacity) {
        this.uses = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, Integer> eldest) {
                return size() > capacity;
            }
        };
    }

    /**
     * True while the text, missing from the cache, should still run unprepared: its use is counted;
     * false on the use after {@value #UNPREPARED_USES} (it is forgotten then, as the caller is about
     * to prepare and cache it).
     */
    public boolean runUnprepared(K key) {
        return count(key, key);
    }

    /** {@link #runUnprepared(Object)} for a key given by a reusable probe. */
    public boolean runUnprepared(Probe<K> probe) {
        return count(probe, null);
    }

    private boolean count(Object lookup, K key) {
        Integer n = uses.get(lookup);
        if (n != null && n >= UNPREPARED_USES) {
            uses.remove(lookup);
            return false;
        }
        @SuppressWarnings("unchecked")
        K recorded = key != null ? key : ((Probe<K>) lookup).toKey();
        uses.put(recorded, n == null ? 1 : n + 1);
        return true;
    }

    /** Forgets every count (the session was reset). */
    public void clear() {
        uses.clear();
    }
}
