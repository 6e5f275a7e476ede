package io.sluice.jdbc.compat.liquibase;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.jdbc.compat.CompatTest;
import io.sluice.jdbc.compat.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import liquibase.CatalogAndSchema;
import liquibase.command.CommandScope;
import liquibase.command.core.RollbackCountCommandStep;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DatabaseChangelogCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.snapshot.DatabaseSnapshot;
import liquibase.snapshot.SnapshotControl;
import liquibase.snapshot.SnapshotGeneratorFactory;
import liquibase.structure.core.Column;
import liquibase.structure.core.ForeignKey;
import liquibase.structure.core.Index;
import liquibase.structure.core.Sequence;
import liquibase.structure.core.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Liquibase's update (tables, indexes, a foreign key, a sequence on PostgreSQL), rollback, and a snapshot,
 * which reads the schema back through {@code DatabaseMetaData}.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.sluice.jdbc.compat.Targets#all")
class LiquibaseCompatTest extends CompatTest {
    private static final String CHANGELOG = "db/liquibase/changelog.xml";

    private Connection connection;
    private Database database;

    LiquibaseCompatTest(Target target) {
        super(target);
    }

    @BeforeEach
    void connect() throws Exception {
        connection = target.connect(target.freshDatabase("liquibase"));
        database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(connection));
    }

    @AfterEach
    void close() throws Exception {
        if (database != null) {
            database.close();
        }
    }

    private void update() throws Exception {
        new CommandScope(UpdateCommandStep.COMMAND_NAME)
                .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
                .addArgumentValue(UpdateCommandStep.CHANGELOG_FILE_ARG, CHANGELOG)
                .execute();
    }

    @Test
    void shouldDetectTheDatabaseFromMetaData() {
        assertThat(database.getShortName()).isEqualTo(postgresql() ? "postgresql" : "mariadb");
    }

    @Test
    void shouldUpdateTablesIndexesForeignKeysAndSequence() throws Exception {
        update();

        assertThat(count("SELECT COUNT(*) FROM compat_customer")).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM DATABASECHANGELOG")).isEqualTo(postgresql() ? 4 : 3);
        if (postgresql()) {
            assertThat(count("SELECT nextval('compat_invoice_seq')")).isEqualTo(1000);
        }
    }

    @Test
    void shouldRollBackTheLastChangeSets() throws Exception {
        update();

        new CommandScope(RollbackCountCommandStep.COMMAND_NAME)
                .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
                .addArgumentValue(DatabaseChangelogCommandStep.CHANGELOG_FILE_ARG, CHANGELOG)
                .addArgumentValue(RollbackCountCommandStep.COUNT_ARG, postgresql() ? 3 : 2)
                .execute();

        assertThat(tables()).contains("compat_customer").doesNotContain("compat_order");
        assertThat(count("SELECT COUNT(*) FROM compat_customer")).isZero();
        assertThat(count("SELECT COUNT(*) FROM DATABASECHANGELOG")).isEqualTo(1);
    }

    @Test
    void shouldSnapshotTheSchemaThroughDatabaseMetaData() throws Exception {
        update();

        DatabaseSnapshot snapshot = SnapshotGeneratorFactory.getInstance()
                .createSnapshot(
                        new CatalogAndSchema(database.getDefaultCatalogName(), database.getDefaultSchemaName()),
                        database,
                        new SnapshotControl(database));

        Table order = snapshot.get(Table.class).stream()
                .filter(t -> t.getName().equalsIgnoreCase("compat_order"))
                .findFirst()
                .orElseThrow();
        assertThat(order.getColumns().stream().map(Column::getName).map(this::lower))
                .containsExactly("id", "customer_id", "amount");
        assertThat(order.getPrimaryKey().getName()).isEqualToIgnoringCase(postgresql() ? "compat_order_pk" : "PRIMARY");
        assertThat(order.getOutgoingForeignKeys()).singleElement().satisfies(fk -> {
            assertThat(fk.getName()).isEqualToIgnoringCase("compat_order_customer_fk");
            assertThat(fk.getPrimaryKeyTable().getName()).isEqualToIgnoringCase("compat_customer");
        });
        Set<String> indexes = snapshot.get(Index.class).stream()
                .map(Index::getName)
                .map(this::lower)
                .collect(Collectors.toSet());
        assertThat(indexes).contains("compat_customer_email", "compat_order_customer");
        Index email = snapshot.get(Index.class).stream()
                .filter(i -> i.getName().equalsIgnoreCase("compat_customer_email"))
                .findFirst()
                .orElseThrow();
        assertThat(email.isUnique()).isTrue();
        assertThat(snapshot.get(ForeignKey.class)).hasSize(1);
        if (postgresql()) {
            assertThat(snapshot.get(Sequence.class).stream().map(Sequence::getName))
                    .contains("compat_invoice_seq");
        }
    }

    private Set<String> tables() throws SQLException {
        try (ResultSet rs =
                connection.getMetaData().getTables(connection.getCatalog(), null, "compat_%", new String[] {"TABLE"})) {
            Set<String> names = new java.util.HashSet<>();
            while (rs.next()) {
                names.add(lower(rs.getString("TABLE_NAME")));
            }
            return names;
        }
    }

    private long count(String sql) throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    private String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
