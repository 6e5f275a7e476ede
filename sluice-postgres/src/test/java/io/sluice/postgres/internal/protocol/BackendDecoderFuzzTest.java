package io.sluice.postgres.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.ProtocolException;
import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.postgres.internal.codec.RowLayout;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.util.HexFormat;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random and mutated backend byte streams through the framing and every decoder: each message must
 * decode or be rejected with {@link ProtocolException} (or end of stream), never another exception.
 * Termination is by construction: every step consumes input or fails.
 */
class BackendDecoderFuzzTest {
    /** Well-formed messages of each kind, as a server sends them; the mutations start from these. */
    private static final String[] SEEDS = {
        "54" + "0000001a" + "0001" + "6100" + "00000000" + "0000" + "00000017" + "0004" + "ffffffff" + "0000",
        "44" + "0000000b" + "0001" + "00000001" + "31",
        "43" + "0000000d" + "53454c45435420310" + "0",
        "45" + "00000018" + "5345525200" + "433432363031" + "00" + "4d6d7300" + "00",
        "53" + "00000010" + "54696d655a6f6e6500" + "55544300",
        "4b" + "0000000c" + "00000001" + "00000002",
        "5a" + "00000005" + "49",
        "74" + "0000000a" + "0001" + "00000017",
        "52" + "00000008" + "00000000",
        "31" + "00000004",
    };

    private static final RowLayout ONE_INT =
            new RowLayout(new String[] {"a"}, new int[] {23}, new int[] {-1}, new short[] {0});

    @Property(tries = 3000)
    void shouldDecodeOrRejectCleanlyWhenBytesAreRandom(@ForAll("streams") byte[] stream) {
        drain(stream);
    }

    @Provide
    Arbitrary<byte[]> streams() {
        Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(64);
        Arbitrary<byte[]> mutated = Combinators.combine(
                        Arbitraries.of(SEEDS),
                        Arbitraries.integers().between(0, 200),
                        Arbitraries.bytes(),
                        Arbitraries.integers().between(0, 3))
                .as((seed, at, value, op) -> {
                    byte[] b = HexFormat.of().parseHex(seed.length() % 2 == 0 ? seed : seed + "0");
                    int i = at % b.length;
                    return switch (op) {
                        case 0 -> {
                            b[i] = value;
                            yield b;
                        }
                        case 1 -> java.util.Arrays.copyOf(b, i); // truncated
                        case 2 -> {
                            b[i] ^= (byte) (1 << (value & 7));
                            yield b;
                        } // one bit flipped
                        default -> {
                            b[Math.min(b.length - 1, 1 + (i % 4))] = value;
                            yield b;
                        } // length byte
                    };
                });
        return Arbitraries.oneOf(random, mutated);
    }

    private static void drain(byte[] stream) {
        MessageReader reader = new MessageReader(new ByteArrayInputStream(stream), 1 << 20);
        try {
            for (int n = 0; n < 1000; n++) {
                byte type = reader.next();
                decode(type, reader.buffer(), reader.bodyOffset(), reader.bodyLength());
            }
        } catch (ProtocolException | EOFException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        } catch (Exception other) {
            throw new AssertionError(
                    "decoder threw " + other + " for " + HexFormat.of().formatHex(stream), other);
        }
    }

    /** Decodes one message as the connection would. */
    static void decode(byte type, byte[] b, int off, int len) {
        switch (type) {
            case BackendMessage.ROW_DESCRIPTION -> BackendDecoder.rowDescription(b, off, len);
            case BackendMessage.DATA_ROW -> new PgRow(ONE_INT).reset(b, off, len);
            case BackendMessage.COMMAND_COMPLETE -> BackendDecoder.commandCompleteRows(b, off, len);
            case BackendMessage.ERROR_RESPONSE, BackendMessage.NOTICE_RESPONSE ->
                BackendDecoder.serverMessage(type, b, off, len);
            case BackendMessage.PARAMETER_STATUS -> BackendDecoder.parameterStatus(b, off, len);
            case BackendMessage.BACKEND_KEY_DATA -> BackendDecoder.backendKeyData(b, off, len);
            case BackendMessage.READY_FOR_QUERY -> BackendDecoder.readyForQuery(b, off, len);
            case BackendMessage.PARAMETER_DESCRIPTION -> BackendDecoder.parameterDescription(b, off, len);
            case BackendMessage.AUTHENTICATION -> {
                if (BackendDecoder.authenticationCode(b, off, len) == BackendMessage.AUTHENTICATION_SASL) {
                    BackendDecoder.saslMechanisms(b, off, len);
                }
            }
            case BackendMessage.NOTIFICATION_RESPONSE -> BackendDecoder.notification(b, off, len);
            case BackendMessage.PARSE_COMPLETE,
                    BackendMessage.BIND_COMPLETE,
                    BackendMessage.NO_DATA,
                    BackendMessage.CLOSE_COMPLETE,
                    BackendMessage.PORTAL_SUSPENDED,
                    BackendMessage.EMPTY_QUERY_RESPONSE -> BackendDecoder.empty(type, len);
            default -> throw new ProtocolException("unknown message type: type=" + BackendMessage.describe(type));
        }
    }
}
