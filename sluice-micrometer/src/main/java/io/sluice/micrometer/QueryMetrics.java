package io.sluice.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.sluice.QueryInfo;
import io.sluice.QueryListener;
import io.sluice.QueryOutcome;
import io.sluice.ServerAddress;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Times every query, statement and batch in one timer, {@value #NAME}, tagged with low-cardinality values
 * only: {@code system} ({@code postgresql}, {@code mysql}, {@code mariadb}), {@code operation} (the SQL's
 * leading keyword: {@code SELECT}, {@code INSERT}...; {@code unknown} when there is none), {@code server}
 * ({@code host:port}) and {@code outcome} ({@link QueryOutcome.Status#tag()}: {@code ok}, {@code server_error},
 * {@code timeout}, {@code cancelled}, {@code connection_error}, {@code error}). No SQL text and no table name
 * becomes a tag.
 *
 * <pre>{@code
 * ConnectionConfig config = ConnectionConfig.fromUrl(url).toBuilder().queryListener(new QueryMetrics(registry)).build();
 * }</pre>
 *
 * <p>Cost per query: the {@link QueryInfo} the driver creates, a map lookup for the timer, and the timer's
 * own recording; the duration comes from the driver, so no clock is read here.
 */
public final class QueryMetrics implements QueryListener {
    /** The timer's name; Prometheus shows it as {@code sluice_query_seconds}. */
    public static final String NAME = "sluice.query";

    /**
     * The operations that become a tag value as they are; any other leading word is tagged {@code other}, so
     * that malformed or unusual SQL cannot add tag values without bound.
     */
    private static final Set<String> OPERATIONS = Set.of(
            "SELECT",
            "INSERT",
            "UPDATE",
            "DELETE",
            "MERGE",
            "REPLACE",
            "WITH",
            "VALUES",
            "TABLE",
            "CALL",
            "DO",
            "BEGIN",
            "START",
            "COMMIT",
            "ROLLBACK",
            "SAVEPOINT",
            "RELEASE",
            "SET",
            "SHOW",
            "RESET",
            "CREATE",
            "ALTER",
            "DROP",
            "TRUNCATE",
            "COPY",
            "EXPLAIN",
            "ANALYZE",
            "VACUUM",
            "LOCK",
            "GRANT",
            "REVOKE",
            "PREPARE",
            "EXECUTE",
            "DEALLOCATE",
            "DECLARE",
            "FETCH",
            "CLOSE",
            "LISTEN",
            "NOTIFY",
            "UNLISTEN",
            "DISCARD",
            "USE",
            "LOAD",
            "DESCRIBE",
            "KILL");

    private final MeterRegistry registry;
    private final Tags extraTags;
    private final ConcurrentHashMap<Key, Timer> timers = new ConcurrentHashMap<>();

    private record Key(String system, ServerAddress server, String operation, QueryOutcome.Status status) {}

    /** Timers registered in {@code registry}. */
    public QueryMetrics(MeterRegistry registry) {
        this(registry, Tags.empty());
    }

    /** Timers registered in {@code registry} with {@code extraTags} added to each. */
    public QueryMetrics(MeterRegistry registry, Iterable<io.micrometer.core.instrument.Tag> extraTags) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.extraTags = Tags.of(extraTags);
    }

    @Override
    public Object onStart(QueryInfo query) {
        return null; // the driver measures the duration
    }

    @Override
    public void onEnd(QueryInfo query, Object context, QueryOutcome outcome) {
        String operation = query.operation();
        Key key = new Key(
                query.system(),
                query.server(),
                operation == null ? "unknown" : OPERATIONS.contains(operation) ? operation : "other",
                outcome.status());
        Timer timer = timers.get(key);
        if (timer == null) {
            timer = timers.computeIfAbsent(key, this::register);
        }
        timer.record(outcome.durationNanos(), TimeUnit.NANOSECONDS);
    }

    private Timer register(Key key) {
        return Timer.builder(NAME)
                .description("Queries, statements and batches run by Sluice drivers")
                .tags(extraTags)
                .tag("system", key.system())
                .tag("operation", key.operation())
                .tag("server", key.server().toString())
                .tag("outcome", key.status().tag())
                .register(registry);
    }
}
