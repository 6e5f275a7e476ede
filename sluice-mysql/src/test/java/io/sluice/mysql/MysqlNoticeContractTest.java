package io.sluice.mysql;

import io.sluice.NoticeContract;
import io.sluice.ServerUnderTest;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** The shared notice contract against the real MariaDB server. */
class MysqlNoticeContractTest extends NoticeContract {
    @Override
    protected ServerUnderTest server() {
        return MysqlServerUnderTest.INSTANCE;
    }

    @Test
    @Disabled("driver bug: a stream reads through a server cursor, whose warning count the driver never notes, so"
            + " SHOW WARNINGS is not run and onNotice gets nothing (the server still lists the warning afterwards)")
    @Override
    protected void shouldPassNoticeToListenerWhenStreamRunsTheStatement() {}

    @Test
    @Disabled("driver bug: as the text stream, a prepared statement's stream hands no warning to onNotice")
    @Override
    protected void shouldPassNoticeToListenerWhenPreparedStatementStreams() {}

    @Test
    @Disabled("driver gap, undocumented: a pipelined batch runs one SHOW WARNINGS after its last execute, and the"
            + " server keeps only the last statement's warnings, so onNotice gets one execution's warnings, not each")
    @Override
    protected void shouldPassEveryExecutionsNoticeToListenerWhenBatchRunsTheStatement() {}
}
