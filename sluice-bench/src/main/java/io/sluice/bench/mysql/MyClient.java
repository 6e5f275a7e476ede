package io.sluice.bench.mysql;

import org.openjdk.jmh.infra.Blackhole;

/**
 * One system's connection running one workload; each benchmark thread owns one. {@link #run} does
 * one operation and feeds everything it read to the blackhole.
 */
interface MyClient extends AutoCloseable {
    void run(Blackhole bh) throws Exception;

    @Override
    void close() throws Exception;

    static MyClient open(String system, MyWorkload workload) throws Exception {
        return system.equals(MyEndpoint.SLUICE) ? new SluiceMyClient(workload) : new JdbcMyClient(system, workload);
    }
}
