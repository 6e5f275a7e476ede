package io.sluice.postgres.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.Sluice;
import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.codec.PgTypes;
import io.sluice.postgres.internal.codec.TextFormCodec;
import io.sluice.postgres.internal.codec.ValueCodec;
import io.sluice.types.BitString;
import io.sluice.types.InetPrefix;
import io.sluice.types.Range;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The extended types' decoders on damaged input: binary vectors from the server's own send functions,
 * then every truncation and random byte changes of them, and random or truncated text, must decode
 * or fail with {@link ValueConversionException}, never with another exception.
 */
class ExtendedTypesMalformedInputTest {
    private static Connection c;

    /** A value's binary form, as the server's send function writes it, with the type OID it is read as. */
    record Vector(int oid, byte[] bytes, String text) {}

    private static final List<Vector> VECTORS = new ArrayList<>();

    @BeforeAll
    static void open() {
        c = Sluice.connect(TypeRoundTripTest.config());
        c.executeScript("SET TimeZone = 'UTC'");
        add(PgTypes.INET, "'2001:db8::ff00:42:8329/64'::inet", "inet_send");
        add(PgTypes.CIDR, "'10.0.0.0/8'::cidr", "cidr_send");
        add(PgTypes.MACADDR, "'08:00:2b:01:02:03'::macaddr", "macaddr_send");
        add(PgTypes.MACADDR8, "'08:00:2b:01:02:03:04:05'::macaddr8", "macaddr8_send");
        add(PgTypes.MONEY, "(-92233720368547758.08)::money", "cash_send");
        add(PgTypes.BIT, "B'101'::bit(3)", "bit_send");
        add(PgTypes.VARBIT, "B'1011001110001'::varbit", "varbit_send");
        add(PgTypes.TSVECTOR, "'a:1A fat:2B,4C cat:5 ''x y'''::tsvector", "tsvectorsend");
        add(PgTypes.INT4RANGE, "int4range(-5, 10)", "range_send");
        add(PgTypes.TSTZRANGE, "tstzrange('2024-01-01', 'infinity', '[]')", "range_send");
        add(PgTypes.NUMRANGE, "numrange(NULL, 2.5)", "range_send");
        add(PgTypes.DATEMULTIRANGE, "'{[2024-01-01,2024-02-01), [2024-03-01,)}'::datemultirange", "multirange_send");
        add(PgTypes.INT4_ARRAY, "ARRAY[[1,2,3],[4,NULL,6]]", "array_send");
        add(PgTypes.INET_ARRAY, "ARRAY['10.0.0.1'::inet, NULL]", "array_send");
    }

    private static void add(int oid, String expr, String send) {
        VECTORS.add(c.queryFirst(
                        "SELECT " + send + "(" + expr + "), (" + expr + ")::text",
                        r -> new Vector(oid, r.getBytes(0), r.getString(1)))
                .orElseThrow());
    }

    @AfterAll
    static void close() {
        c.close();
    }

    /** Decodes as every getter would, accepting success or ValueConversionException only. */
    private static void decodeAll(byte[] b, int len, int oid, boolean binary) {
        for (Class<?> t : List.of(
                Object.class,
                String.class,
                Range.class,
                InetPrefix.class,
                BitString.class,
                Map.class,
                List.class,
                long[][].class)) {
            try {
                ValueCodec.convert(b, 0, len, oid, binary, t);
            } catch (ValueConversionException expected) {
                // the only failure allowed
            }
        }
    }

    @Test
    void shouldDecodeTheServersVectorsAsItsText() {
        for (Vector v : VECTORS) {
            String rendered = TextFormCodec.toText(v.bytes(), 0, v.bytes().length, v.oid(), true);
            String expected = v.oid() == PgTypes.MONEY ? "-$92,233,720,368,547,758.08" : v.text();
            assertThat(rendered).as(PgTypes.typeName(v.oid())).isEqualTo(expected);
        }
    }

    @Test
    void shouldFailCleanlyOnTruncatedAndDamagedBinary() {
        Random random = new Random(20261127);
        for (Vector v : VECTORS) {
            byte[] b = v.bytes();
            for (int len = 0; len < b.length; len++) {
                decodeAll(b, len, v.oid(), true);
            }
            for (int i = 0; i < 300; i++) {
                byte[] damaged = b.clone();
                for (int k = 0; k <= i % 3; k++) {
                    damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
                }
                decodeAll(damaged, damaged.length, v.oid(), true);
            }
        }
    }

    @Test
    void shouldFailCleanlyOnTruncatedAndRandomText() {
        Random random = new Random(7);
        String alphabet = "[](){},\"\\=>: -.01aNULLempty";
        for (Vector v : VECTORS) {
            byte[] t = v.text().getBytes(StandardCharsets.UTF_8);
            for (int len = 0; len < t.length; len++) {
                decodeAll(t, len, v.oid(), false);
            }
            for (int i = 0; i < 300; i++) {
                StringBuilder s = new StringBuilder();
                for (int k = random.nextInt(12); k >= 0; k--) {
                    s.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                byte[] r = s.toString().getBytes(StandardCharsets.UTF_8);
                decodeAll(r, r.length, v.oid(), false);
                decodeAll(r, r.length, PgTypes.UNKNOWN, false);
            }
        }
    }
}
