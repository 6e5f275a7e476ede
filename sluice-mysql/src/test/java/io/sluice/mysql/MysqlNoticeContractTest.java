package io.sluice.mysql;

import io.sluice.NoticeContract;
import io.sluice.ServerUnderTest;

/** The shared notice contract against the real MariaDB server. */
class MysqlNoticeContractTest extends NoticeContract {
    @Override
    protected ServerUnderTest server() {
        return MysqlServerUnderTest.INSTANCE;
    }
}
