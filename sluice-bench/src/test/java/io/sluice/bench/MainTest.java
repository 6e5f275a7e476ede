package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {

    /** A suite that reports one cell per system, or throws after its first cell. */
    private record FakeSuite(String name, Set<String> requiredServices, boolean fails) implements Suite {
        @Override
        public String baselineSystem() {
            return "peer";
        }

        @Override
        public void run(RunContext context, ResultSink sink) {
            sink.accept(new Cell(name, "get", Map.of("threads", 1), "peer", "ops/s", 100, 1));
            if (fails) {
                throw new IllegalStateException("server went away: host=127.0.0.1");
            }
            sink.accept(new Cell(name, "get", Map.of("threads", 1), "sluice", "ops/s", 250, 1));
        }
    }

    @Test
    void shouldLeaveASuiteOutOfQuickRunsWhenItIsNotInTheQuickSetUnlessNamed(@TempDir Path dir) {
        Suite slow = new FakeSuite("x-slow", Set.of(), false);
        Suite outside = new Suite() {
            @Override
            public String name() {
                return "x-outside";
            }

            @Override
            public Set<String> requiredServices() {
                return Set.of();
            }

            @Override
            public String baselineSystem() {
                return "peer";
            }

            @Override
            public boolean quick() {
                return false;
            }

            @Override
            public void run(RunContext context, ResultSink sink) {}
        };
        assertThat(Main.inQuickSet(slow, new BenchArgs(Mode.QUICK, List.of(), null, dir, "test")))
                .isTrue();
        assertThat(Main.inQuickSet(outside, new BenchArgs(Mode.QUICK, List.of(), null, dir, "test")))
                .isFalse();
        assertThat(Main.inQuickSet(outside, new BenchArgs(Mode.QUICK, List.of("x-"), null, dir, "test")))
                .isFalse();
        assertThat(Main.inQuickSet(outside, new BenchArgs(Mode.QUICK, List.of("x-outside"), null, dir, "test")))
                .isTrue();
        assertThat(Main.inQuickSet(outside, new BenchArgs(Mode.SMOKE, List.of(), null, dir, "test")))
                .isTrue();
        assertThat(Main.inQuickSet(outside, new BenchArgs(Mode.FULL, List.of(), null, dir, "test")))
                .isTrue();
    }

    @Test
    void shouldSkipMissingServicesReportFailuresAndGoOnWhenSuitesMisbehave(@TempDir Path dir) throws Exception {
        List<Suite> suites = List.of(
                new FakeSuite("x-needs-db", Set.of("mariadb"), false),
                new FakeSuite("x-fails", Set.of(), true),
                new FakeSuite("x-works", Set.of("postgres"), false),
                new FakeSuite("y-not-selected", Set.of(), false));
        BenchArgs args = new BenchArgs(Mode.SMOKE, List.of("x-"), Set.of("postgres"), dir, "test");
        ByteArrayOutputStream text = new ByteArrayOutputStream();

        List<SuiteOutcome> outcomes = Main.run(args, new PrintStream(text, true, StandardCharsets.UTF_8), suites);

        assertThat(outcomes).extracting(o -> o.suite().name()).containsExactly("x-needs-db", "x-fails", "x-works");
        assertThat(outcomes)
                .extracting(SuiteOutcome::status)
                .containsExactly(SuiteOutcome.Status.SKIPPED, SuiteOutcome.Status.FAILED, SuiteOutcome.Status.RAN);
        assertThat(outcomes.get(0).message()).contains("mariadb");
        assertThat(outcomes.get(1).message()).contains("server went away: host=127.0.0.1");
        assertThat(outcomes.get(1).cells()).hasSize(1);
        assertThat(text.toString(StandardCharsets.UTF_8))
                .contains("x-needs-db: skipped")
                .contains("x-fails: FAILED")
                .contains("2.50x");
        assertThat(dir.resolve("x-needs-db.jsonl")).doesNotExist();
        assertThat(Files.readAllLines(dir.resolve("x-works.jsonl"))).hasSize(2);
        assertThat(Files.readString(dir.resolve("report.md")))
                .contains("## x-fails")
                .contains("**failed**");
        assertThat(Files.readString(dir.resolve("report.html")))
                .contains("<svg")
                .doesNotContain("<script");
    }

    @Test
    void shouldParseModesSuitesAndServicesWhenGivenTheCommandLine() {
        BenchArgs args = BenchArgs.parse("--full", "--suite", "pg-,kv-read", "--services", "postgres,", "--out", "o");

        assertThat(args.mode()).isEqualTo(Mode.FULL);
        assertThat(args.selects("pg-fetch")).isTrue();
        assertThat(args.selects("kv-read")).isTrue();
        assertThat(args.selects("mysql-fetch")).isFalse();
        assertThat(args.hasService("postgres")).isTrue();
        assertThat(args.hasService("mariadb")).isFalse();
        assertThat(args.out()).isEqualTo(Path.of("o"));
        assertThat(BenchArgs.parse().mode()).isEqualTo(Mode.QUICK);
        assertThat(args.inProcess()).isFalse();
        assertThat(BenchArgs.parse("--full", "--in-process").inProcess()).isTrue();
    }
}
