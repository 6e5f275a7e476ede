package io.sluice;

/** Work done inside {@link Connection#transaction(TransactionCallback)}. */
@FunctionalInterface
public interface TransactionCallback<T> {
    T run(Connection connection);
}
