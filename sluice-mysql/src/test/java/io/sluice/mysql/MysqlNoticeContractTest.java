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
    @Disabled("documented limit (package-info): a pipelined batch runs one SHOW WARNINGS after its last execute, and"
            + " the server keeps only the last statement's warnings, so onNotice gets one execution's warnings")
    @Override
    protected void shouldPassEveryExecutionsNoticeToListenerWhenBatchRunsTheStatement() {}
}
