package io.sluice.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random PostgreSQL texts of words, placeholders, separators, literals, quoted identifiers, dollar
 * quotes and (nested) comments, where literals and comments are full of {@code ?}, {@code ;} and
 * braces: only the bare placeholders are numbered, only the bare separators split, and everything
 * else comes out byte for byte.
 */
class PlaceholdersPropertyTest {
    /** Characters literal bodies are drawn from: every one the scanner reacts to outside a literal. */
    private static final String NOISE = "ab ?;{}$-#*\n\t1";

    private sealed interface Fragment permits Word, Param, Semi, Quoted {}

    private record Word(String text) implements Fragment {}

    private record Param() implements Fragment {}

    private record Semi() implements Fragment {}

    /** Text copied unchanged; {@code content} false for comments. */
    private record Quoted(String text, boolean content) implements Fragment {}

    @Property(tries = 500)
    void shouldNumberOnlyBarePlaceholdersInPostgresText(@ForAll("fragments") List<Fragment> fragments) {
        StringBuilder sql = new StringBuilder();
        List<String> expected = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean content = false;
        int params = 0;
        int total = 0;
        for (int k = 0; k < fragments.size(); k++) {
            String sep = k == 0 ? "" : " ";
            sql.append(sep);
            current.append(sep);
            switch (fragments.get(k)) {
                case Semi s -> {
                    sql.append(';');
                    if (content) {
                        expected.add(current.toString());
                    }
                    current.setLength(0);
                    content = false;
                    params = 0;
                }
                case Param p -> {
                    sql.append('?');
                    current.append('$').append(++params);
                    total++;
                    content = true;
                }
                case Word w -> {
                    sql.append(w.text());
                    current.append(w.text());
                    content = true;
                }
                case Quoted q -> {
                    sql.append(q.text());
                    current.append(q.text());
                    content |= q.content();
                }
            }
        }
        if (content) {
            expected.add(current.toString());
        }
        if (expected.isEmpty()) {
            expected.add("");
        }
        ParsedSql parsed = Placeholders.parse(sql.toString(), SqlDialect.POSTGRESQL, true);
        assertEquals(
                expected,
                parsed.statements().stream().map(ParsedSql.Statement::sql).toList(),
                sql::toString);
        assertEquals(total, parsed.parameterCount());
    }

    @Provide
    Arbitrary<List<Fragment>> fragments() {
        Arbitrary<String> noise =
                Arbitraries.strings().withChars(NOISE.toCharArray()).ofMaxLength(12);
        Arbitrary<Fragment> word = Arbitraries.strings()
                .withCharRange('a', 'z')
                .ofMinLength(1)
                .ofMaxLength(6)
                .map(Word::new);
        Arbitrary<Fragment> param = Arbitraries.just(new Param());
        Arbitrary<Fragment> semi = Arbitraries.just(new Semi());
        Arbitrary<Fragment> single = noise.map(s -> new Quoted("'" + s.replace("'", "''") + "''x'", true));
        Arbitrary<Fragment> escaped = noise.map(s -> new Quoted("E'" + s + "\\'\\\\'", true));
        Arbitrary<Fragment> identifier = noise.map(s -> new Quoted("\"" + s + "\"\"\"", true));
        Arbitrary<Fragment> dollar = Combinators.combine(Arbitraries.of("", "tag", "a_1"), noise)
                .as((tag, s) -> new Quoted("$" + tag + "$" + s.replace("$", "") + "$" + tag + "$", true));
        Arbitrary<Fragment> line = noise.map(s -> new Quoted("--" + s.replace("\n", "") + "\n", false));
        Arbitrary<Fragment> block = Combinators.combine(noise, noise)
                .as((a, b) -> new Quoted("/*" + a.replace("*", "") + "/* " + b.replace("*", "") + " */ ? */", false));
        return Arbitraries.oneOf(word, param, semi, single, escaped, identifier, dollar, line, block)
                .list()
                .ofMaxSize(20);
    }
}
