package io.sluice.mysql.fault;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Builds valid server byte streams for the fuzzer: packets with headers (split at 16 MiB), length-encoded values,
 * and the server messages of a MySQL 8-like session (CLIENT_DEPRECATE_EOF, no MariaDB extensions).
 */
final class WireBuilder {
    static final int MAX_PAYLOAD = 0xffffff;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private int sequence;

    WireBuilder(int firstSequence) {
        this.sequence = firstSequence;
    }

    /** Appends {@code payload} as one logical packet (continuation packets above 16 MiB). */
    WireBuilder packet(byte[] payload) {
        int off = 0;
        while (true) {
            int n = Math.min(MAX_PAYLOAD, payload.length - off);
            out.write(n);
            out.write(n >>> 8);
            out.write(n >>> 16);
            out.write(sequence++ & 0xff);
            out.write(payload, off, n);
            off += n;
            if (n < MAX_PAYLOAD) {
                return this;
            }
        }
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    // ---- payloads -----------------------------------------------------------------------------

    /** A payload under construction. */
    static final class Payload {
        private final ByteArrayOutputStream b = new ByteArrayOutputStream();

        Payload int1(int v) {
            b.write(v);
            return this;
        }

        Payload int2(int v) {
            b.write(v);
            b.write(v >>> 8);
            return this;
        }

        Payload int4(int v) {
            int2(v);
            return int2(v >>> 16);
        }

        Payload int8(long v) {
            int4((int) v);
            return int4((int) (v >>> 32));
        }

        Payload lenenc(long v) {
            if (v < 0xfb) {
                return int1((int) v);
            }
            if (v < 1 << 16) {
                return int1(0xfc).int2((int) v);
            }
            if (v < 1 << 24) {
                return int1(0xfd).int2((int) v).int1((int) (v >>> 16));
            }
            return int1(0xfe).int8(v);
        }

        Payload lenencBytes(byte[] v) {
            lenenc(v.length);
            b.writeBytes(v);
            return this;
        }

        Payload lenencString(String s) {
            return lenencBytes(s.getBytes(StandardCharsets.UTF_8));
        }

        Payload bytes(byte[] v) {
            b.writeBytes(v);
            return this;
        }

        Payload nul(String s) {
            b.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            return int1(0);
        }

        byte[] build() {
            return b.toByteArray();
        }
    }

    static Payload payload() {
        return new Payload();
    }

    /** A v10 handshake of a MySQL 8-like server with CLIENT_DEPRECATE_EOF, offering {@code plugin}. */
    static byte[] handshake(String plugin, byte[] nonce) {
        return handshake(plugin, nonce, true);
    }

    /** A v10 handshake offering {@code plugin}, with or without CLIENT_DEPRECATE_EOF (an older server's EOF packets). */
    static byte[] handshake(String plugin, byte[] nonce, boolean deprecateEof) {
        long caps = 0x1L
                | 0x4L
                | 0x8L
                | 0x200L
                | 0x2000L
                | 0x8000L
                | 0x10000L
                | 0x20000L
                | 0x40000L
                | 0x80000L
                | 0x100000L
                | 0x200000L
                | (deprecateEof ? 0x1000000L : 0);
        return payload()
                .int1(10)
                .nul("8.0.36-fuzz")
                .int4(7)
                .bytes(java.util.Arrays.copyOf(nonce, 8))
                .int1(0)
                .int2((int) caps)
                .int1(45)
                .int2(2)
                .int2((int) (caps >>> 16))
                .int1(21)
                .bytes(new byte[10])
                .bytes(java.util.Arrays.copyOfRange(nonce, 8, 20))
                .int1(0)
                .nul(plugin)
                .build();
    }

    static byte[] authSwitch(String plugin, byte[] nonce) {
        return payload().int1(0xfe).nul(plugin).bytes(nonce).int1(0).build();
    }

    static byte[] ok(long affected, int status) {
        return payload().int1(0).lenenc(affected).lenenc(0).int2(status).int2(0).build();
    }

    /** The OK (header 0xfe) that ends a result with CLIENT_DEPRECATE_EOF. */
    static byte[] endOfResult(int status) {
        return payload().int1(0xfe).lenenc(0).lenenc(0).int2(status).int2(0).build();
    }

    /** An old-style EOF packet (without CLIENT_DEPRECATE_EOF): header, warnings, status. */
    static byte[] eof(int status) {
        return payload().int1(0xfe).int2(0).int2(status).build();
    }

    static byte[] error(int code, String state, String message) {
        return payload()
                .int1(0xff)
                .int2(code)
                .int1('#')
                .bytes(state.getBytes(StandardCharsets.US_ASCII))
                .bytes(message.getBytes(StandardCharsets.UTF_8))
                .build();
    }

    static byte[] columnDefinition(String name, int type, int flags, int charset) {
        return payload()
                .lenencString("def")
                .lenencString("test")
                .lenencString("t")
                .lenencString("t")
                .lenencString(name)
                .lenencString(name)
                .lenenc(0x0c)
                .int2(charset)
                .int4(20)
                .int1(type)
                .int2(flags)
                .int1(type == 4 || type == 5 ? 31 : 0)
                .int2(0)
                .build();
    }

    static byte[] prepareOk(int id, int columns, int params) {
        return payload()
                .int1(0)
                .int4(id)
                .int2(columns)
                .int2(params)
                .int1(0)
                .int2(0)
                .build();
    }
}
