package io.sluice.bench.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.bench.Mode;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The pool suites' own accounting (failures, latencies), checked without a server. */
class PoolSuitesTest {

    @Test
    void shouldCountEveryIterationAndEveryFailureWhenMeasuringTheSeedWorkload() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        ConnectSystem halfFailing = query -> {
            if (calls.incrementAndGet() % 2 == 0) {
                throw new IllegalStateException("refused");
            }
        };
        ConnectSuite.Outcome o = ConnectSuite.measure(halfFailing, true, 100, 6, 0);
        assertThat(calls.get()).isEqualTo(600);
        assertThat(o.failures()).isEqualTo(300);
        assertThat(o.firstFailure()).contains("refused");
        assertThat(o.nanos()).isPositive();
    }

    @Test
    void shouldRecordOneLatencyPerSuccessfulThreadAndCountTheRestWhenBurstRuns() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        ConnectSystem everyFourthFails = query -> {
            if (calls.incrementAndGet() % 4 == 0) {
                throw new IllegalStateException("timeout");
            }
        };
        Histogram latencies = new Histogram(3);
        AtomicLong failures = new AtomicLong();
        SpikeSuite.burst(everyFourthFails, latencies, failures);
        assertThat(calls.get()).isEqualTo(SpikeSuite.THREADS);
        assertThat(failures.get()).isEqualTo(SpikeSuite.THREADS / 4);
        assertThat(latencies.getTotalCount()).isEqualTo(SpikeSuite.THREADS - SpikeSuite.THREADS / 4);
    }

    @Test
    void shouldAlternateWhichSystemGoesFirstWhenMeasuringInterleavedRuns() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        ConnectSystem a = query -> order.add("a");
        ConnectSystem b = query -> order.add("b");
        List<ConnectSuite.Outcome> medians = ConnectSuite.interleaved(List.of(a, b), false, 1, 1, 4);
        assertThat(String.join("", order)).isEqualTo("abbaabba");
        assertThat(medians).hasSize(2);
        assertThat(medians).allSatisfy(o -> assertThat(o.failures()).isZero());
    }

    @Test
    void shouldTakeMedianTimeAndSumFailuresWhenCombiningRuns() {
        ConnectSuite.Outcome median = ConnectSuite.median(List.of(
                new ConnectSuite.Outcome(900, 30, 0, null),
                new ConnectSuite.Outcome(100, 10, 2, "refused"),
                new ConnectSuite.Outcome(300, 20, 1, "reset")));
        assertThat(median.nanos()).isEqualTo(300);
        assertThat(median.bytes()).isEqualTo(20);
        assertThat(median.failures()).isEqualTo(3);
        assertThat(median.firstFailure()).isEqualTo("refused");
    }

    @Test
    void shouldRunThePoolsHundredThousandTimesSixThreadsInQuickModeWhenOnlyConnectClose() {
        assertThat(ConnectSuite.sizes(Mode.QUICK, true, false, 6)).contains(100_000);
        assertThat(ConnectSuite.sizes(Mode.FULL, true, true, 6)).contains(100_000);
        assertThat(ConnectSuite.sizes(Mode.FULL, false, true, 6)).doesNotContain(100_000);
    }
}
