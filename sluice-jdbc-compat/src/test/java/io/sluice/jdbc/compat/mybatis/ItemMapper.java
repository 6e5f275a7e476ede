package io.sluice.jdbc.compat.mybatis;

import io.sluice.jdbc.compat.Item;
import java.util.List;
import org.apache.ibatis.annotations.Param;

/** The mapper interface bound to {@code ItemMapper.xml}. */
public interface ItemMapper {
    /** Inserts {@code item} and sets its generated id. */
    int insert(Item item);

    /** Inserts all items in one multi-row statement and sets their generated ids. */
    int insertAll(@Param("items") List<Item> items);

    /** The item with {@code id}, or null. */
    Item findById(long id);

    /** At most {@code limit} items with a quantity of at least {@code minQty}, by id. */
    List<Item> findByMinQty(@Param("minQty") int minQty, @Param("limit") int limit);

    /** Sets the quantity of the item with {@code id}. */
    int updateQty(@Param("id") long id, @Param("qty") Integer qty);
}
