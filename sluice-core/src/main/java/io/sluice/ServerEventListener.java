package io.sluice;

/**
 * Receives what the server says outside a result: notices and warnings, changed session
 * parameters, and notifications. Called on the thread that reads the connection, so it must return
 * quickly and must not use the connection. Register with {@link ConnectionConfig.Builder#eventListener}.
 */
public interface ServerEventListener {

    /** Shared listener that ignores everything; the default. */
    ServerEventListener NONE = new ServerEventListener() {};

    /** A NOTICE, WARNING or similar non-error message. */
    default void onNotice(ServerMessage notice) {}

    /** A session parameter changed (PostgreSQL ParameterStatus). */
    default void onParameterStatus(String name, String value) {}

    /**
     * A notification arrived (PostgreSQL LISTEN/NOTIFY). It is also kept for
     * {@link Connection#awaitNotifications}, whether or not this listener handles it.
     */
    default void onNotification(Notification notification) {}
}
