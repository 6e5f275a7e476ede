package io.sluice.postgres.fault;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reference decoder, written apart from the driver, that says what a (possibly damaged) server byte
 * stream means for each call of a fault case: the rows, the server error, or that the stream is invalid there.
 * It applies the protocol's rules as documented (message formats, which message may follow which in the
 * extended and simple Query protocols and in COPY, counts against RowDescription, the CommandComplete tag and the
 * request's messages). A client that accepts a stream must return exactly what this decoder returns.
 */
final class Reference {
    /** What one call should produce. */
    sealed interface Expect {}

    /**
     * A valid response and its result. {@code typesChanged}: a column's type or format differs from the
     * script's text columns, so the values decode by rules this decoder does not repeat; only the shape
     * (rows, nulls) is then predicted.
     */
    record Value(Object value, boolean typesChanged) implements Expect {
        Value(Object value) {
            this(value, false);
        }
    }

    record ServerError(String sqlState, String message) implements Expect {}

    /** copyOut on a statement that is no COPY TO STDOUT: the documented IllegalArgumentException. */
    record Misuse() implements Expect {}

    record Invalid(String why) implements Expect {}

    /** Start-up facts the connection reports. */
    record Startup(int processId, Map<String, String> parameters, boolean needsFloatDigits) {}

    /** copyOut's outcome: the bytes written and the count returned. */
    record Copied(String data, long count) {}

    private static final class Bad extends RuntimeException {
        Bad(String why) {
            super(why, null, false, false);
        }
    }

    private record Msg(char type, byte[] b, int off, int len) {
        int end() {
            return off + len;
        }
    }

    private final byte[] s;
    private int pos;
    private boolean typesChanged; // set by rowDescription for the response being decoded

    Reference(byte[] stream) {
        this.s = stream;
    }

    private Msg next() {
        if (s.length - pos < 5) {
            throw new Bad("stream ends inside a header");
        }
        int length = getInt(s, pos + 1);
        if (length < 4 || length > s.length - pos - 1) {
            throw new Bad("length out of bounds or truncated: " + length);
        }
        Msg m = new Msg((char) (s[pos] & 0xff), s, pos + 5, length - 4);
        pos += 1 + length;
        return m;
    }

    /** The next message that is not asynchronous (notices, parameter status, notifications are checked and skipped). */
    private Msg nextSync() {
        while (true) {
            Msg m = next();
            switch (m.type) {
                case 'N' -> serverMessage(m);
                case 'S' -> parameterStatus(m);
                case 'A' -> {
                    Cursor c = new Cursor(m);
                    c.int32();
                    c.cstring();
                    c.cstring();
                    c.end();
                }
                default -> {
                    return m;
                }
            }
        }
    }

    Expect startup() {
        try {
            return doStartup();
        } catch (Bad e) {
            return new Invalid(e.getMessage());
        }
    }

