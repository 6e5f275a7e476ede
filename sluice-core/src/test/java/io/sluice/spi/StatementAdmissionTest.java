package io.sluice.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link StatementAdmission}: the third use of a parameterless text prepares it, as both drivers do. */
class StatementAdmissionTest {

    /** A reusable lookup standing for the key {@code sql}, counting the keys it had to build. */
    private static final class SqlProbe implements StatementAdmission.Probe<String> {
        String sql;
        final List<String> built = new ArrayList<>();

        SqlProbe of(String text) {
            sql = text;
            return this;
        }

        @Override
        public String toKey() {
            built.add(sql);
            return sql;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof String s ? s.equals(sql) : o instanceof SqlProbe p && p.sql.equals(sql);
        }

        @Override
        public int hashCode() {
            return sql.hashCode();
        }
    }

    @Test
    void shouldRunUnpreparedTwiceAndPrepareOnTheThirdUse() {
        StatementAdmission<String> admission = new StatementAdmission<>(4);
        assertThat(StatementAdmission.UNPREPARED_USES).isEqualTo(2);
        assertThat(admission.runUnprepared("SELECT 1")).isTrue();
        assertThat(admission.runUnprepared("SELECT 1")).isTrue();
        assertThat(admission.runUnprepared("SELECT 1")).as("third use: prepare").isFalse();
        // forgotten once admitted: were the statement evicted later, counting starts again
        assertThat(admission.runUnprepared("SELECT 1")).isTrue();
    }

    @Test
    void shouldCountEachTextApart() {
        StatementAdmission<String> admission = new StatementAdmission<>(4);
        assertThat(admission.runUnprepared("SELECT 1")).isTrue();
        assertThat(admission.runUnprepared("SELECT 2")).isTrue();
        assertThat(admission.runUnprepared("SELECT 1")).isTrue();
        assertThat(admission.runUnprepared("SELECT 2")).isTrue();
        assertThat(admission.runUnprepared("SELECT 2")).isFalse();
        assertThat(admission.runUnprepared("SELECT 1")).isFalse();
    }

    @Test
    void shouldForgetTheLeastRecentlyUsedTextBeyondCapacity() {
        StatementAdmission<String> admission = new StatementAdmission<>(2);
        admission.runUnprepared("a");
        admission.runUnprepared("a");
        admission.runUnprepared("b");
        admission.runUnprepared("b"); // b is now the most recently used, a the eldest
        admission.runUnprepared("c"); // over capacity: a is forgotten
        assertThat(admission.runUnprepared("b")).as("b kept its two uses").isFalse();
        assertThat(admission.runUnprepared("a")).as("a counts from one again").isTrue();
        assertThat(admission.runUnprepared("a")).isTrue();
        assertThat(admission.runUnprepared("a")).isFalse();
    }

    @Test
    void shouldRefreshRecencyOnEveryUse() {
        StatementAdmission<String> admission = new StatementAdmission<>(2);
        admission.runUnprepared("a");
        admission.runUnprepared("b");
        admission.runUnprepared("a"); // a is used again: b is the eldest now
        admission.runUnprepared("c"); // b is forgotten, not a
        assertThat(admission.runUnprepared("a")).isFalse();
        assertThat(admission.runUnprepared("b")).isTrue();
    }

    @Test
    void shouldForgetEveryCountWhenCleared() {
        StatementAdmission<String> admission = new StatementAdmission<>(4);
        admission.runUnprepared("a");
        admission.runUnprepared("a");
        admission.clear();
        assertThat(admission.runUnprepared("a")).isTrue();
    }

    @Test
    void shouldFindTheKeyThroughAProbeAndBuildKeysOnlyWhenRecording() {
        StatementAdmission<String> admission = new StatementAdmission<>(4);
        SqlProbe probe = new SqlProbe();
        assertThat(admission.runUnprepared(probe.of("SELECT 1"))).isTrue();
        assertThat(admission.runUnprepared("SELECT 1"))
                .as("the key the probe built")
                .isTrue();
        assertThat(admission.runUnprepared(probe.of("SELECT 1")))
                .as("third use, by probe")
                .isFalse();
        assertThat(probe.built).containsExactly("SELECT 1");
        assertThat(admission.runUnprepared(probe.of("SELECT 2"))).isTrue();
        assertThat(admission.runUnprepared(probe.of("SELECT 2"))).isTrue();
        assertThat(admission.runUnprepared("SELECT 2")).isFalse();
        assertThat(probe.built).containsExactly("SELECT 1", "SELECT 2", "SELECT 2");
    }
}
