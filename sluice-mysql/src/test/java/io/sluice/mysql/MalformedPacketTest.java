package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Column;
import io.sluice.ColumnType;
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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Malformed input: bytes fed straight to the decoders, and an in-test server that misbehaves mid-session. */
class MalformedPacketTest {

    private static PacketReader reader(int max, byte[]... packets) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : packets) {
            out.writeBytes(p);
        }
        return new PacketReader(new ByteArrayInputStream(out.toByteArray()), max);
    }

    private static byte[] packet(int seq, int... payload) {
        byte[] b = new byte[4 + payload.length];
        System.arraycopy(FakeServer.Session.header(payload.length, seq), 0, b, 0, 4);
        for (int i = 0; i < payload.length; i++) {
            b[4 + i] = (byte) payload[i];
        }
        return b;
    }

    @Test
    void shouldReadPacketsAndCheckSequence() {
        PacketReader r = reader(1024, packet(0, 1, 2, 3), packet(1, 4));
        assertThat(r.next().length()).isEqualTo(3);
        assertThat(r.next().readInt1()).isEqualTo(4);
    }

    @Test
    void shouldThrowProtocolExceptionWhenSequenceIdMismatches() {
        PacketReader r = reader(1024, packet(0, 1), packet(5, 2));
        r.next();
        assertThatThrownBy(r::next).isInstanceOf(ProtocolException.class).hasMessageContaining("expected=1, actual=5");
    }

    @Test
    void shouldThrowConnectionExceptionWhenPacketIsTruncated() {
        byte[] truncated = {10, 0, 0, 0, 1, 2, 3};
        assertThatThrownBy(() -> reader(1024, truncated).next())
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("server closed the connection");
    }

    @Test
    void shouldThrowProtocolExceptionWhenPacketExceedsLimit() {
        byte[] huge = {(byte) 0xff, (byte) 0xff, 0x7f, 0};
        assertThatThrownBy(() -> reader(1 << 20, huge).next())
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("packet too large")
                .hasMessageContaining("max_message_size");
    }

    @Test
    void shouldThrowProtocolExceptionWhenFieldLengthExceedsPacket() {
        Payload p = new Payload().wrap(new byte[] {(byte) 0xfc, (byte) 0xff, 0x7f, 'a'}, 0, 4);
        ColumnDefinition def = textColumn();
        MysqlRow row = new MysqlRow(new ColumnDefinition[] {def}, List.of(def.column()), false);
        assertThatThrownBy(() -> row.bindText(p))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("exceeds its packet");
        Payload bad = new Payload().wrap(new byte[] {(byte) 0xff}, 0, 1);
        assertThatThrownBy(bad::readLengthEncoded).isInstanceOf(ProtocolException.class);
    }

    @Test
    void shouldThrowProtocolExceptionWhenBinaryRowHasExtraBytes() {
        ColumnDefinition def = textColumn();
        MysqlRow row = new MysqlRow(new ColumnDefinition[] {def}, List.of(def.column()), false);
        Payload p = new Payload().wrap(new byte[] {0, 0, 1, 'a', 'z'}, 0, 5);
        assertThatThrownBy(() -> row.bindBinary(p)).isInstanceOf(ProtocolException.class);
    }

    private static ColumnDefinition textColumn() {
        return new ColumnDefinition(new Column("c", ColumnType.TEXT, "VARCHAR", 253, false), 45, 10, 253, 0, 0);
    }

    private static ConnectionConfig config(int port) {
        return ConnectionConfig.builder("mysql")
                .host("127.0.0.1")
                .port(port)
                .user("u")
                .sslMode(SslMode.DISABLE)
                .build();
    }

    /** Plays a MySQL 8 login with an empty password and the session set-up, then hands over to {@code rest}. */
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

    @Test
    void shouldBreakConnectionWhenServerSendsWrongSequenceId() throws Exception {
        try (FakeServer server = server(s -> {
                    s.receive();
                    s.send(7, FakeServer.Session.ok());
                    s.drainUntilClosed();
                });
                Connection c = new MysqlDriver().connect(config(server.port()))) {
            assertThatThrownBy(() -> c.executeScript("DO 1"))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("sequence");
            assertThat(c.isBroken()).isTrue();
            server.done.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void shouldBreakConnectionWhenServerDiesMidResult() throws Exception {
        try (FakeServer server = server(s -> {
                    s.receive();
                    s.send(1, FakeServer.Session.bytes(1)); // one column
                    s.send(2, columnDefinition());
                    s.send(3, FakeServer.Session.bytes(1, 'a')); // one row, then the server vanishes
                    s.socket.close();
                });
                Connection c = new MysqlDriver()
                        .connect(config(server.port()).toBuilder()
                                .statementCacheSize(0)
                                .build())) {
            assertThatThrownBy(() -> c.query("SELECT c FROM t", r -> r.getString(0)))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("closed");
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldRejectHandshakeOfUnknownProtocolVersion() throws Exception {
        try (FakeServer server = new FakeServer(s -> {
            s.send(0, FakeServer.Session.bytes(9, 'x', 0));
            s.drainUntilClosed();
        })) {
            assertThatThrownBy(() -> new MysqlDriver().connect(config(server.port())))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("protocol_version=9");
        }
    }

    private static byte[] columnDefinition() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (String s : new String[] {"def", "test", "t", "t", "c", "c"}) {
            b.write(s.length());
            b.writeBytes(s.getBytes());
        }
        b.writeBytes(new byte[] {0x0c, 45, 0, 10, 0, 0, 0, (byte) 253, 0, 0, 0, 0, 0});
        return b.toByteArray();
    }

    @Test
    void shouldCloseConnectionWhenServerStopsAnsweringAndTimeoutExpires() throws Exception {
        try (FakeServer server = server(s -> {
                    s.receive(); // the query, never answered; the cancel connection is never served either
                    s.drainUntilClosed();
                });
                Connection c = new MysqlDriver()
                        .connect(config(server.port()).toBuilder()
                                .queryTimeout(java.time.Duration.ofMillis(200))
                                .cancelGrace(java.time.Duration.ofMillis(300))
                                .connectTimeout(java.time.Duration.ofSeconds(1))
                                .build())) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> c.executeScript("DO 1"))
                    .isInstanceOf(io.sluice.QueryTimeoutException.class)
                    .hasMessageContaining("query_timeout")
                    .hasMessageContaining("cancel_grace");
            assertThat(java.time.Duration.ofNanos(System.nanoTime() - start))
                    .isLessThan(java.time.Duration.ofSeconds(5));
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldSplitAndJoinPayloadsLargerThanSixteenMebibytes() {
        byte[] big = new byte[0xffffff + 1000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31);
        }
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        io.sluice.mysql.internal.protocol.PacketWriter w = new io.sluice.mysql.internal.protocol.PacketWriter(wire);
        w.begin(0).bytes(big).end();
        w.begin(w.nextSequence()).int1(7).end();
        w.flush();
        assertThat(wire.size()).isEqualTo(big.length + 2 * 4 + 4 + 1);
        PacketReader r = new PacketReader(new ByteArrayInputStream(wire.toByteArray()), 64 << 20);
        Payload p = r.next();
        assertThat(p.length()).isEqualTo(big.length);
        assertThat(java.util.Arrays.equals(p.buffer(), p.start(), p.end(), big, 0, big.length))
                .isTrue();
        assertThat(r.next().readInt1()).isEqualTo(7);
    }
}
