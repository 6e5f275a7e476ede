package io.sluice.postgres.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.SslMode;
import io.sluice.postgres.PgDriver;
import io.sluice.postgres.fault.FakeScramServer.Play;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SCRAM in the wrong order: AuthenticationOk counts only after a server-final message whose signature the
 * client verified (libpq's rule), whatever the mechanism; every other departure is refused with a clean
 * exception. The same fake server completes a correct exchange, so the refusals are not an accident of it.
 */
@Timeout(60)
class ScramOrderTest {
    private static ConnectionConfig config(FakeScramServer server, boolean tls, String binding) {
        return ConnectionConfig.builder("postgresql")
                .host("127.0.0.1")
                .port(server.port())
                .database("fuzz")
                .user("pgfault")
                .password(FakeScramServer.PASSWORD)
                .sslMode(tls ? SslMode.REQUIRE : SslMode.DISABLE)
                .property("channel_binding", binding)
                .connectTimeout(Duration.ofSeconds(20))
                .build(); // a first TLS handshake on a loaded machine is slow
    }

    @ParameterizedTest
    @CsvSource({"false,prefer", "true,prefer", "true,require"})
    void shouldLogInWhenTheExchangeIsComplete(boolean tls, String binding) throws Exception {
        try (FakeScramServer server = new FakeScramServer(Play.VALID, tls);
                Connection c = new PgDriver().connect(config(server, tls, binding))) {
            assertThat(c.serverInfo().sessionId()).isEqualTo(5);
        }
    }

    /** The fuzz run's finding: over TLS with channel_binding=require, Ok right after the client-final message. */
    @Test
    void shouldRefuseOkWithoutServerFinalWhenChannelBindingIsRequired() throws Exception {
        try (FakeScramServer server = new FakeScramServer(Play.OK_AFTER_CLIENT_FINAL, true)) {
            assertThatThrownBy(() -> new PgDriver().connect(config(server, true, "require")))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("without completing SCRAM");
        }
    }

    @ParameterizedTest
    @CsvSource({
        "OK_BEFORE_SERVER_FIRST, false, io.sluice.AuthenticationException, without completing SCRAM",
        "OK_BEFORE_SERVER_FIRST, true, io.sluice.AuthenticationException, without completing SCRAM",
        "OK_AFTER_CLIENT_FINAL, false, io.sluice.AuthenticationException, without completing SCRAM",
        "BAD_SIGNATURE, false, io.sluice.AuthenticationException, signature does not match",
        "BAD_SIGNATURE, true, io.sluice.AuthenticationException, signature does not match",
        "SECOND_CONTINUE, false, io.sluice.ProtocolException, AuthenticationSASLContinue out of order",
        "FINAL_BEFORE_CONTINUE, false, io.sluice.ProtocolException, AuthenticationSASLFinal out of order",
        "SECOND_SASL, false, io.sluice.ProtocolException, second authentication request",
        "UNEXPECTED_MESSAGE, false, io.sluice.ProtocolException, unexpected message during authentication",
        "ERROR_ATTRIBUTE, true, io.sluice.AuthenticationException, error=invalid-proof",
        "HUGE_ITERATIONS, false, io.sluice.AuthenticationException, iteration count out of range",
    })
    void shouldRefuseAnExchangeOutOfOrder(Play play, boolean tls, Class<? extends Throwable> expected, String message)
            throws Exception {
        try (FakeScramServer server = new FakeScramServer(play, tls)) {
            assertThatThrownBy(() -> new PgDriver().connect(config(server, tls, "prefer")))
                    .isInstanceOf(expected)
                    .hasMessageContaining(message);
        }
    }

    @Test
    void shouldStopKeyDerivationAtTheConnectTimeout() throws Exception {
        try (FakeScramServer server = new FakeScramServer(Play.SLOW_ITERATIONS, false)) {
            ConnectionConfig cfg = config(server, false, "prefer").toBuilder()
                    .connectTimeout(Duration.ofMillis(300))
                    .build();
            long start = System.nanoTime();
            assertThatThrownBy(() -> new PgDriver().connect(cfg))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("connect timed out");
            // Far less than the derivation's own run time: the bound held (not a speed assertion on the driver).
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(3000);
        }
    }

    @ParameterizedTest
    @CsvSource({"ASK_MD5, md5", "ASK_CLEARTEXT, cleartext"})
    void shouldRefusePasswordMethodsWhenChannelBindingIsRequired(Play play, String method) throws Exception {
        try (FakeScramServer server = new FakeScramServer(play, true)) {
            assertThatThrownBy(() -> new PgDriver().connect(config(server, true, "require")))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("channel binding required")
                    .hasMessageContaining(method);
            assertThat(server.passwordMessages.get(5, TimeUnit.SECONDS)).isZero(); // no password left the client
        }
    }
}
