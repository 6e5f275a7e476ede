package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Wire-level bad input from a misbehaving peer: each gives a clean exception and a broken, closed connection. */
@Timeout(20)
class BadServerInputTest {
    // RowDescription for one int4 column "a" in text format, then a DataRow.
    private static final String ROW_DESCRIPTION =
            "54" + "0000001a" + "0001" + "6100" + "00000000" + "0000" + "00000017" + "0004" + "ffffffff" + "0000";
    // The answer to an unnamed "SELECT 1" (Parse, Bind, Describe portal): ParseComplete, BindComplete, RowDescription.
    private static final String PARSE_BIND = "31" + "00000004" + "32" + "00000004" + ROW_DESCRIPTION;

    private static Connection connect(MisbehavingServer server) {
        return new PgDriver().connect(PgTestConfig.trust().port(server.port()).build());
    }

    private static void assertBrokenBy(
            String responseHex, boolean closeAfter, Class<? extends Throwable> expected, String messagePart)
            throws Exception {
        try (MisbehavingServer server = new MisbehavingServer(responseHex, closeAfter);
                Connection c = connect(server)) {
            assertThatThrownBy(() -> c.query("SELECT 1", r -> r.getInt(0)))
                    .isInstanceOf(expected)
                    .hasMessageContaining(messagePart);
            assertThat(c.isBroken()).isTrue();
            assertThat(c.isClosed()).isTrue();
            assertThatThrownBy(() -> c.execute("SELECT 1"))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("broken");
        }
    }

    private static final String COPY_OUT_RESPONSE = "48" + "00000007" + "00" + "0000"; // text, 0 columns
    private static final String COPY_DATA_HI = "64" + "00000006" + "6869";

