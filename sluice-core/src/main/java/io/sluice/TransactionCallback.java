package io.sluice;

/** Work done inside {@link Connection#transaction(TransactionCallback)}; it may open inner blocks on the same connection. */
@FunctionalInterface
public interface TransactionCallback<T> {
    T run(Connection connection);
}
