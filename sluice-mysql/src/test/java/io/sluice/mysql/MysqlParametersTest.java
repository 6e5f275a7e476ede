package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.ConnectionConfig;
import io.sluice.NamedParams;
import io.sluice.ParametersContract;
import io.sluice.Row;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Portable parameters against the real MariaDB server, with MySQL's quoting and comments. */
class MysqlParametersTest extends ParametersContract {
    @Override
    protected ConnectionConfig config() {
        return MysqlTestSupport.root().build();
    }

    @Override
    protected String createTable(String name) {
        return "CREATE TEMPORARY TABLE " + name + " (id INT PRIMARY KEY, name TEXT, price DECIMAL(10,2), day DATE)";
    }

    private static List<Object> values(Row r) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < r.columnCount(); i++) {
            out.add(r.getString(i));
        }
        return out;
    }

    @Test
    void shouldSkipBackticksBackslashesAndCommentsWhenNamesAreBound() {
        String sql = "SELECT :v + 1 AS `a?:v`, '?:v', 'it\\'s :v ?', \"dq :v\", @slpm_x := :v # :v ?\n"
                + ", :v -- :v ?\n /* :v ? */";
        assertThat(same(() -> connection.query(sql, MysqlParametersTest::values, NamedParams.of("v", 5))))
                .containsExactly(List.of("6", "?:v", "it's :v ?", "dq :v", "5", "5"));
    }
}
