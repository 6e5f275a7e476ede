package io.sluice.spi;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.SslMode;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * TLS for every driver, through the JDK, with libpq's meaning of each {@link SslMode}:
 * {@code allow}, {@code prefer} and {@code require} encrypt without checking the certificate;
 * {@code verify-ca} checks the chain against {@code sslrootcert} (PEM, one or more CA certificates)
 * or the JDK's trust store; {@code verify-full} also checks that the certificate names the host
 * (DNS name or IP address), with the JDK's HTTPS endpoint identification.
 *
 * <p>A client certificate ({@link ConnectionConfig#sslCert()}, {@link ConnectionConfig#sslKey()}) is
 * offered when the server asks for one, in every mode: PEM certificate chain with a PKCS#8 PEM key
 * (plain, or encrypted with {@link ConnectionConfig#sslPassword()}), or one PKCS#12 file. The key is
 * decoded by the JDK ({@link KeyFactory}, {@link EncryptedPrivateKeyInfo}); a PKCS#1 RSA key
 * ({@code BEGIN RSA PRIVATE KEY}) is refused with the command that converts it.
 *
 * @see <a href="https://www.postgresql.org/docs/current/libpq-ssl.html">libpq SSL support</a>
 */
public final class TlsSockets {
    private TlsSockets() {}

    /**
     * Performs the TLS handshake over the connected {@code plain} socket with the configuration's
     * sslmode, sslrootcert and client certificate, and returns the TLS socket, which closes
     * {@code plain} when closed.
     *
     * @throws ConnectionException if the client key or certificate cannot be read (naming the file),
     *         or the handshake or the certificate check fails (naming host, port, sslmode and sslrootcert)
     */
    public static SSLSocket wrap(Socket plain, String host, int port, ConnectionConfig config) {
        SslMode mode = config.sslMode();
        Path rootCert = config.sslRootCert();
        KeyManager[] keyManagers = keyManagers(config);
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers, trustManagers(mode, rootCert), null);
            SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, host, port, true);
            tls.setUseClientMode(true);
            if (mode == SslMode.VERIFY_FULL) {
                SSLParameters params = tls.getSSLParameters();
                params.setEndpointIdentificationAlgorithm("HTTPS");
                tls.setSSLParameters(params);
            }
            tls.startHandshake();
            return tls;
        } catch (IOException | GeneralSecurityException e) {
            boolean verifying = mode == SslMode.VERIFY_CA || mode == SslMode.VERIFY_FULL;
            throw new ConnectionException(
                    "TLS handshake failed: host=" + host + ", port=" + port + ", sslmode="
                            + mode.urlName() + ", sslrootcert=" + rootCert + ", sslcert=" + config.sslCert()
                            + ", cause="
                            + e.getMessage() + (verifying ? " (setting sslrootcert names the trusted CA)" : ""),
                    e);
        }
    }

    /** The client certificate's key managers, or null (no certificate) when sslcert is not set. */
    private static KeyManager[] keyManagers(ConnectionConfig config) {
        Path certFile = config.sslCert();
        if (certFile == null) {
            if (config.sslKey() != null) {
                throw new ConnectionException("sslkey is set but sslcert is not: sslkey=" + config.sslKey()
                        + " (the key needs its certificate)");
            }
            return null;
        }
        char[] password = config.sslPassword() == null
                ? new char[0]
                : config.sslPassword().toCharArray();
        try {
            KeyStore store;
            String name = certFile.getFileName().toString().toLowerCase(Locale.ROOT);
            if (name.endsWith(".p12") || name.endsWith(".pfx")) {
                store = KeyStore.getInstance("PKCS12");
                try (InputStream in = Files.newInputStream(certFile)) {
                    store.load(in, password);
                }
            } else {
                if (config.sslKey() == null) {
                    throw new ConnectionException("sslcert is set but sslkey is not: sslcert=" + certFile
                            + " (a PEM certificate needs its PKCS#8 key file; a .p12 file holds both)");
                }
                List<Certificate> chain;
                try (InputStream in = Files.newInputStream(certFile)) {
                    chain = List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(in));
                }
                if (chain.isEmpty()) {
                    throw new ConnectionException("no certificate in sslcert: sslcert=" + certFile);
                }
                store = KeyStore.getInstance("PKCS12");
                store.load(null, null);
                store.setKeyEntry(
                        "client", privateKey(config.sslKey(), password), password, chain.toArray(Certificate[]::new));
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store, password);
            return kmf.getKeyManagers();
        } catch (IOException | GeneralSecurityException e) {
            throw new ConnectionException(
                    "cannot read the client certificate or key: sslcert=" + certFile + ", sslkey="
                            + config.sslKey() + ", cause=" + e
                            + (config.sslPassword() == null
                                    ? " (an encrypted key or a PKCS#12 file needs sslpassword)"
                                    : ""),
                    e);
        }
    }

    /** Reads a PEM PKCS#8 private key, decrypting it with {@code password} when it is encrypted. */
    private static PrivateKey privateKey(Path file, char[] password) throws IOException, GeneralSecurityException {
        String pem = Files.readString(file);
        PKCS8EncodedKeySpec spec;
        byte[] encrypted = pemBody(pem, "ENCRYPTED PRIVATE KEY");
        if (encrypted != null) {
            EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(encrypted);
            String algorithm = info.getAlgParameters() == null
                    ? info.getAlgName()
                    : info.getAlgParameters().toString();
            Cipher cipher = Cipher.getInstance(algorithm);
            cipher.init(
                    Cipher.DECRYPT_MODE,
                    SecretKeyFactory.getInstance(algorithm).generateSecret(new PBEKeySpec(password)),
                    info.getAlgParameters());
            spec = info.getKeySpec(cipher);
        } else {
            byte[] plain = pemBody(pem, "PRIVATE KEY");
            if (plain == null) {
                String hint = pem.contains("BEGIN RSA PRIVATE KEY") || pem.contains("BEGIN EC PRIVATE KEY")
                        ? " (a PKCS#1/SEC1 key: convert it with openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8)"
                        : "";
                throw new ConnectionException("sslkey holds no PEM PKCS#8 private key: sslkey=" + file + hint);
            }
            spec = new PKCS8EncodedKeySpec(plain);
        }
        for (String algorithm : List.of("RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (InvalidKeySpecException e) {
                // not this algorithm; try the next
            }
        }
        throw new ConnectionException("sslkey holds a private key of an unsupported algorithm: sslkey=" + file);
    }

    /** The decoded body of the PEM block labelled {@code label}, or null when there is none. */
    private static byte[] pemBody(String pem, String label) {
        String begin = "-----BEGIN " + label + "-----";
        int start = pem.indexOf(begin);
        int end = pem.indexOf("-----END " + label + "-----");
        if (start < 0 || end < start) {
            return null;
        }
        return Base64.getMimeDecoder().decode(pem.substring(start + begin.length(), end));
    }

    private static TrustManager[] trustManagers(SslMode mode, Path rootCert)
            throws GeneralSecurityException, IOException {
        if (mode != SslMode.VERIFY_CA && mode != SslMode.VERIFY_FULL) {
            return new TrustManager[] {TRUST_ANY};
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        if (rootCert == null) {
            tmf.init((KeyStore) null);
        } else {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            try (InputStream in = Files.newInputStream(rootCert)) {
                int i = 0;
                for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    store.setCertificateEntry("ca-" + i++, c);
                }
                if (i == 0) {
                    throw new ConnectionException("no certificate in sslrootcert: sslrootcert=" + rootCert);
                }
            }
            tmf.init(store);
        }
        return tmf.getTrustManagers();
    }

    /** For the modes that encrypt without authenticating the server, as libpq does. */
    private static final X509TrustManager TRUST_ANY = new X509TrustManager() {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    };
}
