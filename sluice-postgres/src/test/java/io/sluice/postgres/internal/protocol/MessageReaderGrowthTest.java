package io.sluice.postgres.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ProtocolException;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The receive buffer grows with the bytes that arrive, never to the length a header declares. */
class MessageReaderGrowthTest {
    private static byte[] header(char type, int length) {
        return new byte[] {
            (byte) type, (byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length
        };
    }

    /** Hands out at most {@code chunk} bytes per read, as a slow network does. */
    private static InputStream trickle(byte[] data, int chunk) {
        return new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }

    /** Regression: a 5-byte header declaring 256 MiB, then silence, ran out of memory in ensure(). */
    @Test
    void shouldNotAllocateTheDeclaredLengthBeforeItsBytesArrive() {
        byte[] stream = Arrays.copyOf(header('D', 1 << 28), 5 + 1000);
        MessageReader r = new MessageReader(new ByteArrayInputStream(stream));
        assertThatThrownBy(r::next).isInstanceOf(EOFException.class);
        assertThat(r.buffer().length).isEqualTo(MessageReader.BUFFER_SIZE);
    }

    @Test
    void shouldGrowOnlyAsFarAsTheBytesReceivedWhenAStreamEndsMidMessage() {
        int received = 3 * MessageReader.BUFFER_SIZE;
        byte[] stream = Arrays.copyOf(header('D', 1 << 28), 5 + received);
        MessageReader r = new MessageReader(trickle(stream, 10_000));
        assertThatThrownBy(r::next).isInstanceOf(EOFException.class);
        assertThat(r.buffer().length).isLessThanOrEqualTo(2 * (5 + received));
    }

    @Test
    void shouldReadALargeMessageThatArrivesInPieces() throws IOException {
        int body = 5 * MessageReader.BUFFER_SIZE + 17;
        byte[] stream = Arrays.copyOf(header('D', body + 4), 5 + body + 6);
        for (int i = 0; i < body; i++) {
            stream[5 + i] = (byte) i;
        }
        System.arraycopy(new byte[] {'Z', 0, 0, 0, 5, 'I'}, 0, stream, 5 + body, 6);
        MessageReader r = new MessageReader(trickle(stream, 4093));
        assertThat(r.next()).isEqualTo((byte) 'D');
        assertThat(r.bodyLength()).isEqualTo(body);
        for (int i = 0; i < body; i += 997) {
            assertThat(r.buffer()[r.bodyOffset() + i]).isEqualTo((byte) i);
        }
        assertThat(r.next()).isEqualTo((byte) 'Z');
        r.trim();
        assertThat(r.buffer().length).isEqualTo(MessageReader.BUFFER_SIZE);
    }

    @Test
    void shouldRefuseAMessageAboveTheConfiguredMaximum() {
        MessageReader r = new MessageReader(new ByteArrayInputStream(header('D', 70_000)), 65_536);
        assertThatThrownBy(r::next).isInstanceOf(ProtocolException.class).hasMessageContaining("max_message_size");
    }
}
