package org.ox4j.server.algebra;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.specs.GoldenVectors;

/**
 * Test helper: the OX messages of one captured direction of the golden vectors (from the specs module's
 * classpath), with the exact CMO bytes.
 */
public final class VectorFile {

    /** One OX message: tag, serial, and for OX_DATA the decoded CMO and its exact bytes; for commands the code. */
    public record Message(int tag, int serial, Cmo cmo, byte[] cmoBytes, int command) {
        public boolean isData() {
            return tag == 514;
        }
    }

    private VectorFile() {
    }

    /** Parses {@code folder/file}. */
    public static List<Message> read(String folder, String file) {
        byte[] all = GoldenVectors.bytes(folder, file);
        ByteOrder order = all[0] == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        byte[] rest = Arrays.copyOfRange(all, 1, all.length);
        ByteBufferSource src = ByteBufferSource.of(rest, order);
        List<Message> out = new ArrayList<>();
        while (src.remaining() > 0) {
            int tag = src.readInt();
            int serial = src.readInt();
            if (tag == 514) {
                int start = src.position();
                Cmo cmo = new CmoReader(src, CmoLimits.DEFAULT).read();
                out.add(new Message(tag, serial, cmo, Arrays.copyOfRange(rest, start, src.position()), 0));
            } else if (tag == 513) {
                out.add(new Message(tag, serial, null, null, src.readInt()));
            } else {
                out.add(new Message(tag, serial, null, null, 0));
            }
        }
        return out;
    }

    /** The data messages only. */
    public static List<Message> data(String folder, String file) {
        return read(folder, file).stream().filter(Message::isData).toList();
    }
}
