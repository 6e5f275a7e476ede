package io.sluice.jdbc.compat.flyway;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.jdbc.compat.CompatTest;
import io.sluice.jdbc.compat.DataSources;
import io.sluice.jdbc.compat.Target;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flyway's migrate, validate, info, repair and clean over scripts that test the driver's and Flyway's
 * SQL handling: a multi-statement script, a DO block (PostgreSQL), a stored procedure (MariaDB) and
 * question marks inside function bodies and string literals.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.sluice.jdbc.compat.Targets#all")
class FlywayCompatTest extends CompatTest {
    private static final List<String> SCRIPTS = List.of("V1__accounts.sql", "V2__%s.sql", "V3__functions.sql");

    @TempDir
    Path migrations;

    private String database;

    FlywayCompatTest(Target target) {
        super(target);
    }

    @BeforeEach
    void copyMigrations() throws IOException, SQLException {
        database = target.freshDatabase("flyway");
        String second = postgresql() ? "generate_accounts" : "procedure";
        for (String script : SCRIPTS) {
            String name = script.formatted(second);
            try (InputStream in = getClass()
                    .getResourceAsStream("/db/flyway/" + target.server().id() + "/" + name)) {
                Files.copy(in, migrations.resolve(name));
            }
        }
    }

    private Flyway flyway() {
        return Flyway.configure()
                .dataSource(DataSources.unpooled(target, database))
                .locations("filesystem:" + migrations)
                .cleanDisabled(false)
                .load();
    }

    @Test
    void shouldMigrateScriptsWithBlocksProceduresAndQuestionMarks() throws SQLException {
        MigrateResult result = flyway().migrate();

        assertThat(result.success).isTrue();
        assertThat(result.migrationsExecuted).isEqualTo(3);
        try (Connection c = target.connect(database);
                Statement s = c.createStatement()) {
            assertThat(queryLong(s, "SELECT COUNT(*) FROM compat_account")).isEqualTo(7);
            assertThat(queryLong(s, "SELECT COUNT(*) FROM compat_account WHERE name LIKE 'generated-%'"))
                    .isEqualTo(5);
            assertThat(queryString(s, "SELECT compat_describe('alice')")).isEqualTo("who is alice? (a ? stays a ?)");
            assertThat(queryString(s, "SELECT compat_question()")).isEqualTo("is this a question?");
        }
    }

    @Test
    void shouldReportAppliedAndPendingMigrationsInInfo() {
        Flyway flyway = flyway();
        assertThat(flyway.info().pending()).hasSize(3);

        flyway.migrate();

        MigrationInfo[] applied = flyway.info().applied();
        assertThat(Arrays.stream(applied).map(MigrationInfo::getState)).containsOnly(MigrationState.SUCCESS);
        assertThat(Arrays.stream(applied).map(i -> i.getVersion().getVersion())).containsExactly("1", "2", "3");
        assertThat(flyway.info().current().getDescription()).isEqualTo("functions");
        assertThat(flyway.info().pending()).isEmpty();
    }

    @Test
    void shouldValidateAndRepairAChangedChecksum() throws IOException {
        Flyway flyway = flyway();
        flyway.migrate();
        assertThat(flyway.validateWithResult().validationSuccessful).isTrue();

        Files.writeString(
                migrations.resolve("V1__accounts.sql"),
                "\n-- edited after it was applied\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        assertThat(flyway.validateWithResult().validationSuccessful).isFalse();

        assertThat(flyway.repair().migrationsAligned).hasSize(1);
        assertThat(flyway.validateWithResult().validationSuccessful).isTrue();
    }

    @Test
    void shouldCleanEverythingItMigrated() throws SQLException {
        Flyway flyway = flyway();
        flyway.migrate();

        assertThat(flyway.clean().schemasCleaned).isNotEmpty();

        try (Connection c = target.connect(database)) {
            try (ResultSet tables = c.getMetaData().getTables(c.getCatalog(), null, "compat_account", null)) {
                assertThat(tables.next()).isFalse();
            }
        }
        assertThat(flyway.info().pending()).hasSize(3);
        assertThat(flyway.migrate().migrationsExecuted).isEqualTo(3);
    }

    private static long queryLong(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    private static String queryString(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }
}
