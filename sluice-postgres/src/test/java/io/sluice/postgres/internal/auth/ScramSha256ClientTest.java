package io.sluice.postgres.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The RFC 7677 section 3 example exchange, byte for byte. */
class ScramSha256ClientTest {
    private static final String SERVER_FIRST =
            "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";

    @Test
    void shouldProduceRfc7677MessagesWhenGivenItsNonce() {
        ScramSha256Client c = new ScramSha256Client("user", "pencil", "rOprNGfwEbeRWgbNEkqO");
        assertThat(c.clientFirstMessage()).isEqualTo("n,,n=user,r=rOprNGfwEbeRWgbNEkqO");
        assertThat(c.clientFinalMessage(SERVER_FIRST))
                .isEqualTo("c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
                        + "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
        c.verifyServerFinal("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");
    }

    @Test
    void shouldCarryTheCertificateHashWhenBoundToTheTlsChannel() {
        byte[] hash = new byte[32];
        for (int i = 0; i < hash.length; i++) {
            hash[i] = (byte) i;
        }
        ScramSha256Client c = new ScramSha256Client(
                "", "pencil", "rOprNGfwEbeRWgbNEkqO", ScramSha256Client.GS2_TLS_SERVER_END_POINT, hash);
        assertThat(c.mechanism()).isEqualTo("SCRAM-SHA-256-PLUS");
        assertThat(c.clientFirstMessage()).isEqualTo("p=tls-server-end-point,,n=,r=rOprNGfwEbeRWgbNEkqO");
        byte[] header = "p=tls-server-end-point,,".getBytes(StandardCharsets.US_ASCII);
        byte[] cbind = Arrays.copyOf(header, header.length + hash.length);
        System.arraycopy(hash, 0, cbind, header.length, hash.length);
        assertThat(c.clientFinalMessage(SERVER_FIRST))
                .startsWith("c=" + Base64.getEncoder().encodeToString(cbind) + ",r=rOprNGfwEbeRWgbNEkqO%");
    }

    @Test
    void shouldSayItCouldBindWhenTheServerOfferedNoBindingOverTls() {
        ScramSha256Client c = ScramSha256Client.overTls("", "pencil", null);
        assertThat(c.mechanism()).isEqualTo("SCRAM-SHA-256");
        assertThat(c.clientFirstMessage()).startsWith("y,,n=,r=");
    }

    @Test
    void shouldHashTheCertificateWithItsSignatureHash() throws Exception {
        X509Certificate ca;
        try (var in =
                Files.newInputStream(Path.of(System.getProperty("sluice.state.dir", "../.sluice"), "tls", "ca.crt"))) {
            ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        assertThat(ca.getSigAlgName()).isEqualToIgnoringCase("SHA256withRSA");
        assertThat(ScramSha256Client.tlsServerEndPoint(ca))
                .isEqualTo(MessageDigest.getInstance("SHA-256").digest(ca.getEncoded()));
    }

    @Test
    void shouldRejectServerSignatureWhenItDiffers() {
        ScramSha256Client c = new ScramSha256Client("user", "pencil", "rOprNGfwEbeRWgbNEkqO");
        c.clientFirstMessage();
        c.clientFinalMessage(SERVER_FIRST);
        assertThatThrownBy(() -> c.verifyServerFinal("v=AAAATRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("signature");
    }

    @Test
    void shouldRejectServerNonceWhenItDoesNotExtendOurs() {
        ScramSha256Client c = new ScramSha256Client("user", "pencil", "abc");
        c.clientFirstMessage();
        assertThatThrownBy(() -> c.clientFinalMessage("r=xyz123,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("nonce");
    }

    @Test
    void shouldPreparePasswordsAsRfc4013ExamplesShow() {
        assertThat(ScramSha256Client.saslPrep("I\u00ADX")).isEqualTo("IX"); // soft hyphen mapped to nothing
        assertThat(ScramSha256Client.saslPrep("user")).isEqualTo("user");
        assertThat(ScramSha256Client.saslPrep("USER")).isEqualTo("USER"); // case preserved
        assertThat(ScramSha256Client.saslPrep("\u00AA")).isEqualTo("a"); // NFKC
        assertThat(ScramSha256Client.saslPrep("\u2168")).isEqualTo("IX"); // NFKC
        assertThat(ScramSha256Client.saslPrep("a\u00A0b")).isEqualTo("a b"); // non-ASCII space
        assertThat(ScramSha256Client.saslPrep("\u0007x\u00e9")).isEqualTo("\u0007x\u00e9"); // prohibited: unchanged
    }

    @Test
    void shouldComputeMd5PasswordWhenGivenSalt() {
        // "md5" + md5(md5("secret" + "alice") in hex + salt), computed independently with Python's hashlib.
        assertThat(Md5Password.encode("alice", "secret", new byte[] {1, 2, 3, 4}))
                .isEqualTo("md598a0412b9c31436fc53776e863350083");
    }
}
