package io.sluice.mysql.fault;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Valid sessions for the fuzzer, drawn from a seeded {@link Random}: a login with an auth switch, the session
 * set-up, and one command whose response is a text result, a prepared statement's binary result, an OK or an ERR.
 * Turn 0 is the handshake; each later turn answers one client packet.
 */
final class Scenarios {
    static final String SQL_TEXT = "SELECT id, name, amount, small, big, d FROM t";
    static final String SQL_BINARY = "SELECT id, name, amount, small, big, d FROM t WHERE id > ?";
    static final String SQL_EXECUTE = "UPDATE t SET name = 'x'";
    private static final byte[] NONCE = "abcdefghijklmnopqrst".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SWITCH_NONCE = "ABCDEFGHIJKLMNOPQRST".getBytes(StandardCharsets.US_ASCII);

    /** Column name, type, flags (32: UNSIGNED), charset (63: binary, 45: utf8mb4). */
    private static final Object[][] COLUMNS = {
        {"id", 3, 0, 63},
        {"name", 253, 0, 45},
        {"amount", 5, 0, 63},
        {"small", 1, 32, 63},
        {"big", 8, 0, 63},
        {"d", 10, 0, 63}
    };

    private static final String[] WORDS = {"", "a", "Zürich", "日本", "x'y", "0", "NULL", "\u00fb"};

    private Scenarios() {}

    /** The turns up to and including the session set-up: handshake, auth switch, login OK, set-up OK. */
    static List<byte[]> login() {
        return login(true);
    }

    /** {@link #login()} from a server with or without CLIENT_DEPRECATE_EOF. */
    static List<byte[]> login(boolean deprecateEof) {
        List<byte[]> turns = new ArrayList<>();
        turns.add(new WireBuilder(0)
                .packet(WireBuilder.handshake("mysql_native_password", NONCE, deprecateEof))
                .bytes());
        turns.add(new WireBuilder(2)
                .packet(WireBuilder.authSwitch("mysql_native_password", SWITCH_NONCE))
                .bytes());
        turns.add(new WireBuilder(4).packet(WireBuilder.ok(0, 2)).bytes());
        turns.add(new WireBuilder(1).packet(WireBuilder.ok(0, 2)).bytes());
        return turns;
    }

    /**
     * A caching_sha2_password login on its fast path: handshake, then AuthMoreData fast_auth_success (0x01 0x03)
     * and the OK in one turn, then the set-up OK.
     */
    static List<byte[]> loginCachingSha2() {
        List<byte[]> turns = new ArrayList<>();
        turns.add(new WireBuilder(0)
                .packet(WireBuilder.handshake("caching_sha2_password", NONCE))
                .bytes());
        turns.add(new WireBuilder(2)
                .packet(new byte[] {1, 3})
                .packet(WireBuilder.ok(0, 2))
                .bytes());
        turns.add(new WireBuilder(1).packet(WireBuilder.ok(0, 2)).bytes());
        return turns;
    }

    private static WireBuilder definitions(WireBuilder w) {
        w.packet(WireBuilder.payload().lenenc(COLUMNS.length).build());
        for (Object[] c : COLUMNS) {
            w.packet(WireBuilder.columnDefinition((String) c[0], (int) c[1], (int) c[2], (int) c[3]));
        }
        return w;
    }

    /** A text result of 0 to 4 random rows (values include NULL), ending with OK (0xfe). */
    static byte[] textResult(Random r) {
        return textResult(r, true);
    }

    /** A text result as an older server sends it: EOF packets after the definitions and after the rows. */
    static byte[] textResultWithEof(Random r) {
        return textResult(r, false);
    }