    private Expect doStartup() {
        boolean asked = false;
        while (true) {
            Msg m = next();
            if (m.type == 'E') {
                serverMessage(m);
                return new Invalid("server refused the start-up");
            }
            if (m.type == 'N' || m.type == 'v') {
                continue;
            }
            if (m.type != 'R') {
                throw new Bad("not an authentication message");
            }
            Cursor c = new Cursor(m);
            int code = c.int32();
            if (code == 0) {
                c.end();
                break;
            }
            if (asked) {
                throw new Bad("second authentication request");
            }
            asked = true;
            switch (code) {
                case 3 -> c.end();
                case 5 -> {
                    c.need(4);
                    c.pos += 4;
                    c.end();
                }
                default -> throw new Bad("authentication the script never uses: " + code);
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        int pid = 0;
        boolean key = false;
        while (true) {
            Msg m = next();
            switch (m.type) {
                case 'S' -> {
                    String[] nv = parameterStatus(m);
                    params.put(nv[0], nv[1]);
                }
                case 'K' -> {
                    if (key) {
                        throw new Bad("second BackendKeyData");
                    }
                    key = true;
                    Cursor c = new Cursor(m);
                    pid = c.int32();
                    c.int32();
                    c.end();
                }
                case 'N' -> serverMessage(m);
                case 'E' -> {
                    serverMessage(m);
                    return new Invalid("server refused the start-up");
                }
                case 'Z' -> {
                    ready(m);
                    return new Value(
                            new Startup(pid, params, majorVersion(params.getOrDefault("server_version", "")) < 12));
                }
                default -> throw new Bad("unexpected message during start-up: " + m.type);
            }
        }
    }

    private static int majorVersion(String v) {
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        return end == 0 || end > 9 ? Integer.MAX_VALUE : Integer.parseInt(v.substring(0, end));
    }

    /** One unnamed extended query: Parse, Bind, Describe portal, Execute (no row limit), Sync. */
    Expect extendedQuery() {
        return extended(0);
    }

    /** A stream: as {@link #extendedQuery} with Execute(fetch) + Flush, re-executed after each PortalSuspended. */
    Expect stream(int fetch) {
        return extended(fetch);
    }

    private Expect extended(int fetch) {
        typesChanged = false;
        try {
            int parses = 0;
            int binds = 0;
            int describes = 0;
            int results = 0;
            boolean ended = false; // the portal ran to its end
            int columns = -1;
            long rowsInResult = 0;
            String[] error = null;
            List<List<String>> rows = new ArrayList<>();
            while (true) {
                Msg m = nextSync();
                // After a stream's result only its Sync's answer may come: ReadyForQuery, or an error of the
                // implicit transaction's commit before it.
                if ((error != null || ended && fetch > 0 && m.type != 'E') && m.type != 'Z') {
                    throw new Bad("only ReadyForQuery may follow: " + m.type);
                }
                switch (m.type) {
                    case '1' -> {
                        empty(m);
                        if (++parses > 1) {
                            throw new Bad("second ParseComplete");
                        }
                    }
                    case '2' -> {
                        empty(m);
                        if (parses != 1 || ++binds > 1) {
                            throw new Bad("BindComplete out of order");
                        }
                    }
                    case 'T', 'n' -> {
                        if (++describes > 1 || rowsInResult != 0) {
                            throw new Bad("second Describe answer");
                        }
                        if (m.type == 'n') {
                            empty(m);
                        } else {
                            columns = rowDescription(m);
                        }
                    }
                    case 'D' -> {
                        if (binds == 0 || ended || columns < 0) {
                            throw new Bad("DataRow outside a described, executing portal");
                        }
                        if (fetch > 0 && ++rowsInResult > fetch || fetch == 0 && ++rowsInResult < 0) {
                            throw new Bad("more rows than the Execute's limit");
                        }
                        rows.add(dataRow(m, columns));
                    }
                    case 'C', 'I', 's' -> {
                        if (binds == 0 || ended) {
                            throw new Bad("result without an executing portal");
                        }
                        if (m.type == 'C') {
                            long count = tagCount(m);
                            if (count >= 0 && count != rowsInResult && (rowsInResult != 0 || columns >= 0)) {
                                throw new Bad("tag count differs from the rows");
                            }
                        } else {
                            empty(m);
                        }
                        if (m.type == 's') {
                            if (fetch == 0 && ++results > 1) {
                                throw new Bad("second result");
                            }
                        } else {
                            if (fetch == 0 && ++results > 1) {
                                throw new Bad("second result");
                            }
                            ended = true;
                        }
                        rowsInResult = 0;
                    }
                    case 'E' -> error = serverMessage(m);
                    case 'Z' -> {
                        ready(m);
                        if (error != null) {
                            return new ServerError(error[0], error[1]);
                        }
                        if (parses != 1 || binds != 1 || describes != 1 || (fetch > 0 ? !ended : results != 1)) {
                            throw new Bad("ReadyForQuery before the response was complete");
                        }
                        return new Value(rows, typesChanged);
                    }
                    default -> throw new Bad("unexpected message: " + m.type);
                }
            }
        } catch (Bad e) {
            return new Invalid(e.getMessage());
        }
    }

    /** A simple Query (no rows kept): one or more results, each with its own RowDescription. */
    Expect simple() {
        return simpleOrCopy(false);
    }

    /** A simple Query of COPY ... TO STDOUT through copyOut. */
    Expect copyOut() {
        return simpleOrCopy(true);
    }

    private Expect simpleOrCopy(boolean copy) {
        try {
            int state = 0; // 0 before COPY, 1 in COPY OUT, 2 after CopyDone
            boolean copied = false;
            boolean misuse = false;
            int results = 0;
            int columns = -1;
            long rowsInResult = 0;
            long count = 0;
            String[] error = null;
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            while (true) {
                Msg m = nextSync();
                if (m.type == 'H' || m.type == 'G') {
                    if (!copy || state != 0 || error != null) {
                        throw new Bad("COPY response out of place");
                    }
                    copyResponse(m);
                    copied = true;
                    if (m.type == 'G') {
                        misuse = true; // the driver answers with CopyFail; what follows is unpredictable
                        return new Misuse();
                    }
                    state = 1;
                    continue;
                }
                if (m.type == 'd' || m.type == 'c') {
                    if (state != 1 || error != null) {
                        throw new Bad("COPY data out of place");
                    }
                    if (m.type == 'd') {
                        data.write(m.b, m.off, m.len);
                    } else {
                        empty(m);
                        state = 2;
                    }
                    continue;
                }
                if (state == 1) {
                    if (m.type != 'E') {
                        throw new Bad("COPY not ended");
                    }
                    state = 2; // the COPY failed; ReadyForQuery follows
                }
                if (error != null && m.type != 'Z') {
                    throw new Bad("only ReadyForQuery may follow an error");
                }
                switch (m.type) {
                    case 'T' -> {
                        if (rowsInResult != 0) {
                            throw new Bad("RowDescription inside a result");
                        }
                        columns = rowDescription(m);
                    }
                    case 'D' -> {
                        if (columns < 0) {
                            throw new Bad("DataRow without RowDescription");
                        }
                        rowsInResult++;
                        dataRow(m, columns);
                    }
                    case 'C', 'I' -> {
                        if (m.type == 'C') {
                            long c = tagCount(m);
                            if (c >= 0 && c != rowsInResult && (rowsInResult != 0 || columns >= 0)) {
                                throw new Bad("tag count differs from the rows");
                            }
                            count = Math.max(0, c);
                        } else {
                            empty(m);
                        }
                        results++;
                        rowsInResult = 0;
                        columns = -1;
                    }
                    case 'E' -> error = serverMessage(m);
                    case 'Z' -> {
                        ready(m);
                        if (error == null && results == 0) {
                            throw new Bad("ReadyForQuery without a result");
                        }
                        if (copy && error == null && !copied && !misuse) {
                            return new Misuse();
                        }
                        if (error != null) {
                            return new ServerError(error[0], error[1]);
                        }
                        return new Value(copy ? new Copied(data.toString(StandardCharsets.UTF_8), count) : null);
                    }
                    default -> throw new Bad("unexpected message: " + m.type);
                }
            }
        } catch (Bad e) {
            return new Invalid(e.getMessage());
        }
    }

    // ---- bodies

    private static final class Cursor {
        final byte[] b;
        int pos;
        final int end;

        Cursor(Msg m) {
            b = m.b;
            pos = m.off;
            end = m.end();
        }

        void need(int n) {
            if (end - pos < n) {
                throw new Bad("truncated body");
            }
        }

        int int8() {
            need(1);
            return b[pos++] & 0xff;
        }

        int int16() {
            need(2);
            int v = (short) ((b[pos] & 0xff) << 8 | b[pos + 1] & 0xff);
            pos += 2;
            return v;
        }

        int int32() {
            need(4);
            int v = getInt(b, pos);
            pos += 4;
            return v;
        }

        String cstring() {
            for (int i = pos; i < end; i++) {
                if (b[i] == 0) {
                    String v = new String(b, pos, i - pos, StandardCharsets.UTF_8);
                    pos = i + 1;
                    return v;
                }
            }
            throw new Bad("unterminated string");
        }

        void end() {
            if (pos != end) {
                throw new Bad("trailing bytes");
            }
        }
    }

    private static void empty(Msg m) {
        if (m.len != 0) {
            throw new Bad("body must be empty: " + m.type);
        }
    }

    private static void ready(Msg m) {
        if (m.len != 1 || m.b[m.off] != 'I' && m.b[m.off] != 'T' && m.b[m.off] != 'E') {
            throw new Bad("bad ReadyForQuery");
        }
    }

    /** {sqlstate, message} of an ErrorResponse or NoticeResponse; the message field is required. */
    private static String[] serverMessage(Msg m) {
        Cursor c = new Cursor(m);
        String state = null;
        String message = null;
        while (true) {
            int code = c.int8();
            if (code == 0) {
                break;
            }
            String v = c.cstring();
            if (code == 'C') {
                state = v;
            } else if (code == 'M') {
                message = v;
            }
        }
        c.end();
        if (message == null) {
            throw new Bad("no message field");
        }
        return new String[] {state, message};
    }

    private static String[] parameterStatus(Msg m) {
        Cursor c = new Cursor(m);
        String[] nv = {c.cstring(), c.cstring()};
        c.end();
        return nv;
    }

    /** The column count; every column must be text (OID 25) in text format, as the scripts send. */
    private int rowDescription(Msg m) {
        Cursor c = new Cursor(m);
        int n = c.int16();
        if (n < 0 || n * 19 > c.end - c.pos) {
            throw new Bad("impossible field count");
        }
        for (int i = 0; i < n; i++) {
            c.cstring();
            c.need(18);
            c.pos += 6;
            int oid = c.int32();
            c.pos += 6;
            int format = c.int16();
            if (format != 0 && format != 1) {
                throw new Bad("unknown format");
            }
            if (oid != Wire.TEXT_OID || format != 0) {
                typesChanged = true; // valid, but its values decode by the type's own rules
            }
        }
        c.end();
        return n;
    }

    private static List<String> dataRow(Msg m, int columns) {
        Cursor c = new Cursor(m);
        int n = c.int16() & 0xffff;
        if (n != columns) {
            throw new Bad("column count differs from RowDescription");
        }
        List<String> row = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int len = c.int32();
            if (len == -1) {
                row.add(null);
                continue;
            }
            if (len < 0) {
                throw new Bad("negative column length");
            }
            c.need(len);
            row.add(new String(c.b, c.pos, len, StandardCharsets.UTF_8));
            c.pos += len;
        }
        c.end();
        return row;
    }

    private static void copyResponse(Msg m) {
        Cursor c = new Cursor(m);
        int format = c.int8();
        int n = c.int16();
        if (format > 1 || n < 0) {
            throw new Bad("bad COPY response");
        }
        for (int i = 0; i < n; i++) {
            int f = c.int16();
            if (f != 0 && f != 1) {
                throw new Bad("bad COPY column format");
            }
        }
        c.end();
    }

    /** The count a CommandComplete tag ends with, -1 if none; the tag must be one terminated string. */
    private static long tagCount(Msg m) {
        if (m.len < 1 || m.b[m.end() - 1] != 0) {
            throw new Bad("tag not terminated");
        }
        String tag = new String(m.b, m.off, m.len - 1, StandardCharsets.ISO_8859_1);
        int space = tag.lastIndexOf(' ');
        String last = tag.substring(space + 1);
        if (last.isEmpty() || !last.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            return -1;
        }
        if (last.length() > 18) {
            throw new Bad("count too long");
        }
        return Long.parseLong(last);
    }

    static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | b[at + 3] & 0xff;
    }
}
