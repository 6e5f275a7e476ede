package io.sluice.postgres.fault;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * A hostile SCRAM peer for one connection: it offers SCRAM-SHA-256 (and -PLUS over TLS, with the test
 * certificates bin/setup-services made), then departs from RFC 5802's order as {@link Play} says, to check
 * that the client accepts AuthenticationOk only after a verified server-final message. {@link Play#VALID}
 * runs the exchange correctly (its own Hi and HMACs), so that the test of the refusals can fail.
 */
final class FakeScramServer implements AutoCloseable {
    /** How the server departs from the exchange. */
    enum Play {
        VALID,
        OK_BEFORE_SERVER_FIRST,
        OK_AFTER_CLIENT_FINAL,
        BAD_SIGNATURE,
        SECOND_CONTINUE,
        FINAL_BEFORE_CONTINUE,
        SECOND_SASL,
        UNEXPECTED_MESSAGE,
        ERROR_ATTRIBUTE,
        HUGE_ITERATIONS,
        SLOW_ITERATIONS,
        ASK_MD5,
        ASK_CLEARTEXT
    }

    static final String PASSWORD = "pgfault-pw";
    private static final byte[] SALT = "pgfault-salt".getBytes(StandardCharsets.US_ASCII);
    private static final int ITERATIONS = 4096;

    private final ServerSocket listener;
    /** Completes with the last frontend message type the server read ('p' messages count). */
    final CompletableFuture<Integer> passwordMessages = new CompletableFuture<>();

    FakeScramServer(Play play, boolean tls) throws IOException {
        listener = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"));
        Thread.ofVirtual().start(() -> {
            int passwords = 0;
            try (Socket plain = listener.accept()) {
                Socket s = plain;
                DataInputStream in = new DataInputStream(s.getInputStream());
                int length = in.readInt();
                int code = in.readInt();
                if (code == 80877103) {
                    s.getOutputStream().write(tls ? 'S' : 'N');
                    s.getOutputStream().flush();
                    if (tls) {
                        SSLSocket t = (SSLSocket)
                                tlsContext().getSocketFactory().createSocket(plain, "127.0.0.1", plain.getPort(), true);
                        t.setUseClientMode(false);
                        t.startHandshake();
                        s = t;
                        in = new DataInputStream(s.getInputStream());
                    }
                    length = in.readInt();
                    in.readInt();
                }
                in.skipNBytes(length - 8);
                OutputStream out = s.getOutputStream();
                if (play == Play.ASK_MD5 || play == Play.ASK_CLEARTEXT) {
                    out.write(play == Play.ASK_MD5 ? Wire.auth(5, new byte[] {1, 2, 3, 4}) : Wire.auth(3, new byte[0]));
                    out.flush();
                    passwords += readMessage(in) == null ? 0 : 1;
                    return;
                }
                Wire.Body mechanisms = new Wire.Body();
                if (tls) {
                    mechanisms.cstring("SCRAM-SHA-256-PLUS");
                }
                out.write(Wire.auth(
                        10, mechanisms.cstring("SCRAM-SHA-256").int8(0).done()));
                out.flush();
                byte[] initial = readMessage(in);
                passwords++;
                DataInputStream init = new DataInputStream(new ByteArrayInputStream(initial));
                while (init.readByte() != 0) {
                    // the mechanism name
                }
                byte[] clientFirst = init.readNBytes(init.readInt());
                String first = new String(clientFirst, StandardCharsets.UTF_8);
                String clientFirstBare = first.substring(first.indexOf("n="));
                String clientNonce = clientFirstBare.substring(clientFirstBare.indexOf("r=") + 2);
                switch (play) {
                    case OK_BEFORE_SERVER_FIRST -> {
                        ready(out);
                        return;
                    }
                    case FINAL_BEFORE_CONTINUE -> {
                        out.write(Wire.auth(12, "v=AAAA".getBytes(StandardCharsets.US_ASCII)));
                        ready(out);
                        return;
                    }
                    case SECOND_SASL -> {
                        out.write(Wire.auth(
                                10,
                                new Wire.Body().cstring("SCRAM-SHA-256").int8(0).done()));
                        ready(out);
                        return;
                    }
                    case UNEXPECTED_MESSAGE -> {
                        out.write(Wire.backendKeyData(1, 2));
                        ready(out);
                        return;
                    }
                    default -> {}
                }
                int iterations = play == Play.HUGE_ITERATIONS
                        ? Integer.MAX_VALUE
                        : play == Play.SLOW_ITERATIONS ? 9_999_999 : ITERATIONS;
                String serverFirst = "r=" + clientNonce + "pgfaultServerNonce,s="
                        + Base64.getEncoder().encodeToString(SALT) + ",i=" + iterations;
                out.write(Wire.auth(11, serverFirst.getBytes(StandardCharsets.UTF_8)));
                out.flush();
                String clientFinal = new String(readMessage(in), StandardCharsets.UTF_8);
                passwords++;
                String withoutProof = clientFinal.substring(0, clientFinal.indexOf(",p="));
                byte[] auth =
                        (clientFirstBare + "," + serverFirst + "," + withoutProof).getBytes(StandardCharsets.UTF_8);
                byte[] signature = hmac(hmac(saltedPassword(), "Server Key".getBytes(StandardCharsets.US_ASCII)), auth);
                switch (play) {
                    case OK_AFTER_CLIENT_FINAL -> {}
                    case BAD_SIGNATURE -> {
                        signature[0] ^= 1;
                        out.write(Wire.auth(
                                12,
                                ("v=" + Base64.getEncoder().encodeToString(signature))
                                        .getBytes(StandardCharsets.US_ASCII)));
                    }
                    case SECOND_CONTINUE -> out.write(Wire.auth(11, serverFirst.getBytes(StandardCharsets.UTF_8)));
                    case ERROR_ATTRIBUTE ->
                        out.write(Wire.auth(12, "e=invalid-proof".getBytes(StandardCharsets.US_ASCII)));
                    default ->
                        out.write(Wire.auth(
                                12,
                                ("v=" + Base64.getEncoder().encodeToString(signature))
                                        .getBytes(StandardCharsets.US_ASCII)));
                }
                ready(out);
                while (in.read() >= 0) {
                    // until the client closes
                }
            } catch (Exception ignored) {
                // the client gave up: that is what most plays expect
            } finally {
                passwordMessages.complete(passwords);
            }
        });
    }

    int port() {
        return listener.getLocalPort();
    }

    private static void ready(OutputStream out) throws IOException {
        out.write(Wire.authOk());
        out.write(Wire.backendKeyData(5, 6));
        out.write(Wire.ready('I'));
        out.flush();
    }

    /** The body of the next frontend message, or null at end of stream. */
    private static byte[] readMessage(DataInputStream in) throws IOException {
        if (in.read() < 0) {
            return null;
        }
        return in.readNBytes(in.readInt() - 4);
    }

    private static byte[] saltedPassword() throws Exception {
        SecretKeyFactory f = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");
        return f.generateSecret(new PBEKeySpec(PASSWORD.toCharArray(), SALT, ITERATIONS, 256))
                .getEncoded();
    }

    private static byte[] hmac(byte[] key, byte[] data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data);
    }

    /** The server certificate and key of bin/setup-services, as a TLS server context. */
    private static SSLContext tlsContext() throws Exception {
        Path dir = Path.of(System.getProperty("sluice.state.dir", "../.sluice"), "tls");
        String pem = Files.readString(dir.resolve("server.key"));
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        PrivateKey key = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
        List<? extends Certificate> chain;
        try (var certIn = Files.newInputStream(dir.resolve("server.crt"))) {
            chain = List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(certIn));
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("server", key, new char[0], chain.toArray(new Certificate[0]));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, new char[0]);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return context;
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
