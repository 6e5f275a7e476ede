package io.sluice.jdbc.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Predicate;

/**
 * Compares a metadata result of ours with a reference driver's, column by column, in the layout the
 * {@link java.sql.DatabaseMetaData} Javadoc defines. Values are read with the getter the layout's type calls
 * for ({@code getString}, {@code getLong}, {@code getBoolean}, each with {@code wasNull}), so the comparison is
 * about the values JDBC callers see, not about the Java classes each driver happens to hold them in. Columns
 * are matched by position: the reference drivers' names for reserved columns differ from the Javadoc's.
 */
final class MetaDataComparison {

    private MetaDataComparison() {}

    /**
     * Asserts that {@code ours} has exactly the {@code layout} columns and the same rows, in the same order, as
     * {@code reference}, except for the columns named in {@code ignored} (each a documented difference), and
     * keeping only the rows {@code keep} accepts from both sides. Closes both results.
     */
    static void assertSameRows(
            String what,
            ResultSet reference,
            ResultSet ours,
            List<MetaColumn> layout,
            Set<String> ignored,
            Predicate<List<String>> keep)
            throws SQLException {
        try (reference;
                ours) {
            assertThat(ours.getMetaData().getColumnCount())
                    .as(what + ": column count")
                    .isEqualTo(layout.size());
            for (int i = 0; i < layout.size(); i++) {
                assertThat(ours.getMetaData().getColumnName(i + 1))
                        .as(what + ": column " + (i + 1))
                        .isEqualTo(layout.get(i).name());
            }
            assertThat(reference.getMetaData().getColumnCount())
                    .as(what + ": reference column count")
                    .isGreaterThanOrEqualTo(layout.size());
            List<String> expected = rows(reference, layout, ignored, keep);
            List<String> actual = rows(ours, layout, ignored, keep);
            assertThat(actual).as(what).containsExactlyElementsOf(expected);
        }
    }

    /**
     * Like {@link #assertSameRows(String, ResultSet, ResultSet, List, Set, Predicate)}, for results whose order
     * the specification leaves partly open: both sides are sorted before they are compared.
     */
    static void assertSameRowsInAnyOrder(
            String what,
            ResultSet reference,
            ResultSet ours,
            List<MetaColumn> layout,
            Set<String> ignored,
            Predicate<List<String>> keep)
            throws SQLException {
        try (reference;
                ours) {
            List<String> expected = rows(reference, layout, ignored, keep);
            List<String> actual = rows(ours, layout, ignored, keep);
            expected.sort(null);
            actual.sort(null);
            assertThat(actual).as(what).containsExactlyElementsOf(expected);
        }
    }

    /** {@link #assertSameRows(String, ResultSet, ResultSet, List, Set, Predicate)} keeping every row. */
    static void assertSameRows(
            String what, ResultSet reference, ResultSet ours, List<MetaColumn> layout, Set<String> ignored)
            throws SQLException {
        assertSameRows(what, reference, ours, layout, ignored, row -> true);
    }

    /** Every row as "NAME=value | ..." text, read with the layout's getters. */
    static List<String> rows(
            ResultSet result, List<MetaColumn> layout, Set<String> ignored, Predicate<List<String>> keep)
            throws SQLException {
        List<String> rows = new ArrayList<>();
        while (result.next()) {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < layout.size(); i++) {
                values.add(value(result, i + 1, layout.get(i)));
            }
            if (!keep.test(values)) {
                continue;
            }
            StringJoiner row = new StringJoiner(" | ");
            for (int i = 0; i < layout.size(); i++) {
                String name = layout.get(i).name();
                row.add(name + "=" + (ignored.contains(name) ? "*" : values.get(i)));
            }
            rows.add(row.toString());
        }
        return rows;
    }

    private static String value(ResultSet result, int column, MetaColumn layout) throws SQLException {
        String text =
                switch (layout.type()) {
                    case VARCHAR -> result.getString(column);
                    case INTEGER, SMALLINT, BIGINT -> Long.toString(result.getLong(column));
                    case BOOLEAN -> Boolean.toString(result.getBoolean(column));
                    default -> throw new IllegalArgumentException("unexpected layout type " + layout.type());
                };
        return result.wasNull() ? "NULL" : text;
    }
}
