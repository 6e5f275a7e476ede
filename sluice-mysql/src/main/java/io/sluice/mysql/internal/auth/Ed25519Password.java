package io.sluice.mysql.internal.auth;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * MariaDB's client_ed25519 response (https://mariadb.com/kb/en/authentication-plugin-ed25519/): an
 * Ed25519 signature (RFC 8032, section 5.1.6) of the server's 32-byte scramble, with the secret
 * scalar and nonce prefix taken from {@code SHA-512(password)} instead of from a 32-byte seed. The JDK's
 * EdDSA cannot take that expanded key, so the curve arithmetic is done here with {@link BigInteger}
 * in affine coordinates: slow (a few milliseconds) but only run once per login.
 */
public final class Ed25519Password {
    private Ed25519Password() {}

    public static final String CLIENT_ED25519 = "client_ed25519";

    private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger L =
            BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));
    private static final BigInteger D = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P))
            .mod(P);
    private static final BigInteger[] BASE = {
        new BigInteger("15112221349535400772501151409588531511454012693041857206046113283949847762202"),
        new BigInteger("46316835694926478169428394003475163141307993866256225615783033603165251855960")
    };

    /** The 64-byte signature {@code R || S} of {@code message} under the key derived from {@code password}. */
    public static byte[] sign(String password, byte[] message) {
        return sign(password == null ? new byte[0] : password.getBytes(StandardCharsets.UTF_8), message);
    }

    /** The signature with {@code secret} hashed as an RFC 8032 private key (any length; RFC keys are 32 bytes). */
    public static byte[] sign(byte[] secret, byte[] message) {
        byte[] az = sha512(secret);
        az[0] &= (byte) 248;
        az[31] &= 63;
        az[31] |= 64;
        BigInteger a = littleEndian(az, 0, 32);
        byte[] publicKey = encode(multiply(BASE, a));
        BigInteger r = littleEndian(sha512(slice(az, 32, 32), message), 0, 64).mod(L);
        byte[] rEncoded = encode(multiply(BASE, r));
        BigInteger k = littleEndian(sha512(rEncoded, publicKey, message), 0, 64).mod(L);
        BigInteger s = k.multiply(a).add(r).mod(L);
        byte[] signature = new byte[64];
        System.arraycopy(rEncoded, 0, signature, 0, 32);
        byte[] sBytes = toLittleEndian(s);
        System.arraycopy(sBytes, 0, signature, 32, 32);
        return signature;
    }

    private static BigInteger[] add(BigInteger[] p1, BigInteger[] p2) {
        BigInteger x1 = p1[0];
        BigInteger y1 = p1[1];
        BigInteger x2 = p2[0];
        BigInteger y2 = p2[1];
        BigInteger dxy = D.multiply(x1).multiply(x2).multiply(y1).multiply(y2).mod(P);
        BigInteger x3 = x1.multiply(y2)
                .add(y1.multiply(x2))
                .multiply(BigInteger.ONE.add(dxy).modInverse(P))
                .mod(P);
        BigInteger y3 = y1.multiply(y2)
                .add(x1.multiply(x2))
                .multiply(BigInteger.ONE.subtract(dxy).mod(P).modInverse(P))
                .mod(P);
        return new BigInteger[] {x3, y3};
    }

    private static BigInteger[] multiply(BigInteger[] point, BigInteger scalar) {
        BigInteger[] result = {BigInteger.ZERO, BigInteger.ONE};
        BigInteger[] q = point;
        for (int i = 0; i < scalar.bitLength(); i++) {
            if (scalar.testBit(i)) {
                result = add(result, q);
            }
            q = add(q, q);
        }
        return result;
    }

    /** y in little-endian with the low bit of x in the top bit (RFC 8032, 5.1.2). */
    private static byte[] encode(BigInteger[] point) {
        byte[] out = toLittleEndian(point[1]);
        if (point[0].testBit(0)) {
            out[31] |= (byte) 0x80;
        }
        return out;
    }

    private static byte[] toLittleEndian(BigInteger v) {
        byte[] big = v.toByteArray();
        byte[] out = new byte[32];
        for (int i = 0; i < big.length && i < 32; i++) {
            out[i] = big[big.length - 1 - i];
        }
        return out;
    }

    private static BigInteger littleEndian(byte[] b, int off, int len) {
        byte[] big = new byte[len + 1];
        for (int i = 0; i < len; i++) {
            big[len - i] = b[off + i];
        }
        return new BigInteger(big);
    }

    private static byte[] slice(byte[] b, int off, int len) {
        byte[] out = new byte[len];
        System.arraycopy(b, off, out, 0, len);
        return out;
    }

    private static byte[] sha512(byte[]... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-512");
            for (byte[] part : parts) {
                md.update(part);
            }
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-512 missing from the JDK", e);
        }
    }
}
