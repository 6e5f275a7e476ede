package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConnectionConfig;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class JdbcUrlTest {
    @Test
    void shouldAcceptOnlySluiceUrls() {
        assertTrue(JdbcUrl.accepts("jdbc:sluice:postgresql://h/db"));
        assertTrue(JdbcUrl.accepts("JDBC:SLUICE:mysql://h/db"));
        assertFalse(JdbcUrl.accepts("jdbc:postgresql://h/db"));
        assertFalse(JdbcUrl.accepts(null));
        assertThrows(IllegalArgumentException.class, () -> JdbcUrl.nativeUrl("jdbc:mysql://h/db"));
    }

    @Test
    void shouldAddPropertiesTheUrlDoesNotSet() {
        Properties p = new Properties();
        p.setProperty("user", "app");
        p.setProperty("password", "p&w d");
        p.setProperty("sslmode", "require");
        ConnectionConfig c = JdbcUrl.config("jdbc:sluice:postgresql://db:5433/orders?sslmode=disable", p);
        assertEquals("app", c.user());
        assertEquals("p&w d", c.password());
        assertEquals("db", c.host());
        assertEquals(5433, c.port());
        assertEquals("orders", c.database());
        assertEquals(
                "disable",
                c.sslMode().toString().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    }

    @Test
    void shouldKeepTheUrlsUserInfo() {
        Properties p = new Properties();
        p.setProperty("user", "other");
        p.setProperty("password", "other-pw");
        ConnectionConfig c = JdbcUrl.config("jdbc:sluice:mariadb://root:pw@127.0.0.1/test", p);
        assertEquals("root", c.user());
        assertEquals("pw", c.password());
    }
}
