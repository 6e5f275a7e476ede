package io.sluice.bench.pg;

import org.openjdk.jmh.infra.Blackhole;

/**
 * One system's connection running one workload; a benchmark thread owns one. Each call runs one
 * operation (one query, every row and every column read) and feeds what it read to the blackhole.
 */
public interface PgClient extends AutoCloseable {

    /** Runs one operation. */
    void run(Blackhole bh) throws Exception;

    @Override
    void close() throws Exception;
}
