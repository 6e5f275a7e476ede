package io.sluice.postgres.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import org.junit.jupiter.api.Test;

/** The RFC 7677 section 3 example exchange, byte for byte. */
class ScramSha256ClientTest {
    private static final String SERVER_FIRST =
            "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";

    @Test
    void shouldProduceRfc7677MessagesWhenGivenItsNonce() {
        ScramSha256Client c = new ScramSha256Client("user", "pencil", "rOprNGfwEbeRWgbNEkqO");
        assertThat(c.clientFirstMessage()).isEqualTo("n,,n=user,r=rOprNGfwEbeRWgbNEkqO");
        assertThat(c.clientFinalMessage(SERVER_FIRST)).isEqualTo(
                "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
                        + "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
        c.verifyServerFinal("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");
    }

    @Test
    void shouldRejectServerSignatureWhenItDiffers() {
        ScramSha256Client c = new ScramSha256Client("user", "pencil", "rOprNGfwEbeRWgbNEkqO");
        c.clientFirstMessage();
        c.clientFinalMessage(SERVER_FIRST);
        assertThatThrownBy(() -> c.verifyServerFinal("v=AAAATRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="))
                .isInstanceOf(AuthenticationException.class).hasMessageContaining("signature");
    }

    @Test
    void shouldRejectServerNonceWhenItDoesNotExtendOurs() {
        ScramSha256Client c = new ScramSha256Client("user", "pencil", "abc");
        c.clientFirstMessage();
        assertThatThrownBy(() -> c.clientFinalMessage("r=xyz123,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"))
                .isInstanceOf(AuthenticationException.class).hasMessageContaining("nonce");
    }

    @Test
    void shouldPreparePasswordsAsRfc4013ExamplesShow() {
        assertThat(ScramSha256Client.saslPrep("I\u00ADX")).isEqualTo("IX");       // soft hyphen mapped to nothing
        assertThat(ScramSha256Client.saslPrep("user")).isEqualTo("user");
        assertThat(ScramSha256Client.saslPrep("USER")).isEqualTo("USER");        // case preserved
        assertThat(ScramSha256Client.saslPrep("\u00AA")).isEqualTo("a");         // NFKC
        assertThat(ScramSha256Client.saslPrep("\u2168")).isEqualTo("IX");        // NFKC
        assertThat(ScramSha256Client.saslPrep("a\u00A0b")).isEqualTo("a b");     // non-ASCII space
        assertThat(ScramSha256Client.saslPrep("\u0007x\u00e9")).isEqualTo("\u0007x\u00e9"); // prohibited: unchanged
    }

    @Test
    void shouldComputeMd5PasswordWhenGivenSalt() {
        // "md5" + md5(md5("secret" + "alice") in hex + salt), computed independently with Python's hashlib.
        assertThat(Md5Password.encode("alice", "secret", new byte[] {1, 2, 3, 4}))
                .isEqualTo("md598a0412b9c31436fc53776e863350083");
    }
}