    private static byte[] textResult(Random r, boolean deprecateEof) {
        WireBuilder w = definitions(new WireBuilder(1));
        if (!deprecateEof) {
            w.packet(WireBuilder.eof(2));
        }
        int rows = r.nextInt(5);
        for (int i = 0; i < rows; i++) {
            WireBuilder.Payload p = WireBuilder.payload();
            String[] values = {
                Integer.toString(r.nextInt()),
                WORDS[r.nextInt(WORDS.length)],
                Double.toString(r.nextGaussian() * 1e6),
                Integer.toString(r.nextInt(256)),
                Long.toString(r.nextLong()),
                "2024-0" + (1 + r.nextInt(9)) + "-1" + r.nextInt(10)
            };
            for (String v : values) {
                if (r.nextInt(8) == 0) {
                    p.int1(0xfb);
                } else {
                    p.lenencString(v);
                }
            }
            w.packet(p.build());
        }
        return w.packet(deprecateEof ? WireBuilder.endOfResult(2) : WireBuilder.eof(2))
                .bytes();
    }

    /** A binary result (as COM_STMT_EXECUTE returns it) of 0 to 4 random rows. */
    static byte[] binaryResult(Random r) {
        WireBuilder w = definitions(new WireBuilder(1));
        int rows = r.nextInt(5);
        for (int i = 0; i < rows; i++) {
            int nulls = r.nextInt(4) == 0 ? r.nextInt(1 << COLUMNS.length) : 0;
            // NULL bitmap: (6 + 9) / 8 = 1 byte, bit i + 2 for column i
            WireBuilder.Payload p = WireBuilder.payload().int1(0).int1((nulls << 2) & 0xff);
            for (int c = 0; c < COLUMNS.length; c++) {
                if ((nulls & (1 << c)) != 0) {
                    continue;
                }
                switch (c) {
                    case 0 -> p.int4(r.nextInt());
                    case 1 -> p.lenencString(WORDS[r.nextInt(WORDS.length)]);
                    case 2 -> p.int8(Double.doubleToRawLongBits(r.nextGaussian() * 1e6));
                    case 3 -> p.int1(r.nextInt(256));
                    case 4 -> p.int8(r.nextLong());
                    default -> p.int1(4).int2(2024).int1(1 + r.nextInt(12)).int1(1 + r.nextInt(28));
                }
            }
            w.packet(p.build());
        }
        return w.packet(WireBuilder.endOfResult(2)).bytes();
    }

    /** COM_STMT_PREPARE_OK for {@link #SQL_BINARY}: one parameter, six columns, with their definitions. */
    static byte[] prepareResponse(Random r) {
        WireBuilder w = new WireBuilder(1).packet(WireBuilder.prepareOk(1 + r.nextInt(1000), COLUMNS.length, 1));
        w.packet(WireBuilder.columnDefinition("?", 8, 0, 63));
        for (Object[] c : COLUMNS) {
            w.packet(WireBuilder.columnDefinition((String) c[0], (int) c[1], (int) c[2], (int) c[3]));
        }
        return w.bytes();
    }

    static byte[] okResponse(Random r) {
        return new WireBuilder(1).packet(WireBuilder.ok(r.nextInt(100_000), 2)).bytes();
    }

    static byte[] errorResponse(Random r) {
        return new WireBuilder(1)
                .packet(WireBuilder.error(
                        1146 + r.nextInt(10), "42S02", "Table 'test.t" + r.nextInt(100) + "' doesn't exist"))
                .bytes();
    }

    /** A text result of one row holding one value longer than 16 MiB: a payload split over two packets. */
    static byte[] multiPacketResult(Random r) {
        WireBuilder w = new WireBuilder(1)
                .packet(WireBuilder.payload().lenenc(1).build())
                .packet(WireBuilder.columnDefinition("big", 251, 0, 45));
        byte[] value = new byte[WireBuilder.MAX_PAYLOAD + r.nextInt(1000)];
        java.util.Arrays.fill(value, (byte) ('a' + r.nextInt(26)));
        return w.packet(WireBuilder.payload().lenencBytes(value).build())
                .packet(WireBuilder.endOfResult(2))
                .bytes();
    }
}
