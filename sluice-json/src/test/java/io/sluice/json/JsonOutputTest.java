package io.sluice.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;

/** Strings and numbers written by {@link JsonOutput} parse back to the same values, whatever the buffer size. */
class JsonOutputTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Property(tries = 500)
    void shouldParseBackToTheSameTextWhenStringHasAnyCharacters(@ForAll @StringLength(max = 300) String text,
            @ForAll @IntRange(min = 64, max = 512) int capacity) throws Exception {
        String valid = text.replaceAll("\\p{Cs}", "?"); // an unpaired surrogate has no UTF-8 form: written as ?
        byte[] utf8 = valid.getBytes(StandardCharsets.UTF_8);

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, capacity);
        out.writeByte('[');
        out.writeQuoted(text);
        out.writeByte(',');
        out.writeQuotedUtf8(utf8, 0, utf8.length);
        out.writeByte(']');
        out.flush();

        String[] back = MAPPER.readValue(bytes.toByteArray(), String[].class);
        assertThat(back).containsExactly(valid, valid);
    }

    @Property(tries = 500)
    void shouldWriteLongsAsJavaPrintsThem(@ForAll long any, @ForAll @LongRange(min = -1000, max = 1000) long small) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, 64);
        out.writeLong(any);
        out.writeByte(' ');
        out.writeLong(small);
        out.writeByte(' ');
        out.writeLong(Long.MIN_VALUE);
        out.flush();
        assertThat(bytes.toString(StandardCharsets.US_ASCII)).isEqualTo(any + " " + small + " " + Long.MIN_VALUE);
    }

    @Property(tries = 1000)
    void shouldWriteDoublesAndFloatsAsJavaPrintsThem(@ForAll double d, @ForAll float f) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, 64);
        out.writeDouble(Double.isFinite(d) ? d : 0.1);
        out.writeByte(' ');
        out.writeFloat(Float.isFinite(f) ? f : 0.1f);
        out.flush();
        assertThat(bytes.toString(StandardCharsets.US_ASCII))
                .isEqualTo((Double.isFinite(d) ? d : 0.1) + " " + (Float.isFinite(f) ? f : 0.1f));
    }
}
