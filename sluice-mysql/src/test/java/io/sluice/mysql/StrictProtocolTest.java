package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Column;
import io.sluice.ColumnType;
import io.sluice.ConfigurationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.SslMode;
import io.sluice.mysql.internal.codec.MysqlRow;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.PacketReader;
import io.sluice.mysql.internal.protocol.Payload;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The strict protocol state machine and the bounds: regressions of the "Trust under faults" issue (leftover bytes,
 * count mismatches, truncated OK packets, binary row headers, buffers sized by declared lengths, a server silent
 * after the login OK, malformed settings).
 */
class StrictProtocolTest {

    private static ConnectionConfig.Builder config(int port) {
        return ConnectionConfig.builder("mysql")
                .host("127.0.0.1")
                .port(port)
                .user("u")
                .sslMode(SslMode.DISABLE)
                .statementCacheSize(0);
    }

    /** A MySQL 8 login with an empty password and the session set-up, then {@code rest}. */
    private static FakeServer server(FakeServer.Script rest) throws Exception {
        return new FakeServer(s -> {
            s.sendHandshake("mysql_native_password", "abcdefghijklmnopqrst".getBytes());
            s.receive();
            s.send(2, FakeServer.Session.ok());
            s.receive(); // SET time_zone
            s.send(1, FakeServer.Session.ok());
            rest.run(s);
        });
    }

