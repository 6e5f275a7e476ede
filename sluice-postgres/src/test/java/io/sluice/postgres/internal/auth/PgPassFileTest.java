package io.sluice.postgres.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** libpq's password file format: matching, escapes, comments, and the files it refuses to read. */
class PgPassFileTest {
    @TempDir
    Path dir;

    @Test
    void shouldReturnFirstMatchingEntryWhenSeveralMatch() {
        List<String> lines = List.of(
                "# comment:*:*:*:not-this",
                "",
                "db.example:5432:orders:alice:first",
                "*:*:*:alice:second",
                "*:*:*:*:third");
        assertThat(PgPassFile.find(lines, "db.example", "5432", "orders", "alice"))
                .isEqualTo("first");
        assertThat(PgPassFile.find(lines, "db.example", "5433", "orders", "alice"))
                .isEqualTo("second");
        assertThat(PgPassFile.find(lines, "other", "5432", "orders", "bob")).isEqualTo("third");
    }

    @Test
    void shouldReturnNullWhenNoLineMatches() {
        List<String> lines = List.of("h:5432:db:alice:pw", "h:5432:db", "h:5432:db:alice", "# *:*:*:*:pw");
        assertThat(PgPassFile.find(lines, "h", "5432", "db", "bob")).isNull();
        assertThat(PgPassFile.find(lines, "h", "5432", "d", "alice"))
                .as("a prefix of a field is no match")
                .isNull();
        assertThat(PgPassFile.find(lines, "h", "5432", "dbx", "alice"))
                .as("nor is a longer value")
                .isNull();
    }

    @Test
    void shouldUnescapeColonsAndBackslashesWhenFieldsHoldThem() {
        List<String> lines = List.of("/srv/pg\\:x:5432:my\\\\db:alice:p\\:w\\\\:d");
        assertThat(PgPassFile.find(lines, "/srv/pg:x", "5432", "my\\db", "alice"))
                .isEqualTo("p:w\\:d");
        assertThat(PgPassFile.find(List.of("h:5432:db:alice:"), "h", "5432", "db", "alice"))
                .isEmpty();
    }

    @Test
    void shouldMatchStarOnlyAsWholeField() {
        assertThat(PgPassFile.find(List.of("*x:*:*:*:pw"), "ax", "5432", "db", "u"))
                .isNull();
        assertThat(PgPassFile.find(List.of("*x:*:*:*:pw"), "*x", "5432", "db", "u"))
                .isEqualTo("pw");
    }

    @Test
    void shouldLookUpDefaultSocketDirectoryAsLocalhost() {
        assertThat(PgPassFile.lookupHost("/var/run/postgresql")).isEqualTo("localhost");
        assertThat(PgPassFile.lookupHost("/tmp")).isEqualTo("localhost");
        assertThat(PgPassFile.lookupHost("/srv/pg")).isEqualTo("/srv/pg");
        assertThat(PgPassFile.lookupHost("127.0.0.1")).isEqualTo("127.0.0.1");
    }

    @Test
    void shouldFindPasswordWhenFileIsPrivate() throws Exception {
        Path file = write("localhost:5432:db:alice:secret", "rw-------");
        PgPassFile.Lookup found = new PgPassFile(file).lookup("/tmp", 5432, "db", "alice");
        assertThat(found.password()).isEqualTo("secret");
        assertThat(found.reason()).isNull();
        PgPassFile.Lookup missed = new PgPassFile(file).lookup("localhost", 5433, "db", "alice");
        assertThat(missed.password()).isNull();
        assertThat(missed.reason()).contains("no entry", file.toString(), "port=5433", "user=alice");
    }

    @Test
    void shouldIgnoreFileWhenGroupOrOthersMayAccessIt() throws Exception {
        Path file = write("*:*:*:*:secret", "rw-r-----");
        PgPassFile.Lookup found = new PgPassFile(file).lookup("h", 5432, "db", "alice");
        assertThat(found.password()).isNull();
        assertThat(found.reason()).contains("ignored", "0600");
    }

    @Test
    void shouldExplainWhenFileIsMissingOrNotRegular() {
        assertThat(new PgPassFile(dir.resolve("none"))
                        .lookup("h", 5432, "db", "u")
                        .reason())
                .contains("no password file");
        assertThat(new PgPassFile(dir).lookup("h", 5432, "db", "u").reason()).contains("not a regular file");
    }

    @Test
    void shouldUsePassfilePropertyWhenSet() {
        assertThat(PgPassFile.of(java.util.Map.of("passfile", "/x/pgpass")).file())
                .isEqualTo(Path.of("/x/pgpass"));
        assertThat(PgPassFile.of(java.util.Map.of()).file().getFileName().toString())
                .isIn(".pgpass", "pgpass.conf");
    }

    private Path write(String content, String permissions) throws Exception {
        Path file = dir.resolve("pgpass");
        Files.writeString(file, content + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }
}
