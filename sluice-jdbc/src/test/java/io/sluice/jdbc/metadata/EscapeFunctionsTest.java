package io.sluice.jdbc.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The escape answers of {@link SluiceDatabaseMetaData} are what {@code io.sluice.jdbc} does: every function the
 * four lists name runs as {@code {fn name(...)}} on the real server (on PostgreSQL with pgjdbc's result for the
 * same escape), and CONVERT and the call syntax work exactly where the answers say they do.
 */
class EscapeFunctionsTest {

    private static final String DATE = "DATE '2024-03-05'";
    private static final String STAMP = "TIMESTAMP '2024-03-05 06:07:08'";

    /** Arguments of one call of each PostgreSQL list entry. */
    private static final Map<String, String> PG_ARGUMENTS = Map.ofEntries(
            Map.entry("abs", "-2.5"),
            Map.entry("acos", "0.5"),
            Map.entry("asin", "0.5"),
            Map.entry("atan", "0.5"),
            Map.entry("atan2", "1, 2"),
            Map.entry("ceiling", "2.1"),
            Map.entry("cos", "0.5"),
            Map.entry("cot", "0.5"),
            Map.entry("degrees", "1"),
            Map.entry("exp", "1"),
            Map.entry("floor", "2.7"),
            Map.entry("log", "10"),
            Map.entry("log10", "100"),
            Map.entry("mod", "7, 3"),
            Map.entry("pi", ""),
            Map.entry("power", "2, 10"),
            Map.entry("radians", "180"),
            Map.entry("round", "2.567, 2"),
            Map.entry("sign", "-3"),
            Map.entry("sin", "0.5"),
            Map.entry("sqrt", "2"),
            Map.entry("tan", "0.5"),
            Map.entry("truncate", "2.567, 1"),
            Map.entry("ascii", "'a'"),
            Map.entry("char", "65"),
            Map.entry("char_length", "'abc '"),
            Map.entry("character_length", "'abc '"),
            Map.entry("concat", "'a', 'b'"),
            Map.entry("lcase", "'AbC'"),
            Map.entry("left", "'abcdef', 2"),
            Map.entry("length", "'abc  '"),
            Map.entry("locate", "'c', 'abcabc'"),
            Map.entry("ltrim", "'  a'"),
            Map.entry("repeat", "'ab', 3"),
            Map.entry("replace", "'abcabc', 'b', 'x'"),
            Map.entry("rtrim", "'a  '"),
            Map.entry("space", "3"),
            Map.entry("substring", "'abcdef', 2, 3"),
            Map.entry("ucase", "'abc'"),
            Map.entry("database", ""),
            Map.entry("ifnull", "NULL, 'x'"),
            Map.entry("user", ""),
            Map.entry("curdate", ""),
            Map.entry("curtime", ""),
            Map.entry("now", ""),
            Map.entry("dayname", DATE),
            Map.entry("dayofmonth", DATE),
            Map.entry("dayofweek", DATE),
            Map.entry("dayofyear", DATE),
            Map.entry("hour", STAMP),
            Map.entry("minute", STAMP),
            Map.entry("month", DATE),
            Map.entry("monthname", DATE),
            Map.entry("quarter", DATE),
            Map.entry("second", STAMP),
            Map.entry("week", DATE),
            Map.entry("year", DATE));

    /** Whose value changes from call to call: only their type is compared. */
    private static final Set<String> PG_VOLATILE = Set.of("curdate", "curtime", "now");

    /** MySQL functions whose arguments are not a plain list; the others are called with 0 to 4 literals. */
    private static final Map<String, String> MY_CALLS = Map.of(
            "CAST",
            "CAST('1' AS CHAR)",
            "CONVERT",
            "CONVERT('1', CHAR)",
            "EXTRACT",
            "EXTRACT(YEAR FROM " + DATE + ")",
            "POSITION",
            "POSITION('b' IN 'abc')",
            "DATE_ADD",
            "DATE_ADD(" + DATE + ", INTERVAL 1 DAY)",
            "DATE_SUB",
            "DATE_SUB(" + DATE + ", INTERVAL 1 DAY)",
            "TIMESTAMPADD",
            "TIMESTAMPADD(MINUTE, 1, " + STAMP + ")",
            "TIMESTAMPDIFF",
            "TIMESTAMPDIFF(DAY, " + DATE + ", " + STAMP + ")",
            "GET_FORMAT",
            "GET_FORMAT(DATE, 'EUR')",
            "UPDATEXML",
            "UPDATEXML('<a/>', '/a', '<b/>')");

