package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.sluice.types.InetPrefix;
import io.sluice.types.Range;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL types the native API reads as its own value classes (ranges, network prefixes, bit
 * strings): through JDBC, {@code getObject} gives the server's text, as pgjdbc's {@code PGobject}
 * holds it, on the text and the binary path; {@code getObject(i, Class)} gives the typed value.
 */
class JdbcExtendedTypesTest {
    private static final String SQL = "SELECT '192.168.0.0/24'::cidr, '[1,5)'::int4range, B'1011'::varbit, ?::int";

    @Test
    void shouldReadNativeValueTypesAsTheirServerTextLikePgjdbc() throws SQLException {
        try (Connection sluice = JdbcPostgresTest.open();
                Connection pgjdbc = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
                PreparedStatement ours = sluice.prepareStatement(SQL);
                PreparedStatement theirs = pgjdbc.prepareStatement(SQL)) {
            for (int run = 0; run < 4; run++) { // the first execution reads text results, later ones binary
                ours.setInt(1, run);
                theirs.setInt(1, run);
                try (ResultSet a = ours.executeQuery();
                        ResultSet b = theirs.executeQuery()) {
                    a.next();
                    b.next();
                    for (int i = 1; i <= 3; i++) {
                        assertInstanceOf(String.class, a.getObject(i), "column " + i);
                        assertEquals(b.getObject(i).toString(), a.getObject(i), "column " + i);
                        assertEquals(b.getString(i), a.getString(i), "column " + i);
                    }
                    assertEquals(24, a.getObject(1, InetPrefix.class).prefixLength());
                    assertInstanceOf(Range.class, a.getObject(2, Range.class));
                }
            }
        }
    }
}
