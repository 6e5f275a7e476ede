package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.mysql.internal.auth.Ed25519Password;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** client_ed25519's signature: RFC 8032 test vector 1, and agreement with the JDK's Ed25519 for 32-byte keys. */
class Ed25519PasswordTest {

    @Test
    void shouldMatchRfc8032TestVector1() {
        byte[] secret = HexFormat.of().parseHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
        assertThat(HexFormat.of().formatHex(Ed25519Password.sign(secret, new byte[0])))
                .isEqualTo(
                        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
    }

    @Test
    void shouldAgreeWithJdkEd25519WhenSecretIsThirtyTwoBytes() throws Exception {
        Random random = new Random(42);
        for (int i = 0; i < 3; i++) {
            byte[] secret = new byte[32];
            byte[] message = new byte[32];
            random.nextBytes(secret);
            random.nextBytes(message);
            PrivateKey key = KeyFactory.getInstance("Ed25519")
                    .generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, secret));
            Signature jdk = Signature.getInstance("Ed25519");
            jdk.initSign(key);
            jdk.update(message);
            assertThat(Ed25519Password.sign(secret, message)).isEqualTo(jdk.sign());
        }
    }
}
