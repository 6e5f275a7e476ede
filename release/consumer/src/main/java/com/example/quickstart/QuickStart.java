package com.example.quickstart;

import io.sluice.Connection;
import io.sluice.IsolationLevel;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.Sluice;
import java.util.List;

/**
 * The root README's quick start, compiled and run by bin/check-consumer against a local PostgreSQL.
 * The lines between the quick-start markers are the README's code block (bin/check-docs compares
 * them); what surrounds them makes the tables the snippet reads and checks what it did.
 */
public final class QuickStart {

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "postgresql://postgres@127.0.0.1:5432/test?sslmode=disable";
        try (Connection c = Sluice.connect(url)) {
            c.execute("CREATE TEMPORARY TABLE customer (id int PRIMARY KEY, name text, active boolean)");
            c.execute("CREATE TEMPORARY TABLE cart (id int PRIMARY KEY)");
            c.execute("INSERT INTO customer SELECT g, 'rel-' || g, false FROM generate_series(1, 200) g");
            c.execute("INSERT INTO cart VALUES (7), (8)");

            // quick-start:begin
            List<String> names = c.query("SELECT name FROM customer WHERE id > $1", row -> row.getString(0), 100);
            long updated = c.execute("UPDATE customer SET active = $1 WHERE id = $2", true, 42);
            c.transaction(IsolationLevel.SERIALIZABLE, tx -> tx.execute("DELETE FROM cart WHERE id = $1", 7));
            long seen = 0;
            try (RowStream rows = c.stream("SELECT * FROM customer", 50)) { // bounded memory, even in autocommit
                while (rows.hasNext()) {
                    Row r = rows.next();
                    seen += r.getInt("id") > 0 ? 1 : 0;
                }
            }
            // quick-start:end

            long active = c.query("SELECT count(*) FROM customer WHERE active", row -> row.getLong(0)).getFirst();
            long carts = c.query("SELECT count(*) FROM cart", row -> row.getLong(0)).getFirst();
            check(names.size() == 100 && names.stream().allMatch(n -> n.startsWith("rel-")), "query returned " + names);
            check(updated == 1 && active == 1, "update reported " + updated + " rows, " + active + " active");
            check(carts == 1, "the transaction left " + carts + " carts");
            check(seen == 200, "the stream saw " + seen + " rows");
            System.out.println("quick start: " + names.size() + " names, " + updated + " updated, "
                    + seen + " streamed, driver " + c.serverInfo().product() + " " + c.serverInfo().version());
        }
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("quick start: " + what);
        }
    }
}
