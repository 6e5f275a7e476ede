package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.mysql.internal.auth.AuthScramble;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Golden vectors for the password scrambles, computed independently from the published algorithms
 * (Python hashlib: SHA1(p) ^ SHA1(nonce + SHA1(SHA1(p))) and SHA256(p) ^ SHA256(SHA256(SHA256(p)) + nonce)).
 * MySQL 8 is not on this machine, so caching_sha2_password is covered by these vectors and by
 * {@link CachingSha2FakeServerTest}; mysql_native_password also by real MariaDB logins.
 */
class AuthScrambleTest {
    private static final byte[] NONCE = new byte[20];

    static {
        for (int i = 0; i < 20; i++) {
            NONCE[i] = (byte) (i + 1);
        }
    }

    @Test
    void shouldMatchPublishedAlgorithmForMysqlNativePassword() {
        assertThat(HexFormat.of().formatHex(AuthScramble.nativePassword("sluice-sha2-pw", NONCE)))
                .isEqualTo("6af2e7e4cc673fd32eae5d7ddcc905e93f7211f9");
    }

    @Test
    void shouldMatchPublishedAlgorithmForCachingSha2Password() {
        assertThat(HexFormat.of().formatHex(AuthScramble.cachingSha2Password("sluice-sha2-pw", NONCE)))
                .isEqualTo("1a7a76d139df54c1a991f7398980482c2564d014abb0b386b91a4fad7017559b");
    }

    @Test
    void shouldSendEmptyResponseWhenPasswordIsEmpty() {
        assertThat(AuthScramble.nativePassword("", NONCE)).isEmpty();
        assertThat(AuthScramble.cachingSha2Password(null, NONCE)).isEmpty();
    }

    @Test
    void shouldTerminateClearPasswordWithNul() {
        assertThat(AuthScramble.clearPassword("ab")).containsExactly('a', 'b', 0);
    }
}
