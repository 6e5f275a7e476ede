package io.sluice.postgres.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Golden byte vectors for every frontend message, written out by hand from the specification. */
class FrontendEncoderTest {
    private final PgWriteBuffer out = new PgWriteBuffer(64);

    private String hex() {
        return HexFormat.of().formatHex(out.array(), 0, out.position());
    }

    @Test
    void shouldEncodeStartupMessageWhenGivenParameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("user", "u");
        p.put("database", "d");
        p.put("skipped", null);
        FrontendEncoder.startup(out, p);
        // length 27 | 0x00030000 | "user\0u\0" | "database\0d\0" | 0
        assertThat(hex())
                .isEqualTo("0000001b" + "00030000" + "7573657200" + "7500" + "646174616261736500" + "6400" + "00");
    }

    @Test
    void shouldEncodeSslAndCancelRequestsWhenAsked() {
        FrontendEncoder.sslRequest(out);
        FrontendEncoder.cancelRequest(out, 0x01020304, -1);
        assertThat(hex()).isEqualTo("00000008" + "04d2162f" + "00000010" + "04d2162e" + "01020304" + "ffffffff");
    }

    @Test
    void shouldEncodeCopyMessages() {
        FrontendEncoder.copyData(out, new byte[] {9, 'a', 'b', '\n', 9}, 1, 3);
        FrontendEncoder.copyDone(out);
        FrontendEncoder.copyFail(out, "no");
        // 'd' | len 7 | "ab\n" ;  'c' | len 4 ;  'f' | len 7 | "no\0"
        assertThat(hex()).isEqualTo("64" + "00000007" + "61620a" + "63" + "00000004" + "66" + "00000007" + "6e6f00");
    }

    @Test
    void shouldEncodeParseWhenGivenTypes() {
        FrontendEncoder.parse(out, "s1", "SELECT $1", new int[] {23});
        // 'P' | len 23 | "s1\0" | "SELECT $1\0" | Int16 1 | Int32 23
        assertThat(hex()).isEqualTo("50" + "00000017" + "733100" + "53454c45435420243100" + "0001" + "00000017");
    }

    @Test
    void shouldEncodeBindWithNullAndResultFormatsWhenGiven() {
        FrontendEncoder.bind(out, "", "s1", new Object[] {null}, new short[] {1, 0});
        // 'B' | len | "" | "s1" | 1 format: 0 | 1 param: -1 | 2 result formats: 1, 0
        assertThat(hex())
                .isEqualTo("42" + "00000018" + "00" + "733100" + "0001" + "0000" + "0001" + "ffffffff" + "0002" + "0001"
                        + "0000");
    }

    @Test
    void shouldEncodeBindWithTextResultsWhenFormatsAreNull() {
        FrontendEncoder.bind(out, "p", "", new Object[0], null);
        assertThat(hex()).isEqualTo("42" + "0000000d" + "7000" + "00" + "0000" + "0000" + "0000");
    }

    @Test
    void shouldEncodeDescribeExecuteCloseSyncFlushWhenAsked() {
        FrontendEncoder.describe(out, FrontendMessage.STATEMENT, "s1");
        FrontendEncoder.execute(out, "", 100);
        FrontendEncoder.close(out, FrontendMessage.PORTAL, "");
        FrontendEncoder.sync(out);
        FrontendEncoder.flush(out);
        FrontendEncoder.terminate(out);
        assertThat(hex())
                .isEqualTo("44" + "00000008" + "53" + "733100"
                        + "45" + "00000009" + "00" + "00000064"
                        + "43" + "00000006" + "50" + "00"
                        + "53" + "00000004" + "48" + "00000004" + "58" + "00000004");
    }

    @Test
    void shouldEncodeQueryAndPasswordWhenAsked() {
        FrontendEncoder.query(out, "SELECT 1");
        FrontendEncoder.passwordMessage(out, "pw");
        assertThat(hex()).isEqualTo("51" + "0000000d" + "53454c4543542031" + "00" + "70" + "00000007" + "707700");
    }

    @Test
    void shouldEncodeSaslMessagesWhenAuthenticating() {
        FrontendEncoder.saslInitialResponse(out, "SCRAM-SHA-256", new byte[] {'n', ',', ','});
        FrontendEncoder.saslResponse(out, new byte[] {'c', '='});
        // 'p' | len 25 | "SCRAM-SHA-256\0" | Int32 3 | "n,,"    'p' | len 6 | "c="
        assertThat(hex())
                .isEqualTo("70" + "00000019" + "534352414d2d5348412d32353600" + "00000003" + "6e2c2c" + "70"
                        + "00000006" + "633d");
    }
}
