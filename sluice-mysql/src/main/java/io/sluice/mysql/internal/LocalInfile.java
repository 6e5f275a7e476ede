package io.sluice.mysql.internal;

import io.sluice.SluiceException;
import io.sluice.mysql.internal.protocol.PacketReader;
import io.sluice.mysql.internal.protocol.PacketWriter;
import io.sluice.mysql.internal.protocol.Payload;
import java.util.List;

/**
 * The client side of LOAD DATA LOCAL INFILE (https://mariadb.com/kb/en/local_infile-packet/): the
 * server names a file and the client sends its contents. A server may ask for any file, so only files
 * listed in the {@code local_infile_files} setting are sent; for any other an empty reply ends the
 * request and the caller gets a {@link SluiceException}.
 */
final class LocalInfile {
    private LocalInfile() {}

    /**
     * Sends the requested file if it is listed, else an empty reply; returns the exception to throw once
     * the server has answered, or null when the file was sent.
     */
    static SluiceException answer(List<String> allowed, PacketReader reader, PacketWriter writer, Payload p) {
        p.skip(1);
        String file = p.readRestString();
        if (!file.isEmpty() && allowed.contains(file)) {
            try {
                byte[] data = java.nio.file.Files.readAllBytes(java.nio.file.Path.of(file));
                writer.begin(reader.sequence()).bytes(data).end();
                writer.begin(writer.nextSequence()).end();
            } catch (java.io.IOException e) {
                writer.begin(reader.sequence()).end();
            }
        } else {
            writer.begin(reader.sequence()).end(); // an empty packet: no data
        }
        reader.expectSequence(writer.nextSequence());
        writer.flush();
        // The server's OK or ERR for the load follows; the result reader takes it from here.
        return allowed.contains(file)
                ? null
                : new SluiceException("LOAD DATA LOCAL INFILE refused: file=" + file
                        + " (setting local_infile_files lists the files that may be sent)");
    }
}
