package io.sluice.kv;

/** The store was used after {@link KvStore#close()}. */
public class KvClosedException extends KvException {
    public KvClosedException(String message) {
        super(message);
    }
}
