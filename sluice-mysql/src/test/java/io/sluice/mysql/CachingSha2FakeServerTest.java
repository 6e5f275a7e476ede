package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.SslMode;
import io.sluice.mysql.internal.auth.AuthScramble;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import org.junit.jupiter.api.Test;

/**
 * caching_sha2_password's exchanges (MySQL 8 is not on this machine), played by an in-test server
 * that checks every byte the driver sends: the fast path, and the full path with the server's RSA key.
 */
class CachingSha2FakeServerTest {
    private static final byte[] NONCE = "abcdefghijklmnopqrst".getBytes(StandardCharsets.US_ASCII);
    private static final String PASSWORD = "sluice-sha2-pw";

    private static ConnectionConfig config(int port) {
        return ConnectionConfig.builder("mysql")
                .host("127.0.0.1")
                .port(port)
                .user("u")
                .password(PASSWORD)
                .sslMode(SslMode.DISABLE)
                .statementCacheSize(0)
                .build();
    }

    /** Answers the driver's session set-up query with OK, then expects COM_QUIT. */
    private static void serveSession(FakeServer.Session s) throws Exception {
        byte[] query = s.receive();
        assertThat(query[0]).isEqualTo((byte) 0x03);
        s.send(1, FakeServer.Session.ok());
        s.drainUntilClosed();
    }

    private static byte[] authResponse(byte[] handshakeResponse) {
        int p = 32;
        while (handshakeResponse[p] != 0) {
            p++;
        }
        p++;
        int n = handshakeResponse[p] & 0xff;
        byte[] out = new byte[n];
        System.arraycopy(handshakeResponse, p + 1, out, 0, n);
        return out;
    }

    @Test
    void shouldLoginThroughFastPathWhenServerHasCachedHash() throws Exception {
        try (FakeServer server = new FakeServer(s -> {
            s.sendHandshake("caching_sha2_password", NONCE);
            byte[] response = s.receive();
            assertThat(authResponse(response)).isEqualTo(AuthScramble.cachingSha2Password(PASSWORD, NONCE));
            s.send(2, FakeServer.Session.bytes(0x01, 0x03)); // fast_auth_success
            s.send(3, FakeServer.Session.ok());
            serveSession(s);
        })) {
            try (Connection c = new MysqlDriver().connect(config(server.port()))) {
                assertThat(c.serverInfo().product()).isEqualTo("MySQL");
                assertThat(c.serverInfo().version()).isEqualTo("8.0.36-fake");
            }
            server.done.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void shouldSendRsaEncryptedPasswordWhenFullAuthenticationWithoutTls() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        KeyPair keys = g.generateKeyPair();
        String pem = "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(keys.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
        try (FakeServer server = new FakeServer(s -> {
            s.sendHandshake("caching_sha2_password", NONCE);
            s.receive();
            s.send(2, FakeServer.Session.bytes(0x01, 0x04)); // perform_full_authentication
            assertThat(s.receive()).containsExactly(2); // request_public_key
            byte[] more = new byte[1 + pem.length()];
            more[0] = 0x01;
            System.arraycopy(pem.getBytes(StandardCharsets.US_ASCII), 0, more, 1, pem.length());
            s.send(4, more);
            byte[] encrypted = s.receive();
            Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
            rsa.init(Cipher.DECRYPT_MODE, keys.getPrivate());
            byte[] clear = rsa.doFinal(encrypted);
            for (int i = 0; i < clear.length; i++) {
                clear[i] ^= NONCE[i % 20];
            }
            assertThat(new String(clear, StandardCharsets.UTF_8)).isEqualTo(PASSWORD + "\0");
            s.send(6, FakeServer.Session.ok());
            serveSession(s);
        })) {
            try (Connection c = new MysqlDriver().connect(config(server.port()))) {
                assertThat(c.isClosed()).isFalse();
            }
            server.done.get(10, TimeUnit.SECONDS);
        }
    }
}
