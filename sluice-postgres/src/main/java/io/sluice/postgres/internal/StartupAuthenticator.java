package io.sluice.postgres.internal;

import static io.sluice.postgres.internal.protocol.BackendMessage.*;

import io.sluice.AuthenticationException;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.ServerException;
import io.sluice.ServerMessage;
import io.sluice.postgres.internal.auth.Md5Password;
import io.sluice.postgres.internal.auth.PgPassFile;
import io.sluice.postgres.internal.auth.ScramSha256Client;
import io.sluice.postgres.internal.protocol.BackendDecoder;
import io.sluice.postgres.internal.protocol.BackendMessage;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.postgres.internal.protocol.MessageReader;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import io.sluice.spi.ConnectDeadline;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLSocket;

/**
 * The authentication part of the start-up (see {@link StartupHandshake}): answers the server's
 * AuthenticationXxx requests (trust, cleartext, MD5, SCRAM-SHA-256 with or without channel binding)
 * up to AuthenticationOk, and words the server's refusal of the session. The password comes from
 * the configuration, else from the password file ({@link PgPassFile}).
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-START-UP">Start-up</a>
 * @see <a href="https://www.postgresql.org/docs/current/sasl-authentication.html">SASL authentication</a>
 */
final class StartupAuthenticator {
    private final ConnectionConfig config;
    private final String host;
    private final int port;
    /** Where the password came from when the password file supplied it (named in an authentication failure). */
    private Path passwordFile;
    /** The authentication method the server asked for (see {@link #authMethod()}). */
    private String authMethod = "none";

    StartupAuthenticator(ConnectionConfig config, String host, int port) {
        this.config = config;
        this.host = host;
        this.port = port;
    }

    /** See {@link StartupHandshake#authMethod()}. */
    String authMethod() {
        return authMethod;
    }

    /**
     * Answers the server's authentication requests. {@code tls} is the TLS socket, or null on a plain
     * connection. channel_binding (libpq's setting): {@code prefer} binds SCRAM to the TLS channel
     * when the server offers SCRAM-SHA-256-PLUS; {@code require} fails unless that happens, before
     * any password is sent; {@code disable} never binds.
     */
    void authenticate(MessageReader reader, PgWriteBuffer out, OutputStream os, SSLSocket tls, ConnectDeadline deadline)
            throws IOException {
        String binding = StartupSettings.channelBinding(config);
        authMethod = "none";
        boolean bound = false;
        ScramSha256Client scram = null;
        // One method per session: after the client answered a request, only the steps of that method,
        // then AuthenticationOk or ErrorResponse, may follow. In SCRAM, Ok counts only after the
        // server-final message proved that the server knows the password (as libpq insists).
        int step = NOT_ASKED;
        while (true) {
            byte type = reader.next();
            byte[] b = reader.buffer();
            int off = reader.bodyOffset();
            int len = reader.bodyLength();
            if (type == ERROR_RESPONSE) {
                throw startupError(BackendDecoder.serverMessage(type, b, off, len));
            }
            if (type == NEGOTIATE_PROTOCOL_VERSION || type == NOTICE_RESPONSE) {
                continue;
            }
            if (type != AUTHENTICATION) {
                throw new ProtocolException(
                        "unexpected message during authentication: type=" + BackendMessage.describe(type));
            }
            int code = BackendDecoder.authenticationCode(b, off, len);
            if (binding.equals("require")
                    && (code == AUTHENTICATION_CLEARTEXT_PASSWORD || code == AUTHENTICATION_MD5_PASSWORD)) {
                throw new AuthenticationException("channel binding required, but the server asked for a "
                        + (code == AUTHENTICATION_MD5_PASSWORD ? "md5" : "cleartext") + " password (not sent): user="
                        + config.user() + " (channel_binding=require)");
            }
            if (code != AUTHENTICATION_OK
                    && code != AUTHENTICATION_SASL_CONTINUE
                    && code != AUTHENTICATION_SASL_FINAL
                    && step != NOT_ASKED) {
                throw new ProtocolException("second authentication request: code=" + code + ", user=" + config.user());
            }
            switch (code) {
                case AUTHENTICATION_OK -> {
                    BackendDecoder.empty(AUTHENTICATION, len - 4);
                    if (step == SASL_STARTED || step == SASL_ANSWERED) {
                        throw new AuthenticationException("server accepted the login without completing SCRAM "
                                + "(no verified server-final message, so the server never proved it knows the password): "
                                + "host=" + host + ", port=" + port + ", user=" + config.user());
                    }
                    if (binding.equals("require") && !bound) {
                        throw new AuthenticationException("channel binding required, but the server authenticated "
                                + "the client without it: user=" + config.user() + " (channel_binding=require)");
                    }
                    return;
                }
                case AUTHENTICATION_CLEARTEXT_PASSWORD -> {
                    BackendDecoder.empty(AUTHENTICATION, len - 4);
                    authMethod = "password";
                    FrontendEncoder.passwordMessage(out, requirePassword("cleartext"));
                    StartupHandshake.flush(out, os);
                    step = PASSWORD_SENT;
                }
                case AUTHENTICATION_MD5_PASSWORD -> {
                    byte[] salt = BackendDecoder.authenticationData(b, off, len);
                    if (salt.length != 4) {
                        throw new ProtocolException("malformed AuthenticationMD5Password: saltLength=" + salt.length);
                    }
                    authMethod = "md5";
                    FrontendEncoder.passwordMessage(
                            out, Md5Password.encode(config.user(), requirePassword("md5"), salt));
                    StartupHandshake.flush(out, os);
                    step = PASSWORD_SENT;
                }
                case AUTHENTICATION_SASL -> {
                    List<String> mechanisms = BackendDecoder.saslMechanisms(b, off, len);
                    boolean plus = tls != null
                            && !binding.equals("disable")
                            && mechanisms.contains(ScramSha256Client.MECHANISM_PLUS);
                    if (binding.equals("require") && !plus) {
                        throw new AuthenticationException("channel binding required, but "
                                + (tls == null
                                        ? "the connection has no TLS"
                                        : "the server does not offer SCRAM-SHA-256-PLUS")
                                + ": offered=" + mechanisms + " (channel_binding=require)");
                    }
                    if (!plus && !mechanisms.contains(ScramSha256Client.MECHANISM)) {
                        throw new AuthenticationException(
                                "no supported SASL mechanism: offered=" + mechanisms + ", supported=["
                                        + ScramSha256Client.MECHANISM + ", " + ScramSha256Client.MECHANISM_PLUS + "]");
                    }
                    String password = requirePassword("scram-sha-256");
                    if (plus) {
                        X509Certificate server =
                                (X509Certificate) tls.getSession().getPeerCertificates()[0];
                        scram = ScramSha256Client.overTls("", password, ScramSha256Client.tlsServerEndPoint(server));
                        bound = true;
                    } else if (tls != null && !binding.equals("disable")) {
                        scram = ScramSha256Client.overTls("", password, null);
                    } else {
                        scram = ScramSha256Client.withRandomNonce("", password);
                    }
                    authMethod = scram.mechanism();
                    FrontendEncoder.saslInitialResponse(
                            out, scram.mechanism(), scram.clientFirstMessage().getBytes(StandardCharsets.UTF_8));
                    StartupHandshake.flush(out, os);
                    step = SASL_STARTED;
                }
                case AUTHENTICATION_SASL_CONTINUE -> {
                    if (step != SASL_STARTED) {
                        throw new ProtocolException("AuthenticationSASLContinue out of order: step=" + stepName(step));
                    }
                    String serverFirst =
                            new String(BackendDecoder.authenticationData(b, off, len), StandardCharsets.UTF_8);
                    String clientFinal = scram.clientFinalMessage(serverFirst, deadline.nanos());
                    FrontendEncoder.saslResponse(out, clientFinal.getBytes(StandardCharsets.UTF_8));
                    StartupHandshake.flush(out, os);
                    step = SASL_ANSWERED;
                }
                case AUTHENTICATION_SASL_FINAL -> {
                    if (step != SASL_ANSWERED) {
                        throw new ProtocolException("AuthenticationSASLFinal out of order: step=" + stepName(step));
                    }
                    scram.verifyServerFinal(
                            new String(BackendDecoder.authenticationData(b, off, len), StandardCharsets.UTF_8));
                    step = SASL_VERIFIED;
                }
                default ->
                    throw new AuthenticationException("unsupported authentication method: code=" + code + ", user="
                            + config.user() + ", supported=trust,password,md5,scram-sha-256");
            }
        }
    }

