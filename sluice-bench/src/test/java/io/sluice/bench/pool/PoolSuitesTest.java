package io.sluice.bench.pool;

import static org.assertj.core.api.Assertions.assertThat;

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
}