    private static byte[] columnDefinition(String name, int type) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (String s : new String[] {"def", "test", "t", "t", name, name}) {
            b.write(s.length());
            b.writeBytes(s.getBytes());
        }
        b.writeBytes(new byte[] {0x0c, 45, 0, 10, 0, 0, 0, (byte) type, 0, 0, 0, 0, 0});
        return b.toByteArray();
    }

    private static final byte[] END_OK = FakeServer.Session.bytes(0xfe, 0, 0, 2, 0, 0, 0);

    @Test
    void shouldRejectTextRowWithLeftoverBytesTrustUnderFaults() throws Exception {
        try (FakeServer server = server(s -> {
                    s.receive();
                    s.send(1, FakeServer.Session.bytes(1));
                    s.send(2, columnDefinition("c", 253));
                    s.send(3, FakeServer.Session.bytes(3, '2', '0', '2', '4')); // "202" and a byte too many
                    s.send(4, END_OK);
                    s.drainUntilClosed();
                });
                Connection c = new MysqlDriver().connect(config(server.port()).build())) {
            assertThatThrownBy(() -> c.query("SELECT c FROM t", r -> r.getString(0)))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("extra=1");
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldRejectColumnCountLowerThanDefinitionsSentTrustUnderFaults() throws Exception {
        try (FakeServer server = server(s -> {
                    s.receive();
                    s.send(1, FakeServer.Session.bytes(1)); // one column announced, two definitions follow
                    s.send(2, columnDefinition("a", 253));
                    s.send(3, columnDefinition("b", 253));
                    s.send(4, FakeServer.Session.bytes(1, 'x', 1, 'y'));
                    s.send(5, END_OK);
                    s.drainUntilClosed();
                });
                Connection c = new MysqlDriver().connect(config(server.port()).build())) {
            assertThatThrownBy(() -> c.query("SELECT a, b FROM t", r -> r.getString(0)))
                    .isInstanceOf(ProtocolException.class);
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldRefuseOneByteOkAsLoginTrustUnderFaults() throws Exception {
        try (FakeServer server = new FakeServer(s -> {
            s.sendHandshake("mysql_native_password", "abcdefghijklmnopqrst".getBytes());
            s.receive();
            s.send(2, FakeServer.Session.bytes(0));
            s.drainUntilClosed();
        })) {
            assertThatThrownBy(() ->
                            new MysqlDriver().connect(config(server.port()).build()))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("truncated");
        }
    }

    @Test
    void shouldRejectBinaryRowWithNonZeroHeaderTrustUnderFaults() {
        ColumnDefinition def =
                new ColumnDefinition(new Column("c", ColumnType.INTEGER, "INT", 3, false), 63, 11, 3, 0, 0);
        MysqlRow row = new MysqlRow(new ColumnDefinition[] {def}, List.of(def.column()), false);
        Payload p = new Payload().wrap(new byte[] {1, 0, 7, 0, 0, 0}, 0, 6);
        assertThatThrownBy(() -> row.bindBinary(p))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("header");
    }

    @Test
    void shouldRejectBinaryDateOfImpossibleLength() {
        ColumnDefinition def =
                new ColumnDefinition(new Column("d", ColumnType.DATE, "DATE", 10, false), 63, 10, 10, 0, 0);
        MysqlRow row = new MysqlRow(new ColumnDefinition[] {def}, List.of(def.column()), false);
        Payload p = new Payload().wrap(new byte[] {0, 0, 5, 1, 2, 3, 4, 5}, 0, 8);
        assertThatThrownBy(() -> row.bindBinary(p))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("length=5");
    }

    @Test
    void shouldGrowBufferWithArrivingBytesNotDeclaredLength() {
        // A header declaring 15 MiB followed by 100 bytes and the end of the stream.
        byte[] wire = new byte[104];
        wire[0] = (byte) 0xff;
        wire[1] = (byte) 0xff;
        wire[2] = (byte) 0xef;
        PacketReader r = new PacketReader(new ByteArrayInputStream(wire), 1 << 30);
        assertThatThrownBy(r::next).isInstanceOf(ConnectionException.class).hasMessageContaining("server closed");
        assertThat(r.capacity()).isEqualTo(64 * 1024);
    }

    @Test
    void shouldGrowBufferOnlyAsFarAsBytesArrived() {
        int declared = 10 << 20;
        InputStream slow = new InputStream() { // sends 300 KiB of the declared 10 MiB, then ends
                    int sent;

                    @Override
                    public int read() {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public int read(byte[] b, int off, int len) {
                        if (sent == 0) {
                            b[off] = (byte) declared;
                            b[off + 1] = (byte) (declared >>> 8);
                            b[off + 2] = (byte) (declared >>> 16);
                            b[off + 3] = 0;
                            sent = 4;
                            return 4;
                        }
                        if (sent >= 300 * 1024) {
                            return -1;
                        }
                        int n = Math.min(len, 4096);
                        sent += n;
                        return n;
                    }
                };
        PacketReader r = new PacketReader(slow, 1 << 30);
        assertThatThrownBy(r::next).isInstanceOf(ConnectionException.class);
        assertThat(r.capacity()).isLessThanOrEqualTo(2 * 300 * 1024 + 64 * 1024);
    }

    @Test
    @Timeout(20)
    void shouldBoundConnectWhenServerFallsSilentAfterLoginOkTrustUnderFaults() throws Exception {
        try (FakeServer server = new FakeServer(s -> {
            s.sendHandshake("mysql_native_password", "abcdefghijklmnopqrst".getBytes());
            s.receive();
            s.send(2, FakeServer.Session.ok());
            s.receive(); // SET time_zone, never answered
            s.drainUntilClosed();
        })) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> new MysqlDriver()
                            .connect(config(server.port())
                                    .connectTimeout(Duration.ofMillis(500))
                                    .build()))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("connect_timeout");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    @Timeout(20)
    void shouldCloseWhenServerSilentPastSocketTimeout() throws Exception {
        try (FakeServer server = server(s -> {
                    s.receive();
                    s.drainUntilClosed();
                });
                Connection c = new MysqlDriver()
                        .connect(config(server.port())
                                .socketTimeout(Duration.ofMillis(300))
                                .build())) {
            assertThatThrownBy(() -> c.execute("DO 1"))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("socket_timeout");
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldRejectBytesAfterTheEndOfTheResponse() throws Exception {
        try (FakeServer server = server(s -> {
                    s.receive();
                    byte[] ok = FakeServer.Session.ok();
                    ByteArrayOutputStream both = new ByteArrayOutputStream();
                    both.writeBytes(FakeServer.Session.header(ok.length, 1));
                    both.writeBytes(ok);
                    both.writeBytes(FakeServer.Session.header(ok.length, 1)); // the same OK again, unasked
                    both.writeBytes(ok);
                    s.sendRaw(both.toByteArray());
                    s.drainUntilClosed();
                });
                Connection c = new MysqlDriver().connect(config(server.port()).build())) {
            assertThatThrownBy(() -> c.execute("DO 1"))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("after the end");
            assertThat(c.isBroken()).isTrue();
        }
    }

    /** A one-column text result whose only row holds {@code size} bytes. */
    private static FakeServer serverSendingRowOf(int size) throws Exception {
        return server(s -> {
            s.receive();
            s.send(1, FakeServer.Session.bytes(1));
            s.send(2, columnDefinition("c", 252));
            byte[] row = new byte[4 + size];
            row[0] = (byte) 0xfd;
            row[1] = (byte) size;
            row[2] = (byte) (size >>> 8);
            row[3] = (byte) (size >>> 16);
            s.send(3, row);
            s.send(4, END_OK);
            s.drainUntilClosed();
        });
    }

    @Test
    void shouldRejectPayloadOverMaxMessageSize() throws Exception {
        try (FakeServer server = serverSendingRowOf(70_000);
                Connection c = new MysqlDriver()
                        .connect(config(server.port()).maxMessageSize(65_536).build())) {
            assertThatThrownBy(() -> c.query("SELECT c FROM t", r -> r.getString(0)))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("max_message_size");
            assertThat(c.isBroken()).isTrue();
        }
        try (FakeServer server = serverSendingRowOf(70_000);
                Connection c = new MysqlDriver()
                        .connect(config(server.port())
                                .maxMessageSize(65_536)
                                .property("max_packet_size", "100000")
                                .build())) {
            assertThatThrownBy(() -> c.query("SELECT c FROM t", r -> r.getString(0)))
                    .isInstanceOf(ProtocolException.class);
        }
        try (FakeServer server = serverSendingRowOf(3000);
                Connection c = new MysqlDriver()
                        .connect(config(server.port())
                                .property("max_packet_size", "2048")
                                .build())) {
            assertThatThrownBy(() -> c.query("SELECT c FROM t", r -> r.getString(0)))
                    .isInstanceOf(ProtocolException.class);
        }
        try (FakeServer server = serverSendingRowOf(70_000);
                Connection c = new MysqlDriver().connect(config(server.port()).build())) {
            assertThat(c.query("SELECT c FROM t", r -> r.getString(0).length())).containsExactly(70_000);
        }
    }

    @Test
    void shouldThrowConfigurationExceptionForBadDriverSettings() {
        for (String[] kv : new String[][] {
            {"zero_date", "maybe"},
            {"max_packet_size", "lots"},
            {"max_packet_size", "10"},
            {"auth_plugin", "dialog"},
            {"local_infile_files", "a,,b"},
            {"local_infile_files", "bad\0name"}
        }) {
            assertThatThrownBy(() -> new MysqlDriver()
                            .connect(config(1).property(kv[0], kv[1]).build()))
                    .as(kv[0] + "=" + kv[1])
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining(kv[0]);
        }
    }
}
