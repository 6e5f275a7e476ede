package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.QueryInfo;
import io.sluice.QueryListener;
import io.sluice.QueryOutcome;
import io.sluice.ServerException;
import io.sluice.Sluice;
import io.sluice.SluiceException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** COPY and PostgreSQL's own transaction outcomes as a {@link QueryListener} sees them. */
class PgObservedCopyTest {
    private final String table = "slob_copy_" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private final List<String> ended = new CopyOnWriteArrayList<>();
    private final QueryListener recorder = new QueryListener() {
        @Override
        public Object onStart(QueryInfo query) {
            return null;
        }

        @Override
        public void onEnd(QueryInfo query, Object context, QueryOutcome outcome) {
            ended.add(query.summary() + " rows=" + outcome.rows() + " affected=" + outcome.affected() + " "
                    + outcome.status().tag());
        }
    };
    private Connection connection;

    @BeforeEach
    void open() {
        connection = Sluice.connect(PgTestConfig.trust()
                .queryListener(recorder)
                .applicationName("slob_copy")
                .build());
        connection.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, name text)");
        ended.clear();
    }

    @AfterEach
    void close() {
        try {
            connection.execute("DROP TABLE IF EXISTS " + table);
        } finally {
            connection.close();
        }
    }

    @Test
    void shouldReportRowsCopiedInBothDirectionsWhenCopyRuns() {
        long in = connection.copyIn(
                "COPY " + table + " FROM STDIN",
                new ByteArrayInputStream("1\ta\n2\tb\n3\tc\n".getBytes(StandardCharsets.UTF_8)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long copied = connection.copyOut("COPY (SELECT * FROM " + table + " WHERE id < 3) TO STDOUT", out);

        assertThat(in).isEqualTo(3);
        assertThat(copied).isEqualTo(2);
        assertThat(ended)
                .containsExactly(
                        "COPY " + table + " rows=3 affected=3 ok",
                        "COPY rows=2 affected=2 ok"); // a query's COPY names no table
    }

    @Test
    void shouldReportFailedCopyWithItsServerError() {
        assertThatThrownBy(() -> connection.copyIn(
                        "COPY " + table + " FROM STDIN",
                        new ByteArrayInputStream("1\ta\n1\tduplicate\n".getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(ServerException.class);
        assertThatThrownBy(() -> connection.copyOut("COPY " + table + " FROM STDIN", new ByteArrayOutputStream()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(ended)
                .containsExactly(
                        "COPY " + table + " rows=0 affected=0 server_error",
                        "COPY " + table + " rows=0 affected=0 error");
    }

    @Test
    void shouldReportCommitOfFailedTransactionAsError() {
        connection.begin();
        assertThatThrownBy(() -> connection.execute("SELECT * FROM slob_missing_table"))
                .isInstanceOf(ServerException.class);
        assertThatThrownBy(connection::commit).isInstanceOf(SluiceException.class);
        connection.rollback(); // nothing open any more: no ROLLBACK is sent, none observed
        assertThat(ended)
                .containsExactly(
                        "BEGIN rows=0 affected=0 ok",
                        "SELECT slob_missing_table rows=0 affected=0 server_error",
                        "COMMIT rows=0 affected=0 error");
    }
}
