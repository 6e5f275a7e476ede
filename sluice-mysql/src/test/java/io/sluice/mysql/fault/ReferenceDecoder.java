package io.sluice.mysql.fault;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An independent, deliberately plain decoder of the server bytes of one response, written from the protocol
 * documentation (https://mariadb.com/kb/en/result-set-packets/) and not from the driver: it says what a (possibly
 * mutated) byte stream means, or that it is not a valid response at all. The fuzzer compares the driver with it:
 * a stream the driver accepts must mean exactly what this decoder reads from it.
 *
 * <p>Values come out in the fuzzer's comparable form (see {@link Observed}): text values as their text; binary
 * integers as getString spells them; FLOAT and DOUBLE as their raw bits; other binary types as "?" (not compared).
 */
final class ReferenceDecoder {
    /** The bytes are not a valid response in this state. */
    static final class Invalid extends Exception {
        Invalid(String why) {
            super(why, null, false, false);
        }
    }

    private ReferenceDecoder() {}

    /** Splits {@code bytes} into logical payloads, checking sequence ids from {@code firstSequence}; no bytes may remain. */
    static List<byte[]> payloads(byte[] bytes, int firstSequence) throws Invalid {
        List<byte[]> out = new ArrayList<>();
        int seq = firstSequence;
        int p = 0;
        while (p < bytes.length) {
            byte[] joined = new byte[0];
            while (true) {
                if (bytes.length - p < 4) {
                    throw new Invalid("truncated header");
                }
                int n = (bytes[p] & 0xff) | (bytes[p + 1] & 0xff) << 8 | (bytes[p + 2] & 0xff) << 16;
                if ((bytes[p + 3] & 0xff) != (seq & 0xff)) {
                    throw new Invalid("sequence");
                }
                seq++;
                if (bytes.length - p - 4 < n) {
                    throw new Invalid("truncated payload");
                }
                int old = joined.length;
                joined = Arrays.copyOf(joined, old + n);
                System.arraycopy(bytes, p + 4, joined, old, n);
                p += 4 + n;
                if (n < WireBuilder.MAX_PAYLOAD) {
                    break;
                }
            }
            out.add(joined);
        }
        return out;
    }

    /** A read cursor over one payload. */
    static final class Cursor {
        final byte[] b;
        int pos;

        Cursor(byte[] b) {
            this.b = b;
        }

        int remaining() {
            return b.length - pos;
        }

        void need(int n) throws Invalid {
            if (n < 0 || remaining() < n) {
                throw new Invalid("short payload");
            }
        }

        int int1() throws Invalid {
            need(1);
            return b[pos++] & 0xff;
        }

        int int2() throws Invalid {
            return int1() | int1() << 8;
        }

        long int4() throws Invalid {
            return (int2() | (long) int2() << 16) & 0xffffffffL;
        }

        long int8() throws Invalid {
            return int4() | int4() << 32;
        }

        /** A length-encoded integer; -1 for the NULL marker; 0xff is invalid. */
        long lenenc() throws Invalid {
            int f = int1();
            if (f < 0xfb) {
                return f;
            }
            return switch (f) {
                case 0xfb -> -1;
                case 0xfc -> int2();
                case 0xfd -> int2() | (long) int1() << 16;
                case 0xfe -> int8();
                default -> throw new Invalid("lenenc 0xff");
            };
        }

        byte[] take(long n) throws Invalid {
            if (n < 0 || n > remaining()) {
                throw new Invalid("length beyond payload");
            }
            byte[] v = Arrays.copyOfRange(b, pos, pos + (int) n);
            pos += (int) n;
            return v;
        }

        void end() throws Invalid {
            if (remaining() != 0) {
                throw new Invalid("leftover bytes");
            }
        }
    }

    /** An OK packet's affected rows; status MORE_RESULTS_EXISTS is refused (the scripts have one result). */
    static long ok(byte[] p) throws Invalid {
        return ok(p, false);
    }

