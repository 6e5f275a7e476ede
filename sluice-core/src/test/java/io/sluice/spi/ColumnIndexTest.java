package io.sluice.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ColumnIndex}: the lookup both drivers' rows use. Narrow rows are scanned, rows wider than
 * {@link ColumnIndex#SCAN_LIMIT} go through maps; both paths must answer alike.
 */
class ColumnIndexTest {

    /** {@code extra} filler columns, then the columns the tests look up. */
    private static List<String> names(int extra, String... tail) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < extra; i++) {
            names.add("filler" + i);
        }
        names.addAll(List.of(tail));
        return names;
    }

    /** 0 filler columns: a narrow row (scan); 10: a wide one (maps). */
    @ParameterizedTest(name = "filler={0}")
    @ValueSource(ints = {0, 10})
    void shouldPreferExactMatchThenFirstMatchIgnoringCase(int extra) {
        List<String> names = names(extra, "name", "NAME", "Other", "other");
        ColumnIndex index = ColumnIndex.of(names);
        assertThat(names.size() > ColumnIndex.SCAN_LIMIT).isEqualTo(extra > 0);
        assertThat(index.indexOf("name")).isEqualTo(extra);
        assertThat(index.indexOf("NAME")).isEqualTo(extra + 1);
        assertThat(index.indexOf("Name"))
                .as("no exact match: first ignoring case")
                .isEqualTo(extra);
        assertThat(index.indexOf("Other")).isEqualTo(extra + 2);
        assertThat(index.indexOf("other")).isEqualTo(extra + 3);
        assertThat(index.indexOf("OTHER")).isEqualTo(extra + 2);
        assertThat(index.indexOf("name"))
                .as("second lookup, maps already built")
                .isEqualTo(extra);
    }

    @ParameterizedTest(name = "filler={0}")
    @ValueSource(ints = {0, 10})
    void shouldLetTheFirstOfDuplicateNamesWin(int extra) {
        ColumnIndex index = ColumnIndex.of(names(extra, "id", "x", "id", "ID").toArray(String[]::new));
        assertThat(index.indexOf("id")).isEqualTo(extra);
        assertThat(index.indexOf("ID")).isEqualTo(extra + 3);
        assertThat(index.indexOf("Id")).isEqualTo(extra);
    }

    @ParameterizedTest(name = "filler={0}")
    @ValueSource(ints = {0, 10})
    void shouldNameTheColumnAndTheAvailableOnesWhenNoneMatches(int extra) {
        ColumnIndex index = ColumnIndex.of(names(extra, "a", "b"));
        assertThatThrownBy(() -> index.indexOf("nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no such column: name=nope")
                .hasMessageEndingWith("available=" + String.join(",", names(extra, "a", "b")));
        assertThatThrownBy(() -> ColumnIndex.of(List.of()).indexOf("a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no such column: name=a");
    }

    /**
     * Names whose case folding is not a plain lower-casing: the map path must agree with
     * {@link String#equalsIgnoreCase}, which the scan uses (dotted and dotless i, final sigma, the
     * Kelvin sign, sharp s, which has no one-char upper case, and a letter outside the BMP, which
     * equalsIgnoreCase compares as one code point: Deseret long I, beside a lone surrogate).
     */
    @ParameterizedTest(name = "filler={0}")
    @ValueSource(ints = {0, 10})
    void shouldFoldCaseAsEqualsIgnoreCaseDoes(int extra) {
        String[] stored = {"\u0130d", "\u03c3\u03c2", "\u212a", "stra\u00dfe", "\u0131x", "\uD801\uDC00"};
        String[] probes = {
            "\u0130D",
            "i\u0307d",
            "id",
            "\u03a3\u03a3",
            "\u03c3\u03c3",
            "\u03c2\u03c2",
            "k",
            "K",
            "STRASSE",
            "STRA\u00dfE",
            "ix",
            "IX",
            "\u0131X",
            "\uD801\uDC28",
            "\uD801"
        };
        ColumnIndex index = ColumnIndex.of(names(extra, stored));
        for (String probe : probes) {
            int expected = -1;
            for (int i = 0; i < stored.length && expected < 0; i++) {
                if (stored[i].equals(probe)) {
                    expected = extra + i;
                }
            }
            for (int i = 0; i < stored.length && expected < 0; i++) {
                if (stored[i].equalsIgnoreCase(probe)) {
                    expected = extra + i;
                }
            }
            if (expected < 0) {
                assertThatThrownBy(() -> index.indexOf(probe))
                        .as("probe %s", probe)
                        .isInstanceOf(IllegalArgumentException.class);
            } else {
                assertThat(index.indexOf(probe)).as("probe %s", probe).isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest(name = "filler={0}")
    @ValueSource(ints = {0, 10})
    void shouldNotSeeLaterChangesToTheArrayItWasBuiltFrom(int extra) {
        String[] names = names(extra, "a", "b").toArray(String[]::new);
        ColumnIndex index = ColumnIndex.of(names);
        names[extra] = "changed";
        assertThat(index.indexOf("a")).isEqualTo(extra);
    }
}
