package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** COPY FROM STDIN and TO STDOUT against the real server, in every format, with failures on both sides. */
@Timeout(60)
class CopyTest {
    private Connection c;

    @BeforeEach
    void open() {
        c = PgTestConfig.connect();
        c.execute("CREATE TEMP TABLE copy_t (id int PRIMARY KEY, name text, price numeric(10,2), at timestamptz)");
    }

    @AfterEach
    void close() {
        c.close();
    }

    private static InputStream text(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String lines(int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i <= to; i++) {
            s.append(i)
                    .append('\t')
                    .append("name ")
                    .append(i)
                    .append('\t')
                    .append(i)
                    .append(".25\t")
                    .append("2024-01-01 00:00:00+00\n");
        }
        return s.toString();
    }

    private long count() {
        return c.query("SELECT count(*) FROM copy_t", r -> r.getLong(0)).get(0);
    }

    @Test
    void shouldCopyInTextInPiecesThatSplitLines() {
        String all = lines(1, 20_000); // about 900 KB: many CopyData messages
        int cut = all.length() / 3 + 7;
        InputStream in = new SequenceInputStream(text(all.substring(0, cut)), text(all.substring(cut)));

        assertThat(c.copyIn("COPY copy_t FROM STDIN", in)).isEqualTo(20_000);

        assertThat(count()).isEqualTo(20_000);
        assertThat(c.query(
                        "SELECT name, price FROM copy_t WHERE id = 12345",
                        r -> r.getString(0) + "/" + r.getBigDecimal(1)))
                .containsExactly("name 12345/12345.25");
    }

    @Test
    void shouldCopyInCsvWithQuotesAndUnicode() {
        String csv =
                "id,name,price,at\n1,\"Zoë, \"\"the\"\" ✓\",1.50,2024-02-29 12:00:00+00\n2,,0,1999-12-31 23:59:59+00\n";

        assertThat(c.copyIn("COPY copy_t FROM STDIN (FORMAT csv, HEADER true)", text(csv)))
                .isEqualTo(2);

        assertThat(c.query("SELECT id, name FROM copy_t ORDER BY id", r -> r.getInt(0) + ":" + r.getString(1)))
                .containsExactly("1:Zoë, \"the\" ✓", "2:null");
    }

    @Test
    void shouldCopyOutExactlyWhatTheServerSends() {
        c.copyIn("COPY copy_t FROM STDIN", text(lines(1, 3)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        assertThat(c.copyOut("COPY (SELECT id, name, price FROM copy_t ORDER BY id) TO STDOUT", out))
                .isEqualTo(3);

        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("1\tname 1\t1.25\n2\tname 2\t2.25\n3\tname 3\t3.25\n");
    }

    @Test
    void shouldRoundTripTheBinaryFormat() {
        c.copyIn("COPY copy_t FROM STDIN", text(lines(1, 500)));
        ByteArrayOutputStream binary = new ByteArrayOutputStream();
        assertThat(c.copyOut("COPY copy_t TO STDOUT (FORMAT binary)", binary)).isEqualTo(500);
        c.execute("CREATE TEMP TABLE copy_u (LIKE copy_t)");

        assertThat(c.copyIn("COPY copy_u FROM STDIN (FORMAT binary)", new ByteArrayInputStream(binary.toByteArray())))
                .isEqualTo(500);

        assertThat(c.query(
                        "SELECT count(*) FROM (SELECT * FROM copy_t EXCEPT SELECT * FROM copy_u) d", r -> r.getLong(0)))
                .containsExactly(0L);
    }

    @Test
    void shouldReportAServerErrorAfterTheInputAndStayUsable() {
        String bad = lines(1, 4_999) + "oops\tx\t1\t2024-01-01 00:00:00+00\n" + lines(5_001, 10_000);

        assertThatThrownBy(() -> c.copyIn("COPY copy_t FROM STDIN", text(bad)))
                .isInstanceOf(ServerException.class)
                .satisfies(e -> assertThat(((ServerException) e).sqlState()).isEqualTo("22P02"));

        assertThat(c.isBroken()).isFalse();
        assertThat(count()).isZero();
    }

    @Test
    void shouldAbortWhenTheInputStreamFailsAndStayUsable() {
        InputStream failing = new SequenceInputStream(text(lines(1, 100)), new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("disk gone");
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                throw new IOException("disk gone");
            }
        });

        assertThatThrownBy(() -> c.copyIn("COPY copy_t FROM STDIN", failing))
                .isInstanceOf(SluiceException.class)
                .hasMessageContaining("input stream failed")
                .hasRootCauseMessage("disk gone")
                .satisfies(e -> assertThat(e.getSuppressed()).hasSize(1).allSatisfy(s -> assertThat(
                                ((ServerException) s).sqlState())
                        .isEqualTo("57014")));

        assertThat(c.isBroken()).isFalse();
        assertThat(count()).isZero();
    }

    @Test
    void shouldCancelWhenTheOutputStreamFailsAndStayUsable() {
        OutputStream failing = new OutputStream() {
            private int written;

            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                written += len;
                if (written > 100_000) {
                    throw new IOException("client went away");
                }
            }
        };

        assertThatThrownBy(() -> c.copyOut(
                        "COPY (SELECT g, repeat('x', 100) FROM generate_series(1, 2000000) g) TO STDOUT", failing))
                .isInstanceOf(SluiceException.class)
                .hasMessageContaining("output stream failed")
                .hasRootCauseMessage("client went away");

        assertThat(c.isBroken()).isFalse();
        assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
    }

    @Test
    void shouldRejectStatementsThatAreNotTheRightCopy() {
        assertThatThrownBy(() -> c.copyIn("SELECT 1", text("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a COPY");
        assertThatThrownBy(() -> c.copyIn("COPY copy_t TO STDOUT", text("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("copyIn needs COPY ... FROM STDIN");
        assertThatThrownBy(() -> c.copyOut("COPY copy_t FROM STDIN", new ByteArrayOutputStream()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("copyOut needs COPY ... TO STDOUT");

        assertThat(c.isBroken()).isFalse();
        assertThat(c.query("SELECT 2", r -> r.getInt(0))).containsExactly(2);
    }

    @Test
    void shouldLetAnotherThreadsQueryWaitForTheCopy() throws Exception {
        AtomicReference<List<Integer>> other = new AtomicReference<>();
        // A slow input: the other thread's query is written while the copy still holds the connection.
        InputStream slow = new SequenceInputStream(text(lines(1, 10)), new InputStream() {
            private boolean slept;

            @Override
            public int read() {
                return -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (!slept) {
                    slept = true;
                    Thread t = Thread.ofVirtual().start(() -> other.set(c.query("SELECT 7", r -> r.getInt(0))));
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    assertThat(t.isAlive()).isTrue();
                }
                return -1;
            }
        });

        assertThat(c.copyIn("COPY copy_t FROM STDIN", slow)).isEqualTo(10);

        for (int i = 0; i < 100 && other.get() == null; i++) {
            Thread.sleep(50);
        }
        assertThat(other.get()).containsExactly(7);
    }

    @Test
    void shouldRollBackWithTheTransaction() {
        c.begin();
        c.copyIn("COPY copy_t FROM STDIN", text(lines(1, 50)));
        assertThat(count()).isEqualTo(50);
        c.rollback();

        assertThat(count()).isZero();
    }
}
