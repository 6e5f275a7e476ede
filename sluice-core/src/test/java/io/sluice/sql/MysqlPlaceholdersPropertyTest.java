package io.sluice.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random MySQL texts of words, placeholders, quoted strings and identifiers (with backslash escapes
 * and doubled quotes) and comments full of {@code ?}: the text comes out unchanged (MySQL keeps
 * {@code ?}) and only the bare placeholders are counted.
 */
class MysqlPlaceholdersPropertyTest {
    private static final String NOISE = "ab ?{}$-*\t1";

    /** A fragment of text and the placeholders it holds. */
    private record Fragment(String text, int placeholders) {}

    @Property(tries = 500)
    void shouldCountOnlyBarePlaceholdersInMysqlText(@ForAll("fragments") List<Fragment> fragments) {
        StringBuilder sql = new StringBuilder("SELECT");
        int expected = 0;
        for (Fragment f : fragments) {
            sql.append(' ').append(f.text());
            expected += f.placeholders();
        }
        ParsedSql parsed = Placeholders.parse(sql.toString(), SqlDialect.MYSQL, true);
        assertEquals(List.of(new ParsedSql.Statement(sql.toString(), expected)), parsed.statements(), sql::toString);
    }

    @Provide
    Arbitrary<List<Fragment>> fragments() {
        Arbitrary<String> noise =
                Arbitraries.strings().withChars(NOISE.toCharArray()).ofMaxLength(12);
        Arbitrary<Fragment> word = Arbitraries.strings()
                .withCharRange('a', 'z')
                .ofMinLength(1)
                .ofMaxLength(6)
                .map(w -> new Fragment(w, 0));
        Arbitrary<Fragment> param = Arbitraries.just(new Fragment("?", 1));
        Arbitrary<Fragment> single = noise.map(s -> new Fragment("'" + s + "\\'" + "''" + "\\\\'", 0));
        Arbitrary<Fragment> dbl = noise.map(s -> new Fragment("\"" + s + "\\\"" + "\"\"" + "\"", 0));
        Arbitrary<Fragment> backtick = noise.map(s -> new Fragment("`" + s + "``?`", 0));
        Arbitrary<Fragment> hash = noise.map(s -> new Fragment("# " + s + "\n", 0));
        Arbitrary<Fragment> dashes = noise.map(s -> new Fragment("-- " + s + "\n", 0));
        Arbitrary<Fragment> block = noise.map(s -> new Fragment("/* " + s.replace("*", "") + " ? */", 0));
        Arbitrary<Fragment> arithmetic = Arbitraries.just(new Fragment("1--1", 0));
        return Arbitraries.oneOf(word, param, single, dbl, backtick, hash, dashes, block, arithmetic)
                .list()
                .ofMaxSize(20);
    }
}
