package io.sluice.postgres.internal.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

/**
 * The answer to AuthenticationMD5Password: {@code "md5" + hex(md5(hex(md5(password + user)) + salt))}.
 *
 * @see <a href="https://www.postgresql.org/docs/current/auth-password.html">Password Authentication</a>
 */
public final class Md5Password {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Md5Password() {}

    /** The PasswordMessage text for {@code user}, {@code password} and the server's 4-byte salt. */
    public static String encode(String user, String password, byte[] salt) {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            md5.update(password.getBytes(StandardCharsets.UTF_8));
            md5.update(user.getBytes(StandardCharsets.UTF_8));
            byte[] inner = hex(md5.digest()).getBytes(StandardCharsets.US_ASCII);
            md5.update(inner);
            md5.update(salt);
            return "md5" + hex(md5.digest());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("MD5 unavailable in this JDK", e);
        }
    }

    private static String hex(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
            out[2 * i + 1] = HEX[bytes[i] & 0xf];
        }
        return new String(out);
    }
}
