package io.sluice.postgres;

import io.sluice.NoticeContract;
import io.sluice.ServerUnderTest;

/** The shared notice contract against the real PostgreSQL server. */
class PgNoticeContractTest extends NoticeContract {
    @Override
    protected ServerUnderTest server() {
        return PgServerUnderTest.INSTANCE;
    }
}