    private static void assertCopyOutBrokenBy(
            String responseHex, boolean closeAfter, Class<? extends Throwable> expected, String messagePart)
            throws Exception {
        try (MisbehavingServer server = new MisbehavingServer(responseHex, closeAfter);
                Connection c = connect(server)) {
            assertThatThrownBy(() -> c.copyOut("COPY t TO STDOUT", new ByteArrayOutputStream()))
                    .isInstanceOf(expected)
                    .hasMessageContaining(messagePart);
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldBreakConnectionWhenCopyOutIsFollowedByAnUnknownMessage() throws Exception {
        assertCopyOutBrokenBy(
                COPY_OUT_RESPONSE + COPY_DATA_HI + "40" + "00000004",
                false,
                ProtocolException.class,
                "out of place during COPY");
    }

    @Test
    void shouldBreakConnectionWhenServerClosesMidCopyOut() throws Exception {
        assertCopyOutBrokenBy(
                COPY_OUT_RESPONSE + COPY_DATA_HI + "64" + "00000010" + "6869",
                true,
                ConnectionException.class,
                "read from server failed");
    }

    @Test
    void shouldBreakConnectionWhenServerStartsCopyBoth() throws Exception {
        assertCopyOutBrokenBy("57" + "00000007" + "00" + "0000", false, ProtocolException.class, "COPY BOTH");
    }

    /** The answer to an unnamed extended "LISTEN jobs": ParseComplete, BindComplete, NoData, CommandComplete, ReadyForQuery. */
    private static final String LISTEN_DONE = "31" + "00000004" + "32" + "00000004" + "6e" + "00000004" + "43"
            + "0000000b" + "4c495354454e00" + MisbehavingServer.READY_IDLE;

    @Test
    void shouldBreakConnectionWhenANotificationIsMalformed() throws Exception {
        // LISTEN's answer (CommandComplete "LISTEN", ReadyForQuery), then a NotificationResponse whose payload
        // has no terminator.
        String listenDone = LISTEN_DONE;
        String badNotification = "41" + "0000000f" + "00001f90" + "6a6f627300" + "3432";
        try (MisbehavingServer server = new MisbehavingServer(listenDone + badNotification, false);
                Connection c = connect(server)) {
            c.execute("LISTEN jobs");
            assertThatThrownBy(() -> c.awaitNotifications(Duration.ofSeconds(10)))
                    .isInstanceOf(ProtocolException.class);
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldBreakConnectionWhenServerClosesWhileWaitingForNotifications() throws Exception {
        String listenDone = LISTEN_DONE;
        try (MisbehavingServer server = new MisbehavingServer(listenDone, true);
                Connection c = connect(server)) {
            c.execute("LISTEN jobs");
            assertThatThrownBy(() -> c.awaitNotifications(Duration.ofSeconds(10)))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("waiting for notifications");
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldBreakConnectionWhenMessageTypeIsUnknown() throws Exception {
        assertBrokenBy("40" + "00000004", false, ProtocolException.class, "unexpected message");
    }

    @Test
    void shouldBreakConnectionWhenLengthIsOversized() throws Exception {
        assertBrokenBy(PARSE_BIND + "44" + "7ffffff0", false, ProtocolException.class, "length");
    }

    @Test
    void shouldBreakConnectionWhenLengthIsNegative() throws Exception {
        assertBrokenBy("5a" + "fffffffe", false, ProtocolException.class, "length");
    }

    @Test
    void shouldBreakConnectionWhenDataRowDoesNotMatchDescription() throws Exception {
        // DataRow claiming 2 columns where RowDescription announced 1.
        assertBrokenBy(
                PARSE_BIND + "44" + "0000000e" + "0002" + "00000001" + "31" + "ffffffff",
                false,
                ProtocolException.class,
                "DataRow");
    }

    @Test
    void shouldBreakConnectionWhenRowDescriptionIsTruncated() throws Exception {
        assertBrokenBy(
                "31" + "00000004" + "54" + "0000000a" + "0001" + "610000000000",
                false,
                ProtocolException.class,
                "malformed");
    }

    @Test
    void shouldBreakConnectionWhenServerClosesMidMessage() throws Exception {
        assertBrokenBy(
                PARSE_BIND + "44" + "00000010" + "0001", true, ConnectionException.class, "read from server failed");
    }

    @Test
    void shouldBreakConnectionWhenReadyForQueryStatusIsUnknown() throws Exception {
        assertBrokenBy("5a" + "00000005" + "58", false, ProtocolException.class, "transaction status");
    }

    @Test
    void shouldAbandonConnectionWhenInterruptedTwiceAndServerIsSilent() throws Exception {
        try (MisbehavingServer server = new MisbehavingServer("", false);
                Connection c = new PgDriver()
                        .connect(PgTestConfig.trust()
                                .port(server.port())
                                .connectTimeout(java.time.Duration.ofMillis(300))
                                .build())) {
            java.util.concurrent.atomic.AtomicReference<Throwable> thrown =
                    new java.util.concurrent.atomic.AtomicReference<>();
            Thread caller = Thread.startVirtualThread(() -> {
                try {
                    c.execute("SELECT 1");
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            while (caller.isAlive() && thrown.get() == null) {
                caller.interrupt(); // the first cancels (the peer ignores it), a later one abandons
                caller.join(200);
            }
            assertThat(thrown.get()).isInstanceOf(ConnectionException.class).hasMessageContaining("interrupted twice");
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldFallBackToPlainWhenPreferredTlsIsRefused() throws Exception {
        try (MisbehavingServer server = new MisbehavingServer(
                        PARSE_BIND + "44" + "0000000b" + "0001" + "00000001" + "37" + "43" + "0000000d"
                                + "53454c4543542031" + "00" + MisbehavingServer.READY_IDLE,
                        false);
                Connection c = new PgDriver()
                        .connect(PgTestConfig.trust()
                                .port(server.port())
                                .sslMode(io.sluice.SslMode.PREFER)
                                .build())) {
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(7);
        }
    }

    @Test
    void shouldRefuseConnectionWhenRequiredTlsIsRefused() throws Exception {
        try (MisbehavingServer server = new MisbehavingServer("", false)) {
            assertThatThrownBy(() -> new PgDriver()
                            .connect(PgTestConfig.trust()
                                    .port(server.port())
                                    .sslMode(io.sluice.SslMode.REQUIRE)
                                    .build()))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("server refused TLS")
                    .hasMessageContaining("sslmode=require");
        }
    }

    @Test
    void shouldBreakConnectionWhenServerStartsCopy() throws Exception {
        assertBrokenBy("47" + "00000007" + "00" + "0000", false, ProtocolException.class, "COPY");
    }
}
