package io.sluice.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

class FaultProxyTest {
    /** An echo server behind the proxy: what the client writes comes back unless the proxy interferes. */
    private static ServerSocket echoServer() throws IOException {
        ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    Thread.ofPlatform().daemon().start(() -> {
                        try (s;
                                InputStream in = s.getInputStream();
                                OutputStream out = s.getOutputStream()) {
                            in.transferTo(out);
                        } catch (IOException ignored) {
                            // peer went away
                        }
                    });
                } catch (IOException e) {
                    return;
                }
            }
        });
        return server;
    }

    @Test
    void shouldForwardStallResumeAndCutWhenAsked() throws Exception {
        try (ServerSocket echo = echoServer();
                FaultProxy proxy = FaultProxy.start("127.0.0.1", echo.getLocalPort());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
            client.setSoTimeout(300);
            OutputStream out = client.getOutputStream();
            InputStream in = client.getInputStream();
            out.write(1);
            assertThat(in.read()).isEqualTo(1);

            proxy.stall();
            out.write(2);
            assertThatThrownBy(in::read).isInstanceOf(SocketTimeoutException.class);
            proxy.resume();
            assertThat(in.read()).isEqualTo(2);

            proxy.stallServerAfter(1);
            out.write(new byte[] {3, 4});
            assertThat(in.read()).isEqualTo(3);
            assertThatThrownBy(in::read).isInstanceOf(SocketTimeoutException.class);
            proxy.resume();
            assertThat(in.read()).isEqualTo(4);

            proxy.cutAll();
            client.setSoTimeout(2_000);
            assertThatThrownBy(() -> {
                        out.write(5);
                        if (in.read() < 0) {
                            throw new IOException("closed");
                        }
                    })
                    .isInstanceOf(IOException.class);
        }
    }
}
