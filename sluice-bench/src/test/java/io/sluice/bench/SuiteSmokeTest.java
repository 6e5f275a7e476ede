package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every discovered suite once in {@link Mode#SMOKE} through {@link Main}'s code path, so that CI
 * proves each benchmark still runs: every system the suite names must produce cells, every score must
 * be finite and positive (failure counts, unit {@code errors}, must be zero), and the JSONL file must parse. Suites whose services are down are skipped.
 */
class SuiteSmokeTest {
    private static final Path OUT = Path.of("target", "bench-smoke");

    @TestFactory
    Stream<DynamicTest> shouldReportPositiveCellsForEveryNamedSystemWhenEachSuiteRunsInSmokeMode() {
        Set<String> services = servicesUp();
        // -Dsluice.bench.smoke.suites=obs-,pg-point smokes only those suites (names or prefixes, as --suite)
        List<String> only = List.of(
                        System.getProperty("sluice.bench.smoke.suites", "").split(","))
                .stream()
                .filter(s -> !s.isBlank())
                .toList();
        List<Suite> suites = Main.discover(System.out).stream()
                .filter(s -> only.isEmpty() || only.stream().anyMatch(s.name()::startsWith))
                .toList();
        return suites.stream().map(suite -> DynamicTest.dynamicTest(suite.name(), () -> smoke(suite, services)));
    }

    private static void smoke(Suite suite, Set<String> services) throws IOException {
        Assumptions.assumeTrue(
                services.containsAll(suite.requiredServices()),
                () -> suite.name() + " needs " + suite.requiredServices() + ", up: " + services);
        BenchArgs args = new BenchArgs(Mode.SMOKE, List.of(suite.name()), services, OUT, "SuiteSmokeTest");
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);

        List<SuiteOutcome> outcomes = Main.run(args, out);

        SuiteOutcome outcome = outcomes.stream()
                .filter(o -> o.suite().name().equals(suite.name()))
                .findFirst()
                .orElseThrow();
        assertThat(outcome.status()).as(outcome.message()).isEqualTo(SuiteOutcome.Status.RAN);
        assertThat(outcome.cells()).as("cells of " + suite.name()).isNotEmpty();
        Set<String> reported = new LinkedHashSet<>();
        for (Cell cell : outcome.cells()) {
            reported.add(cell.system());
            assertThat(cell.suite()).isEqualTo(suite.name());
            if (cell.unit().equals("errors")) {
                // a failure count: zero is the expected value
                assertThat(cell.score()).as(cell.toString()).isFinite().isZero();
            } else {
                // Throughput must be positive; a cost (B/op, errors) may be exactly zero, never negative.
                if (cell.higherIsBetter()) {
                    assertThat(cell.score()).as(cell.toString()).isFinite().isPositive();
                } else {
                    assertThat(cell.score()).as(cell.toString()).isFinite().isNotNegative();
                }
            }
        }
        assertThat(reported).as("systems with cells in " + suite.name()).containsAll(suite.systems());
        List<String> lines = Files.readAllLines(OUT.resolve(suite.name() + ".jsonl"));
        assertThat(lines).hasSize(outcome.cells().size());
        for (String line : lines) {
            assertThat(MiniJson.parse(line)).isInstanceOf(Map.class);
        }
    }

    /** The services {@code bin/setup-services} recorded, or, without that file, the ones answering on their ports. */
    static Set<String> servicesUp() {
        Path stateDir = Path.of(System.getProperty("sluice.state.dir", ".sluice"));
        Set<String> up = new LinkedHashSet<>();
        try {
            for (String line : Files.readAllLines(stateDir.resolve("services"))) {
                if (!line.isBlank()) {
                    up.add(line.strip());
                }
            }
            return up;
        } catch (IOException e) {
            if (listening(5432)) {
                up.add("postgres");
            }
            if (listening(3306)) {
                up.add("mariadb");
            }
            return up;
        }
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
