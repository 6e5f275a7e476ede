package io.sluice.postgres.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.QueryTimeoutException;
import io.sluice.RowStream;
import io.sluice.SslMode;
import io.sluice.postgres.PgDriver;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Regression tests for the findings of the fault run, each with a scripted peer: a server that stops talking,
 * ignores the cancel, declares a huge message, repeats ReadyForQuery, or sends an absurd server_version. Every
 * call ends within its limit with a {@link io.sluice.SluiceException} and the connection broken.
 */
@Timeout(30)
class SessionLimitsTest {
    private static final List<byte[]> STARTUP = List.of(Wire.authOk(), Wire.backendKeyData(11, 12), Wire.ready('I'));
    private ScriptedServer server;

    @BeforeEach
    void start() throws Exception {
        server = new ScriptedServer();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    private static byte[] bytes(List<byte[]> messages) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        messages.forEach(out::writeBytes);
        return out.toByteArray();
    }

    private static byte[] rows(String... values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(Wire.empty('1'));
        out.writeBytes(Wire.empty('2'));
        out.writeBytes(Wire.rowDescription(List.of("v")));
        for (String v : values) {
            out.writeBytes(Wire.dataRow(List.of(v)));
        }
        out.writeBytes(Wire.commandComplete("SELECT " + values.length));
        out.writeBytes(Wire.ready('I'));
        return out.toByteArray();
    }

    private Connection connect(
            List<byte[]> startup,
            List<byte[]> responses,
            boolean silent,
            java.util.function.UnaryOperator<ConnectionConfig.Builder> settings) {
        server.play(new ScriptedServer.Script(List.of(bytes(startup)), responses, silent));
        return new PgDriver()
                .connect(settings.apply(ConnectionConfig.builder("postgresql")
                                .host("127.0.0.1")
                                .port(server.port())
                                .database("fuzz")
                                .user("pgfault")
                                .sslMode(SslMode.DISABLE))
                        .build());
    }

    private static long millisSince(long start) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    /** Regression: server_version=99999999999999999999 made connect throw NumberFormatException. */
    @Test
    void shouldConnectWhenServerVersionIsOutOfRange() {
        List<byte[]> startup = List.of(
                Wire.authOk(),
                Wire.parameterStatus("server_version", "99999999999999999999"),
                Wire.backendKeyData(11, 12),
                Wire.ready('I'));
        try (Connection c = connect(startup, List.of(rows("a")), false, b -> b)) {
            assertThat(c.query("SELECT 1", r -> r.getString(0))).containsExactly("a");
        }
    }

    /** Regression: query_timeout sent a CancelRequest and then waited without a second limit. */
    @Test
    void shouldCloseAndThrowTimeoutWhenTheServerIgnoresTheCancel() {
        try (Connection c = connect(STARTUP, List.of(new byte[0]), true, b -> b.queryTimeout(Duration.ofMillis(200))
                .cancelGrace(Duration.ofMillis(300)))) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> c.query("SELECT 1", r -> r.getString(0)))
                    .isInstanceOf(QueryTimeoutException.class)
                    .hasMessageContaining("cancel_grace");
            assertThat(millisSince(start)).isGreaterThanOrEqualTo(450); // the grace was given
            assertThat(c.isBroken()).isTrue();
            assertThat(server.cancels.get()).isEqualTo(1);
            assertThatThrownBy(() -> c.execute("SELECT 1"))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("broken");
        }
    }

    @Test
    void shouldCloseWhenTheServerIsSilentLongerThanTheSocketTimeout() {
        try (Connection c =
                connect(STARTUP, List.of(new byte[0]), true, b -> b.socketTimeout(Duration.ofMillis(200)))) {
            assertThatThrownBy(() -> c.query("SELECT 1", r -> r.getString(0)))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("socket_timeout");
            assertThat(c.isBroken()).isTrue();
            assertThat(server.cancels.get()).isZero();
        }
    }

    /** Regression: a header declaring 256 MiB then silence threw OutOfMemoryError and left the connection usable. */
    @Test
    void shouldBreakCleanlyWhenAHugeLengthIsDeclaredAndNothingFollows() {
        byte[] huge = {'D', 0x10, 0, 0, 0};
        try (Connection c = connect(
                STARTUP,
                List.of(bytes(List.of(Wire.empty('1'), Wire.empty('2'), Wire.rowDescription(List.of("v")), huge))),
                true,
                b -> b.socketTimeout(Duration.ofMillis(300)))) {
            assertThatThrownBy(() -> c.query("SELECT 1", r -> r.getString(0))).isInstanceOf(ConnectionException.class);
            assertThat(c.isBroken()).isTrue();
            assertThatThrownBy(() -> c.query("SELECT 1", r -> r.getString(0)))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("broken");
        }
    }

    /** Regression: a duplicated ReadyForQuery made the next query return no rows without error. */
    @Test
    void shouldBreakInsteadOfReturningNoRowsWhenReadyForQueryIsRepeated() {
        byte[] first = bytes(List.of(rows("a", "b"), Wire.ready('I')));
        try (Connection c = connect(STARTUP, List.of(first, rows("c")), false, b -> b)) {
            assertThat(c.query("SELECT 1", r -> r.getString(0))).containsExactly("a", "b");
            assertThatThrownBy(() -> c.query("SELECT 2", r -> r.getString(0)))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("response ended early");
            assertThat(c.isBroken()).isTrue();
        }
    }

    /** Regression: a malformed DataRow in a stream left the connection usable, and close() rethrew the same exception. */
    @Test
    void shouldBreakWhenAStreamReadsAMalformedDataRow() {
        byte[] bad = Wire.dataRow(List.of("x", "y")); // two columns where RowDescription has one
        byte[] first = bytes(List.of(
                Wire.empty('1'), Wire.empty('2'), Wire.rowDescription(List.of("v")), Wire.dataRow(List.of("a")), bad));
        try (Connection c = connect(STARTUP, List.of(first), false, b -> b)) {
            Throwable thrown = null;
            try (RowStream s = c.stream("SELECT 1", 10)) {
                while (s.hasNext()) {
                    s.next();
                }
            } catch (RuntimeException e) {
                thrown = e;
            }
            assertThat(thrown)
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("column count")
                    .hasNoSuppressedExceptions();
            assertThat(c.isBroken()).isTrue();
        }
    }
}