    /** An OK packet's affected rows; {@code anyStatus}: the status flags do not matter (the login's OK). */
    static long ok(byte[] p, boolean anyStatus) throws Invalid {
        Cursor c = new Cursor(p);
        c.int1();
        long affected = c.lenenc();
        long insertId = c.lenenc();
        if (affected < 0 || insertId < 0) {
            throw new Invalid("NULL in OK");
        }
        int status = c.int2();
        c.int2();
        if ((status & 0x08) != 0 && !anyStatus) {
            throw new Invalid("more results announced");
        }
        return affected;
    }

    /** An ERR packet as "code/sqlstate/message". */
    static String error(byte[] p) throws Invalid {
        Cursor c = new Cursor(p);
        c.int1();
        int code = c.int2();
        String state = "HY000";
        if (c.remaining() >= 6 && p[c.pos] == '#') {
            c.int1();
            state = new String(c.take(5), StandardCharsets.US_ASCII);
        }
        return code + "/" + state + "/" + new String(c.take(c.remaining()), StandardCharsets.UTF_8);
    }

    /** One column definition: name, type, flags. */
    record Def(String name, int type, int flags) {}

    static Def definition(byte[] p) throws Invalid {
        Cursor c = new Cursor(p);
        String name = null;
        for (int i = 0; i < 6; i++) {
            long n = c.lenenc();
            if (n < 0) {
                throw new Invalid("NULL in definition");
            }
            byte[] s = c.take(n);
            if (i == 4) {
                name = new String(s, StandardCharsets.UTF_8);
            }
        }
        if (c.lenenc() != 0x0c) {
            throw new Invalid("fixed length");
        }
        c.int2();
        c.int4();
        int type = c.int1();
        int flags = c.int2();
        c.int1();
        c.int2();
        c.end();
        return new Def(name, type, flags);
    }

    /**
     * A COM_QUERY or COM_STMT_EXECUTE response (no metadata caching, CLIENT_DEPRECATE_EOF), starting at
     * sequence 1: an OK, an ERR, or one result set.
     */
    static Observed response(byte[] bytes, boolean binary) throws Invalid {
        return response(bytes, binary, true);
    }

    /**
     * The 5-byte EOF packet of a session without CLIENT_DEPRECATE_EOF. {@code last}: the EOF that ends the
     * rows, whose MORE_RESULTS flag is refused; the flags of the EOF after the definitions mean nothing to a
     * text result.
     */
    private static void eof(byte[] p, boolean last) throws Invalid {
        if (p.length != 5 || (p[0] & 0xff) != 0xfe) {
            throw new Invalid("not an EOF packet");
        }
        if (last && (p[3] & 0x08) != 0) {
            throw new Invalid("more results announced");
        }
    }

