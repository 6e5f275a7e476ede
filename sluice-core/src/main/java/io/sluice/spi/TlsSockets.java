package io.sluice.spi;

import io.sluice.ConnectionException;
import io.sluice.SslMode;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
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
 * @see <a href="https://www.postgresql.org/docs/current/libpq-ssl.html">libpq SSL support</a>
 */
public final class TlsSockets {
    private TlsSockets() {}

    /**
     * Performs the TLS handshake over the connected {@code plain} socket and returns the TLS socket,
     * which closes {@code plain} when closed.
     *
     * @throws ConnectionException if the handshake or the certificate check fails, naming host,
     *         port, sslmode and sslrootcert
     */
    public static SSLSocket wrap(Socket plain, String host, int port, SslMode mode, Path rootCert) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trustManagers(mode, rootCert), null);
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
            throw new ConnectionException("TLS handshake failed: host=" + host + ", port=" + port + ", sslmode="
                    + mode.urlName() + ", sslrootcert=" + rootCert + ", cause=" + e.getMessage()
                    + (verifying ? " (setting sslrootcert names the trusted CA)" : ""), e);
        }
    }

    private static TrustManager[] trustManagers(SslMode mode, Path rootCert) throws GeneralSecurityException, IOException {
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
