package io.sluice;

/**
 * Receives what the server says outside a result: notices and warnings, and changed session
 * parameters. Called on the thread that reads the connection, so it must return quickly and must
 * not use the connection. Register with {@link ConnectionConfig.Builder#eventListener}.
 */
public interface ServerEventListener {

    /** Shared listener that ignores everything; the default. */
    ServerEventListener NONE = new ServerEventListener() {};

    /** A NOTICE, WARNING or similar non-error message. */
    default void onNotice(ServerMessage notice) {}

    /** A session parameter changed (PostgreSQL ParameterStatus). */
    default void onParameterStatus(String name, String value) {}
}
