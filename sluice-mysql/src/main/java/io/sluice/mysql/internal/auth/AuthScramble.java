package io.sluice.mysql.internal.auth;

import io.sluice.AuthenticationException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import javax.crypto.Cipher;

/**
 * The client side of the authentication plugins' challenge-response computations.
 *
 * <ul>
 *   <li>mysql_native_password: {@code SHA1(password) XOR SHA1(nonce + SHA1(SHA1(password)))}
 *       (https://mariadb.com/kb/en/connection/#mysql_native_password-plugin)</li>
 *   <li>caching_sha2_password fast path: {@code SHA256(password) XOR SHA256(SHA256(SHA256(password)) + nonce)};
 *       full path: the NUL-terminated password in clear over TLS, or XOR-ed with the nonce and
 *       RSA-OAEP encrypted with the server's public key
 *       (https://dev.mysql.com/doc/dev/mysql-server/latest/page_caching_sha2_authentication_exchanges.html)</li>
 * </ul>
 */
public final class AuthScramble {
    private AuthScramble() {}

    public static final String MYSQL_NATIVE_PASSWORD = "mysql_native_password";
    public static final String CACHING_SHA2_PASSWORD = "caching_sha2_password";
    public static final String MYSQL_CLEAR_PASSWORD = "mysql_clear_password";

    /** The 20-byte mysql_native_password response, or an empty array for an empty password. */
    public static byte[] nativePassword(String password, byte[] nonce) {
        if (password == null || password.isEmpty()) {
            return new byte[0];
        }
        MessageDigest sha1 = digest("SHA-1");
        byte[] stage1 = sha1.digest(password.getBytes(StandardCharsets.UTF_8));
        byte[] stage2 = sha1.digest(stage1);
        sha1.update(nonce, 0, Math.min(20, nonce.length));
        sha1.update(stage2);
        return xor(stage1, sha1.digest());
    }

    /** The 32-byte caching_sha2_password scramble, or an empty array for an empty password. */
    public static byte[] cachingSha2Password(String password, byte[] nonce) {
        if (password == null || password.isEmpty()) {
            return new byte[0];
        }
        MessageDigest sha256 = digest("SHA-256");
        byte[] p1 = sha256.digest(password.getBytes(StandardCharsets.UTF_8));
        byte[] p2 = sha256.digest(p1);
        sha256.update(p2);
        sha256.update(nonce, 0, Math.min(20, nonce.length));
        return xor(p1, sha256.digest());
    }

    /** The password NUL-terminated, as sent in clear over TLS (caching_sha2 full path, mysql_clear_password). */
    public static byte[] clearPassword(String password) {
        byte[] p = (password == null ? "" : password).getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[p.length + 1];
        System.arraycopy(p, 0, out, 0, p.length);
        return out;
    }

    /** caching_sha2 full path without TLS: (password + NUL) XOR nonce (repeated), RSA-OAEP with the server's PEM key. */
    public static byte[] rsaEncryptedPassword(String password, byte[] nonce, String publicKeyPem) {
        byte[] clear = clearPassword(password);
        for (int i = 0; i < clear.length; i++) {
            clear[i] ^= nonce[i % Math.min(20, nonce.length)];
        }
        try {
            String base64 = publicKeyPem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
            PublicKey key = KeyFactory.getInstance("RSA")
                    .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
            Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
            rsa.init(Cipher.ENCRYPT_MODE, key);
            return rsa.doFinal(clear);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new AuthenticationException(
                    "caching_sha2_password: server public key unusable: " + e.getMessage(), e);
        }
    }

    private static byte[] xor(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }

    private static MessageDigest digest(String name) {
        try {
            return MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(name + " missing from the JDK", e);
        }
    }
}