    /** {@link #response(byte[], boolean)} with or without CLIENT_DEPRECATE_EOF. */
    static Observed response(byte[] bytes, boolean binary, boolean deprecateEof) throws Invalid {
        List<byte[]> ps = payloads(bytes, 1);
        if (ps.isEmpty()) {
            throw new Invalid("no response");
        }
        byte[] first = ps.get(0);
        int h = first.length == 0 ? -1 : first[0] & 0xff;
        if (h == 0x00 || h == 0xff) {
            if (ps.size() != 1) {
                throw new Invalid("packets after OK/ERR");
            }
            return h == 0 ? Observed.affected(ok(first)) : Observed.error(error(first));
        }
        if (h == 0xfb || h < 0) {
            throw new Invalid("LOCAL INFILE / empty");
        }
        Cursor cc = new Cursor(first);
        long n = cc.lenenc();
        cc.end();
        if (n <= 0 || n > 4096) {
            throw new Invalid("column count");
        }
        if (ps.size() < 1 + n) {
            throw new Invalid("missing definitions");
        }
        List<Def> defs = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            defs.add(definition(ps.get(i)));
        }
        int firstRow = (int) n + 1;
        if (!deprecateEof) {
            if (ps.size() <= firstRow) {
                throw new Invalid("missing EOF after definitions");
            }
            eof(ps.get(firstRow++), false);
        }
        List<List<String>> rows = new ArrayList<>();
        for (int i = firstRow; i < ps.size(); i++) {
            byte[] p = ps.get(i);
            int rh = p.length == 0 ? -1 : p[0] & 0xff;
            if (rh == 0xfe && p.length < WireBuilder.MAX_PAYLOAD) {
                if (i != ps.size() - 1) {
                    throw new Invalid("packets after the end");
                }
                if (!deprecateEof) {
                    eof(p, true);
                } else if (p.length == 5) {
                    Cursor e = new Cursor(p);
                    e.int1();
                    e.int2();
                    if ((e.int2() & 0x08) != 0) {
                        throw new Invalid("more results announced");
                    }
                } else {
                    Cursor e = new Cursor(p);
                    e.int1();
                    if (e.lenenc() < 0 || e.lenenc() < 0) {
                        throw new Invalid("NULL in OK");
                    }
                    if ((e.int2() & 0x08) != 0) {
                        throw new Invalid("more results announced");
                    }
                    e.int2();
                    e.end(); // the OK that ends rows has no info text
                }
                return Observed.rows(defs.stream().map(Def::name).toList(), rows);
            }
            if (rh == 0xff) {
                if (i != ps.size() - 1) {
                    throw new Invalid("packets after ERR");
                }
                return Observed.error(error(p));
            }
            rows.add(binary ? binaryRow(p, defs) : textRow(p, defs.size()));
        }
        throw new Invalid("no end of result");
    }

    private static List<String> textRow(byte[] p, int n) throws Invalid {
        Cursor c = new Cursor(p);
        List<String> row = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long len = c.lenenc();
            row.add(len < 0 ? null : new String(c.take(len), StandardCharsets.UTF_8));
        }
        c.end();
        return row;
    }

    private static List<String> binaryRow(byte[] p, List<Def> defs) throws Invalid {
        Cursor c = new Cursor(p);
        if (c.int1() != 0) {
            throw new Invalid("binary row header");
        }
        byte[] bitmap = c.take((defs.size() + 9) / 8);
        List<String> row = new ArrayList<>();
        for (int i = 0; i < defs.size(); i++) {
            int bit = i + 2;
            if ((bitmap[bit / 8] & (1 << (bit % 8))) != 0) {
                row.add(null);
                continue;
            }
            Def d = defs.get(i);
            boolean unsigned = (d.flags() & 32) != 0;
            row.add(
                    switch (d.type()) {
                        case 1 -> { // TINY
                            int v = c.int1();
                            yield Long.toString(unsigned ? v : (byte) v);
                        }
                        case 2 -> { // SHORT
                            int v = c.int2();
                            yield Long.toString(unsigned ? v : (short) v);
                        }
                        case 13 -> { // YEAR
                            int v = c.int2();
                            yield v < 1000 ? String.format("%04d", v) : Integer.toString(v);
                        }
                        case 3, 9 -> { // LONG, INT24
                            long v = c.int4();
                            yield Long.toString(unsigned ? v : (int) v);
                        }
                        case 8 -> { // LONGLONG
                            long v = c.int8();
                            yield unsigned ? Long.toUnsignedString(v) : Long.toString(v);
                        }
                        case 4 -> "bits:" + Double.doubleToRawLongBits(Float.intBitsToFloat((int) c.int4()));
                        case 5 -> "bits:" + Double.doubleToRawLongBits(Double.longBitsToDouble(c.int8()));
                        case 10, 7, 12 -> { // DATE, TIMESTAMP, DATETIME
                            int len = c.int1();
                            if (len != 0 && len != 4 && len != 7 && len != 11) {
                                throw new Invalid("date length");
                            }
                            c.take(len);
                            yield "?";
                        }
                        case 11 -> { // TIME
                            int len = c.int1();
                            if (len != 0 && len != 8 && len != 12) {
                                throw new Invalid("time length");
                            }
                            c.take(len);
                            yield "?";
                        }
                        case 15, 246, 249, 250, 251, 252, 253, 254 -> {
                            long len = c.lenenc();
                            yield new String(c.take(len), StandardCharsets.UTF_8);
                        }
                        default -> {
                            c.take(c.lenenc());
                            yield "?";
                        }
                    });
        }
        c.end();
        return row;
    }
}
