package io.sluice.jdbc;

import java.sql.SQLException;
import java.sql.Savepoint;

/** A savepoint: named by the application, or numbered (the server name is then {@code sluice_savepoint_<id>}). */
final class SluiceSavepoint implements Savepoint {
    private final int id;
    private final String name;

    SluiceSavepoint(int id, String name) {
        this.id = id;
        this.name = name;
    }

    static SluiceSavepoint of(Savepoint savepoint) throws SQLException {
        if (savepoint instanceof SluiceSavepoint s) {
            return s;
        }
        throw new SQLException("not a savepoint of this driver: " + savepoint, "3B001");
    }

    String serverName() {
        return name != null ? name : "sluice_savepoint_" + id;
    }

    @Override
    public int getSavepointId() throws SQLException {
        if (name != null) {
            throw new SQLException("a named savepoint has no id: name=" + name, "3B000");
        }
        return id;
    }

    @Override
    public String getSavepointName() throws SQLException {
        if (name == null) {
            throw new SQLException("an unnamed savepoint has no name: id=" + id, "3B000");
        }
        return name;
    }
}
