package io.sluice.jdbc.compat.jdbi;

import io.sluice.jdbc.compat.Item;
import java.util.List;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindBean;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** A Jdbi SqlObject over {@code compat_item}. */
public interface ItemDao {
    /** Inserts every item in one JDBC batch. */
    @SqlBatch("INSERT INTO compat_item (name, qty, price, added) VALUES (:name, :qty, :price, :added)")
    int[] insertAll(@BindBean List<Item> items);

    /** Inserts one item and returns its generated id. */
    @SqlUpdate("INSERT INTO compat_item (name, qty) VALUES (:name, :qty)")
    @GetGeneratedKeys("id")
    long insert(@BindBean Item item);

    /** The names of the items with at least {@code min} of quantity, by name. */
    @SqlQuery("SELECT name FROM compat_item WHERE qty >= :min ORDER BY name")
    List<String> namesWithQtyOfAtLeast(@Bind("min") int min);
}
