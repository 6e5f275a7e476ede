package io.sluice.bench.pg;

import io.sluice.bench.Cell;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.pg.replay.ReplayServer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@code pg-replay}: the ldbc fetch against a {@link ReplayServer} on loopback instead of PostgreSQL,
 * so that the client's own cost decides the score. Each run first records: every system's session
 * for every (case, rows) is proxied to the real server for {@value #RECORDED_OPERATIONS} operations
 * (past pgjdbc's prepareThreshold and any warm-up of a statement cache); then JMH runs against the
 * replay. Systems {@code pgjdbc} (baseline) and {@code sluice}.
 */
final class PgReplaySuite extends PgSuite {
    static final int RECORDED_OPERATIONS = 20;
    private static final String BLACKHOLE_CONSENT =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    @Override
    public String name() {
        return "pg-replay";
    }

    @Override
    public Set<String> systems() {
        Set<String> s = new LinkedHashSet<>(List.of(PgClients.PGJDBC));
        if (SluiceClient.available()) {
            s.add(PgClients.SLUICE);
        }
        return s;
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        return new Targets(cells)
                .systems("client-bound: sluice vs pgjdbc", "ops/s", null, PgClients.SLUICE, PgClients.PGJDBC, 2.0)
                .lines();
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        LdbcTable.ensure();
        PgGrid grid = PgGrid.of(context.mode());
        List<String> systems = jmhSystems(sluiceAvailable(), PgClients.PGJDBC);
        List<Integer> threads = context.mode() == Mode.FULL ? List.of(1, 2, 4, 8) : List.of(1);
        try (ReplayServer replay = ReplayServer.start("127.0.0.1", 5432)) {
            Blackhole bh = new Blackhole(BLACKHOLE_CONSENT);
            for (String system : systems) {
                for (String variant : PgFetchSuite.VARIANTS) {
                    for (int rows : grid.rows()) {
                        try (PgClient client = PgClients.open(system, Workload.fetch(variant, rows), replay.port())) {
                            for (int i = 0; i < RECORDED_OPERATIONS; i++) {
                                client.run(bh);
                            }
                        }
                    }
                }
            }
            replay.replay();
            System.out.println("  " + name() + ": recorded " + replay.exchanges()
                    + " exchanges; replaying on 127.0.0.1:" + replay.port());
            for (int t : threads) {
                jmh(
                        context,
                        sink,
                        FetchBenchmark.class,
                        params(
                                "system",
                                systems,
                                "variant",
                                PgFetchSuite.VARIANTS,
                                "rows",
                                PgGrid.strings(grid.rows())),
                        t,
                        false,
                        "",
                        "variant",
                        replay.port());
            }
            if (replay.misses() > 0) {
                throw new IllegalStateException(
                        "replay missed exchanges: misses=" + replay.misses() + ", last=" + replay.lastMiss());
            }
        }
    }
}