    private static Connection pg;
    private static Connection pgjdbc;
    private static Connection my;

    @BeforeAll
    static void connect() throws SQLException {
        pg = DriverManager.getConnection(
                "jdbc:sluice:postgresql://127.0.0.1:5432/test?sslmode=disable", "postgres", "");
        pgjdbc = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?user=postgres&sslmode=disable");
        my = DriverManager.getConnection("jdbc:sluice:mariadb://127.0.0.1:3306/test?sslmode=disable", "root", "");
    }

    @AfterAll
    static void close() throws SQLException {
        for (Connection c : new Connection[] {pg, pgjdbc, my}) {
            if (c != null) {
                c.close();
            }
        }
    }

    @Test
    void shouldRunEveryListedPostgresFunctionAsPgjdbcDoes() throws SQLException {
        List<String> names = names(pg.getMetaData());
        assertThat(names).isNotEmpty();
        for (String name : names) {
            assertThat(PG_ARGUMENTS).as("a sample call of %s", name).containsKey(name);
            String call = "{fn " + name + "(" + PG_ARGUMENTS.get(name) + ")}";
            String sql = "SELECT pg_typeof(" + call + ")::text, (" + call + ")::text";
            List<String> ours = firstRow(pg, sql);
            List<String> reference = firstRow(pgjdbc, sql);
            assertThat(ours.get(0)).as(sql).isEqualTo(reference.get(0));
            if (PG_VOLATILE.contains(name)) {
                continue;
            }
            if (ours.get(0).equals("numeric")) {
                // second() is truncated to whole seconds as ODBC defines it, pgjdbc's keeps numeric's scale
                assertThat(new BigDecimal(ours.get(1))).as(sql).isEqualByComparingTo(reference.get(1));
            } else {
                assertThat(ours.get(1)).as(sql).isEqualTo(reference.get(1));
            }
        }
    }

    @Test
    void shouldRunEveryListedMysqlFunctionThroughTheEscape() throws SQLException {
        List<String> names = names(my.getMetaData());
        assertThat(names).isNotEmpty().doesNotContain("DIV", "LIKE", "NOT LIKE", "MATCH AGAINST");
        List<String> failed = new ArrayList<>();
        for (String name : names) {
            List<String> calls = MY_CALLS.containsKey(name)
                    ? List.of(MY_CALLS.get(name))
                    : Stream.of("", "'1'", "'1', '1'", "'1', '1', '1'", "'1', '1', '1', '1'")
                            .map(args -> name + "(" + args + ")")
                            .toList();
            if (calls.stream().noneMatch(call -> runs(my, "SELECT {fn " + call + "}"))) {
                failed.add(name);
            }
        }
        assertThat(failed).as("listed functions that no call ran").isEmpty();
    }

    @Test
    void shouldRunFunctionsThroughCallSyntaxOnPostgresOnly() throws SQLException {
        assertThat(pg.getMetaData().supportsStoredFunctionsUsingCallSyntax()).isTrue();
        assertThat(firstRow(pg, "{call abs(-3)}")).containsExactly("3");
        assertThat(my.getMetaData().supportsStoredFunctionsUsingCallSyntax()).isFalse();
        // {call} is MySQL's CALL, which finds procedures only
        assertThatThrownBy(() -> firstRow(my, "{call abs(-3)}"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("does not exist");
    }

    @Test
    void shouldNotPromiseConvertWhichNeitherServerTakesWithJdbcTypeNames() throws SQLException {
        for (Connection c : List.of(pg, my)) {
            assertThat(c.getMetaData().supportsConvert()).isFalse();
            assertThat(runs(c, "SELECT {fn convert('1', VARCHAR)}")).isFalse();
            assertThat(runs(c, "SELECT {fn convert('1', SQL_VARCHAR)}")).isFalse();
        }
    }

    private static List<String> names(DatabaseMetaData metaData) throws SQLException {
        List<String> names = new ArrayList<>();
        for (String list : List.of(
                metaData.getNumericFunctions(),
                metaData.getStringFunctions(),
                metaData.getSystemFunctions(),
                metaData.getTimeDateFunctions())) {
            names.addAll(List.of(list.split(",")));
        }
        return names;
    }

    private static List<String> firstRow(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).as(sql).isTrue();
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                row.add(rs.getString(i));
            }
            return row;
        }
    }

    private static boolean runs(Connection c, String sql) {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            return rs.next();
        } catch (SQLException e) {
            return false;
        }
    }
}
