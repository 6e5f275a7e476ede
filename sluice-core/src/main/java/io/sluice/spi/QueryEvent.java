package io.sluice.spi;

import io.sluice.ServerException;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * A JFR event per query, statement or batch a driver runs, for finding slow or failing SQL in a
 * recording ({@code jfr print --events io.sluice.Query}, or JDK Mission Control). By default only
 * queries of 10 ms and more are recorded; {@code -XX:StartFlightRecording:io.sluice.Query#threshold=0ms}
 * (or a .jfc setting) records every one. When JFR is not recording it, a driver does no more than
 * read {@link #enabled()}: no allocation, no clock.
 */
@Name("io.sluice.Query")
@Label("Sluice Query")
@Category({"Sluice", "Driver"})
@Description("SQL run by a Sluice driver: its text, rows read, rows affected and outcome")
@StackTrace(false)
@Threshold("10 ms")
public final class QueryEvent extends Event {
    private static final EventType TYPE = EventType.getEventType(QueryEvent.class);

    @Label("Driver")
    public String driver;

    @Label("Server")
    public String server;

    @Label("SQL")
    public String sql;

    @Label("Rows Read")
    public long rows;

    @Label("Rows Affected")
    @Description(
            "The count the server's completion message gives (PostgreSQL's SELECT n too; MySQL's only for changes)")
    public long affected;

    @Label("Outcome")
    @Description("ok, or the failure's class and SQLSTATE")
    public String outcome;

    /** True while a recording has this event on: only then does a driver create and time one. */
    public static boolean enabled() {
        return TYPE.isEnabled();
    }

    /** Ends the event and commits it if it passes the threshold; {@code failure} null means success. */
    public void finish(String driver, String server, String sql, long rows, long affected, Throwable failure) {
        end();
        if (shouldCommit()) {
            this.driver = driver;
            this.server = server;
            this.sql = sql;
            this.rows = rows;
            this.affected = affected;
            this.outcome = failure == null
                    ? "ok"
                    : failure.getClass().getSimpleName()
                            + (failure instanceof ServerException se ? " " + se.sqlState() : "");
            commit();
        }
    }
}