    private static final int NOT_ASKED = 0;
    private static final int PASSWORD_SENT = 1;
    private static final int SASL_STARTED = 2;
    private static final int SASL_ANSWERED = 3;
    private static final int SASL_VERIFIED = 4;

    private static String stepName(int step) {
        return switch (step) {
            case NOT_ASKED -> "no request yet";
            case PASSWORD_SENT -> "password sent";
            case SASL_STARTED -> "SCRAM client-first sent";
            case SASL_ANSWERED -> "SCRAM client-final sent";
            default -> "SCRAM verified";
        };
    }

    ConnectionException startupError(ServerMessage m) {
        ServerException cause = new ServerException(m);
        String state = m.sqlState();
        if ("28P01".equals(state) || "28000".equals(state)) {
            return new AuthenticationException(
                    "authentication failed: host=" + host + ", port=" + port + ", user="
                            + config.user() + ", sqlstate=" + state + ", message=" + m.message()
                            + (passwordFile != null ? " (password from " + passwordFile + ")" : ""),
                    cause);
        }
        return new ConnectionException(
                "server refused the session: host=" + host + ", port=" + port + ", user=" + config.user()
                        + ", database=" + config.database() + ", sqlstate=" + state + ", message=" + m.message(),
                cause);
    }

    /** The configured password, else the password file's entry for this server (see {@link PgPassFile}). */
    private String requirePassword(String method) {
        if (config.password() != null) {
            return config.password();
        }
        PgPassFile file = PgPassFile.of(config.properties());
        String database = config.database() != null ? config.database() : config.user();
        PgPassFile.Lookup found = file.lookup(host, port, database, String.valueOf(config.user()));
        if (found.password() == null) {
            throw new AuthenticationException("server asks for a password but none is configured: method=" + method
                    + ", user=" + config.user() + " (set the password in the URL, PGPASSWORD or the password file; "
                    + found.reason() + ")");
        }
        passwordFile = file.file();
        return found.password();
    }
}
