package io.sluice.pool.internal;

/**
 * 64 bytes of fields that a subclass's own fields follow in memory (a superclass's fields come
 * first): two pool entries allocated one after the other then never share a cache line between the
 * end of one and the start of the next, so carriers lending neighbouring entries do not pass a line
 * back and forth (see {@link PoolEntry}).
 */
abstract class CacheLinePadding {
    long p0, p1, p2, p3, p4, p5, p6, p7;
}
