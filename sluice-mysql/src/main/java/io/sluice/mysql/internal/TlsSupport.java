package io.sluice.mysql.internal;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.SslMode;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
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

/** Wraps a connected socket in TLS through the JDK, checking certificates as the {@link SslMode} says. */
final class TlsSupport {
    private TlsSupport() {}

    static SSLSocket wrap(Socket plain, ConnectionConfig config) {
        SslMode mode = config.sslMode();
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            TrustManager[] trust = mode == SslMode.VERIFY_CA || mode == SslMode.VERIFY_FULL
                    ? trustManagers(config) : new TrustManager[] {TRUST_ALL};
            context.init(null, trust, null);
            SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, config.host(), plain.getPort(), true);
            tls.setUseClientMode(true);
            if (mode == SslMode.VERIFY_FULL) {
                SSLParameters params = tls.getSSLParameters();
                params.setEndpointIdentificationAlgorithm("HTTPS");
                tls.setSSLParameters(params);
            }
            tls.startHandshake();
            return tls;
        } catch (java.io.IOException | java.security.GeneralSecurityException e) {
            throw new ConnectionException("TLS handshake failed: host=" + config.host() + ", sslmode=" + mode.urlName()
                    + ", reason=" + e.getMessage() + (mode == SslMode.VERIFY_CA || mode == SslMode.VERIFY_FULL
                    ? " (setting sslrootcert names the trusted CA)" : ""), e);
        }
    }

    private static TrustManager[] trustManagers(ConnectionConfig config) throws java.io.IOException, java.security.GeneralSecurityException {
        TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        if (config.sslRootCert() == null) {
            f.init((KeyStore) null);
        } else {
            KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
            ks.load(null, null);
            try (InputStream in = Files.newInputStream(config.sslRootCert())) {
                int n = 0;
                for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    ks.setCertificateEntry("ca" + n++, c);
                }
            }
            f.init(ks);
        }
        return f.getTrustManagers();
    }

    /** For require/prefer/allow: encryption without authentication of the server, as libpq does. */
    private static final X509TrustManager TRUST_ALL = new X509TrustManager() {
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
