package io.sluice.postgres.internal.auth;

import io.sluice.AuthenticationException;
import io.sluice.ConnectionException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The client side of SCRAM-SHA-256 (RFC 5802, RFC 7677) with JDK crypto only, and of
 * SCRAM-SHA-256-PLUS with tls-server-end-point channel binding (RFC 5929) over TLS. One instance per
 * authentication exchange (GS2 header {@code n,,} shown; {@code p=tls-server-end-point,,} when bound,
 * {@code y,,} over TLS when the server offered no binding; {@code c=} carries the header plus the
 * certificate hash):
 *
 * <pre>
 *  client-first  n,,n=user,r=clientNonce
 *  server-first  r=clientNonce+serverNonce,s=base64(salt),i=iterations
 *  client-final  c=biws,r=fullNonce,p=base64(ClientKey XOR HMAC(StoredKey, AuthMessage))
 *  server-final  v=base64(HMAC(ServerKey, AuthMessage))
 * </pre>
 *
 * PostgreSQL ignores the user name in the SCRAM messages (it uses the StartupMessage's), so the
 * driver sends it empty. The password goes through {@link #saslPrep} as the server's does.
 *
 * @see <a href="https://www.postgresql.org/docs/current/sasl-authentication.html">SASL Authentication</a>
 * @see <a href="https://www.rfc-editor.org/rfc/rfc7677">RFC 7677</a>
 */
public final class ScramSha256Client {
    /** The mechanism name in AuthenticationSASL. */
    public static final String MECHANISM = "SCRAM-SHA-256";
    /** The mechanism with channel binding (RFC 5802 section 6), offered by servers over TLS. */
    public static final String MECHANISM_PLUS = "SCRAM-SHA-256-PLUS";
    /** GS2 header: no channel binding (plain connection). */
    static final String GS2_NO_BINDING = "n,,";
    /** GS2 header: the client could bind, but the server did not offer PLUS over TLS (a downgrade shows). */
    static final String GS2_BINDING_NOT_OFFERED = "y,,";
    /** GS2 header: tls-server-end-point binding (RFC 5929), the only type PostgreSQL supports. */
    static final String GS2_TLS_SERVER_END_POINT = "p=tls-server-end-point,,";
    /**
     * The largest iteration count accepted: far above PostgreSQL's default (4096), low enough that a
     * hostile server cannot make key derivation run for long (2^31 - 1 iterations take tens of
     * seconds). Key derivation also stops at the connect deadline.
     */
    static final int MAX_ITERATIONS = 10_000_000;

    private final String user;
    private final String password;
    private final String clientNonce;
    private final String gs2Header;
    private final byte[] bindingData; // the certificate hash for tls-server-end-point, else empty
    private String clientFirstBare;
    private byte[] expectedServerSignature;

    public ScramSha256Client(String user, String password, String clientNonce) {
        this(user, password, clientNonce, GS2_NO_BINDING, new byte[0]);
    }

    ScramSha256Client(String user, String password, String clientNonce, String gs2Header, byte[] bindingData) {
        this.user = user;
        this.password = password;
        this.clientNonce = clientNonce;
        this.gs2Header = gs2Header;
        this.bindingData = bindingData;
    }

    /** A client with a fresh random nonce (18 random bytes, base64), without channel binding. */
    public static ScramSha256Client withRandomNonce(String user, String password) {
        return new ScramSha256Client(user, password, randomNonce());
    }

    /**
     * A client for a TLS connection: with {@code serverCertificateHash} (see
     * {@link #tlsServerEndPoint}) it binds to the channel (mechanism {@link #MECHANISM_PLUS}); with
     * null it says that it could have but the server did not offer to.
     */
    public static ScramSha256Client overTls(String user, String password, byte[] serverCertificateHash) {
        return serverCertificateHash == null
                ? new ScramSha256Client(user, password, randomNonce(), GS2_BINDING_NOT_OFFERED, new byte[0])
                : new ScramSha256Client(user, password, randomNonce(), GS2_TLS_SERVER_END_POINT, serverCertificateHash);
    }

    private static String randomNonce() {
        byte[] nonce = new byte[18];
        new SecureRandom().nextBytes(nonce);
        return Base64.getEncoder().encodeToString(nonce);
    }

    /** The SASL mechanism this client speaks. */
    public String mechanism() {
        return gs2Header.equals(GS2_TLS_SERVER_END_POINT) ? MECHANISM_PLUS : MECHANISM;
    }

    /**
     * The tls-server-end-point channel binding data (RFC 5929 section 4.1): the hash of the server's
     * DER certificate with the hash function of its signature algorithm, SHA-256 for MD5 and SHA-1.
     *
     * @throws AuthenticationException for a signature algorithm without a single hash (e.g. RSASSA-PSS, Ed25519)
     */
    public static byte[] tlsServerEndPoint(X509Certificate certificate) {
        String algorithm = certificate.getSigAlgName().toUpperCase(Locale.ROOT);
        int with = algorithm.indexOf("WITH");
        String hash = with < 0 ? "" : algorithm.substring(0, with);
        String digest =
                switch (hash) {
                    case "MD5", "SHA1", "SHA256" -> "SHA-256";
                    case "SHA224" -> "SHA-224";
                    case "SHA384" -> "SHA-384";
                    case "SHA512" -> "SHA-512";
                    default ->
                        throw new AuthenticationException(
                                "cannot bind SCRAM to this TLS channel: the server certificate's "
                                        + "signature algorithm has no single hash: algorithm="
                                        + certificate.getSigAlgName()
                                        + " (set channel_binding=disable to authenticate without binding)");
                };
        try {
            return MessageDigest.getInstance(digest).digest(certificate.getEncoded());
        } catch (GeneralSecurityException e) {
            throw new AuthenticationException("cannot hash the server certificate: digest=" + digest, e);
        }
    }

    /** The client-first-message. */
    public String clientFirstMessage() {
        clientFirstBare = "n=" + user.replace("=", "=3D").replace(",", "=2C") + ",r=" + clientNonce;
        return gs2Header + clientFirstBare;
    }

    /**
     * Checks the server-first-message and computes the client-final-message.
     *
     * @throws AuthenticationException if the server's nonce does not extend ours, or a field is missing
     */
    public String clientFinalMessage(String serverFirst) {
        return clientFinalMessage(serverFirst, 0);
    }

    /**
     * As {@link #clientFinalMessage(String)}, stopping key derivation at {@code deadlineNanos}
     * ({@link System#nanoTime()} scale; 0 = none).
     *
     * @throws ConnectionException when the deadline passes during key derivation
     */
    public String clientFinalMessage(String serverFirst, long deadlineNanos) {
        String nonce = attribute(serverFirst, 'r');
        String salt = attribute(serverFirst, 's');
        String iterationText = attribute(serverFirst, 'i');
        if (!nonce.startsWith(clientNonce) || nonce.length() == clientNonce.length()) {
            throw new AuthenticationException(
                    "SCRAM server nonce does not extend the client nonce: mechanism=" + MECHANISM);
        }
        int iterations;
        try {
            iterations = Integer.parseInt(iterationText);
        } catch (NumberFormatException e) {
            throw new AuthenticationException("SCRAM iteration count is not a number: i=" + iterationText);
        }
        if (iterations < 1 || iterations > MAX_ITERATIONS) {
            throw new AuthenticationException(
                    "SCRAM iteration count out of range: i=" + iterations + ", min=1, max=" + MAX_ITERATIONS);
        }
        byte[] saltBytes;
        try {
            saltBytes = Base64.getDecoder().decode(salt);
        } catch (IllegalArgumentException e) {
            throw new AuthenticationException("SCRAM salt is not base64: mechanism=" + MECHANISM, e);
        }
        byte[] header = gs2Header.getBytes(StandardCharsets.US_ASCII);
        byte[] channel = Arrays.copyOf(header, header.length + bindingData.length); // cbind-input = header + data
        System.arraycopy(bindingData, 0, channel, header.length, bindingData.length);
        String withoutProof = "c=" + Base64.getEncoder().encodeToString(channel) + ",r=" + nonce;
        String authMessage = clientFirstBare + "," + serverFirst + "," + withoutProof;
        byte[] saltedPassword =
                hi(saslPrep(password).getBytes(StandardCharsets.UTF_8), saltBytes, iterations, deadlineNanos);
        byte[] clientKey = hmac(saltedPassword, "Client Key".getBytes(StandardCharsets.US_ASCII));
        byte[] storedKey = sha256(clientKey);
        byte[] clientSignature = hmac(storedKey, authMessage.getBytes(StandardCharsets.UTF_8));
        byte[] proof = clientKey.clone();
        for (int i = 0; i < proof.length; i++) {
            proof[i] ^= clientSignature[i];
        }
        byte[] serverKey = hmac(saltedPassword, "Server Key".getBytes(StandardCharsets.US_ASCII));
        expectedServerSignature = hmac(serverKey, authMessage.getBytes(StandardCharsets.UTF_8));
        return withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof);
    }

    /**
     * Checks the server-final-message's signature, proving the server knew the password too.
     *
     * @throws AuthenticationException on an error attribute or a wrong signature
     */
    public void verifyServerFinal(String serverFinal) {
        if (serverFinal.startsWith("e=")) {
            throw new AuthenticationException("SCRAM authentication failed: error=" + serverFinal.substring(2));
        }
        byte[] signature;
        try {
            signature = Base64.getDecoder().decode(attribute(serverFinal, 'v'));
        } catch (IllegalArgumentException e) {
            throw new AuthenticationException("SCRAM server signature is not base64: mechanism=" + MECHANISM, e);
        }
        if (expectedServerSignature == null || !MessageDigest.isEqual(signature, expectedServerSignature)) {
            throw new AuthenticationException("SCRAM server signature does not match: mechanism=" + MECHANISM);
        }
    }

    /**
     * SASLprep (RFC 4013) as PostgreSQL applies it to passwords: non-ASCII spaces become spaces,
     * characters "commonly mapped to nothing" are removed, the rest is NFKC-normalised. Where the
     * result would hold a prohibited character (controls, private use, surrogates, non-characters),
     * PostgreSQL uses the password unchanged, and so does this.
     */
    static String saslPrep(String password) {
        boolean ascii = true;
        for (int i = 0; i < password.length() && ascii; i++) {
            char ch = password.charAt(i);
            ascii = ch >= 0x20 && ch < 0x7f;
        }
        if (ascii) {
            return password; // the common case: nothing to map
        }
        StringBuilder mapped = new StringBuilder(password.length());
        for (int i = 0; i < password.length(); ) {
            int cp = password.codePointAt(i);
            i += Character.charCount(cp);
            if (mappedToNothing(cp)) {
                continue;
            }
            mapped.appendCodePoint(Character.isSpaceChar(cp) ? ' ' : cp);
        }
        String normalized = java.text.Normalizer.normalize(mapped, java.text.Normalizer.Form.NFKC);
        for (int i = 0; i < normalized.length(); ) {
            int cp = normalized.codePointAt(i);
            i += Character.charCount(cp);
            int type = Character.getType(cp);
            if (type == Character.CONTROL
                    || type == Character.PRIVATE_USE
                    || type == Character.SURROGATE
                    || type == Character.UNASSIGNED
                    || (cp & 0xfffe) == 0xfffe) {
                return password;
            }
        }
        return normalized;
    }

    /** RFC 3454 table B.1. */
    private static boolean mappedToNothing(int cp) {
        return cp == 0x00ad
                || cp == 0x034f
                || cp == 0x1806
                || (cp >= 0x180b && cp <= 0x180d)
                || (cp >= 0x200b && cp <= 0x200d)
                || cp == 0x2060
                || (cp >= 0xfe00 && cp <= 0xfe0f)
                || cp == 0xfeff;
    }

    private static String attribute(String message, char name) {
        for (String part : message.split(",")) {
            if (part.length() >= 2 && part.charAt(0) == name && part.charAt(1) == '=') {
                return part.substring(2);
            }
        }
        throw new AuthenticationException("SCRAM message lacks an attribute: attribute=" + name);
    }

    /** Hi(str, salt, i) of RFC 5802: PBKDF2 with HMAC-SHA-256 and one output block. */
    static byte[] hi(byte[] password, byte[] salt, int iterations) {
        return hi(password, salt, iterations, 0);
    }

    /** Hi with a deadline, checked every 1024 iterations (a few hundred microseconds of work). */
    static byte[] hi(byte[] password, byte[] salt, int iterations, long deadlineNanos) {
        Mac mac = mac(password);
        mac.update(salt);
        mac.update(new byte[] {0, 0, 0, 1});
        byte[] u = mac.doFinal();
        byte[] result = u.clone();
        for (int i = 1; i < iterations; i++) {
            if ((i & 1023) == 0 && deadlineNanos != 0 && System.nanoTime() - deadlineNanos > 0) {
                throw new ConnectionException("connect timed out during SCRAM key derivation: iterations=" + iterations
                        + ", done=" + i + " (setting connect_timeout)");
            }
            u = mac.doFinal(u);
            for (int j = 0; j < result.length; j++) {
                result[j] ^= u[j];
            }
        }
        return result;
    }

    static byte[] hmac(byte[] key, byte[] data) {
        return mac(key).doFinal(data);
    }

    private static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable in this JDK", e);
        }
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 unavailable in this JDK", e);
        }
    }
}
