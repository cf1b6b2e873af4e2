package org.ox4j.it.rfc102;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Envelope;
import org.ox4j.mpi.comm.Message;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.PeerWire;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.comm.Requests;
import org.ox4j.mpi.comm.SendMode;
import org.ox4j.protocol.OxTag;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.server.eval.Interruption;
import org.ox4j.server.rfc102.LinkAddress;
import org.ox4j.server.rfc102.PeerGroup;
import org.ox4j.server.rfc102.PeerGroupTransport;
import org.ox4j.server.rfc102.Rfc102Config;

/**
 * An array message that a receive is already waiting for is read off the link straight into that receive's buffer,
 * or into a new array of its kind for a receive without one; every other message (no receive posted yet, a buffer of
 * another shape) is decoded whole as before. Both ways the receiver gets the sender's values and the sender's status, over real TCP
 * links, for arrays of one element up to a few hundred kilobytes (which come off the socket in many reads).
 */
class ArraysIntoPostedBuffersIT {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private static long[] longs(int n, int seed) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = seed * 1_000_003L + i * 7919L - (i % 3 == 0 ? Long.MAX_VALUE / 3 : 0);
        }
        return a;
    }

    @Test
    void postedBuffersOfEveryKindAndSizeGetTheSendersValuesStraightOffTheLink() throws Exception {
        int[] counts = {1, 100, 1024, 8192, 30_000};
        try (LocalPeerGroups groups = new LocalPeerGroups(2, WAIT, true)) {
            Communicator sender = Communicator.world(new PeerGroupTransport(groups.member(0)));
            Communicator receiver = Communicator.world(new PeerGroupTransport(groups.member(1)));
            for (int round = 0; round < 3; round++) {
                List<Payload> buffers = new ArrayList<>();
                List<Request> recvs = new ArrayList<>();
                List<Payload> sent = new ArrayList<>();
                for (int n : counts) {
                    long[] l = longs(n, round);
                    double[] d = new double[n];
                    byte[] b = new byte[n + 3];
                    for (int i = 0; i < n; i++) {
                        d[i] = l[i] / 3.0;
                    }
                    for (int i = 0; i < b.length; i++) {
                        b[i] = (byte) (i * 31 + round);
                    }
                    sent.add(Payload.ofLongs(l));
                    sent.add(Payload.ofDoubles(d));
                    sent.add(Payload.ofBytes(b));
                    sent.add(Payload.ofLongs(l.clone()).toDirect());
                }
                for (int i = 0; i < sent.size(); i++) {
                    Payload shape = sent.get(i);
                    Payload buffer = i % 4 == 3 ? Payload.direct(shape.kind(), shape.count()) : shape.zeroedLike();
                    buffers.add(buffer);
                    recvs.add(receiver.iRecv(buffer, 0, 100 + i));
                }
                List<Request> sends = new ArrayList<>();
                for (int i = 0; i < sent.size(); i++) {
                    // every third synchronous: its acknowledgement is sent once the elements are in the buffer
                    sends.add(i % 3 == 0 ? sender.isSend(sent.get(i), 1, 100 + i) : sender.iSend(sent.get(i), 1, 100 + i));
                }
                Requests.waitAll(sends, WAIT);
                for (int i = 0; i < sent.size(); i++) {
                    Message m = recvs.get(i).awaitMessage(WAIT);
                    assertThat(m.payload()).isSameAs(buffers.get(i));
                    assertThat(m.status().source()).isZero();
                    assertThat(m.status().tag()).isEqualTo(100 + i);
                    assertThat(m.status().count()).isEqualTo(sent.get(i).count());
                    assertThat(m.status().byteCount()).isEqualTo(sent.get(i).byteSize());
                    assertThat(m.payload().onHeap()).as("message %d", i).isEqualTo(sent.get(i).onHeap());
                }
            }
            assertThat(groups.member(1).arraysReadIntoPlace()).isEqualTo(3L * 4 * counts.length);
        }
    }

    @Test
    void messagesWithoutAPostedReceiveOrWithAMisfitBufferAreDecodedWholeAsBefore() throws Exception {
        try (LocalPeerGroups groups = new LocalPeerGroups(2, WAIT, true)) {
            Communicator sender = Communicator.world(new PeerGroupTransport(groups.member(0)));
            Communicator receiver = Communicator.world(new PeerGroupTransport(groups.member(1)));
            // no receive posted yet: unexpected, then received into a buffer (the marker behind it on the link proves
            // it was read before the receive was posted)
            sender.send(Payload.ofLongs(longs(5000, 1)), 1, 1);
            sender.send(new CmoInt32(98), 1, 98);
            assertThat(receiver.recv(0, 98).payload().cmo()).isEqualTo(new CmoInt32(98));
            assertThat(receiver.recv(Payload.ofLongs(new long[5000]), 0, 1).payload().longs())
                    .containsExactly(longs(5000, 1));
            // a receive without a buffer: a new array, filled off the link
            Request plain = receiver.iRecv(0, 2);
            sender.send(Payload.ofLongs(longs(700, 2)), 1, 2);
            assertThat(plain.awaitMessage(WAIT).payload().longs()).containsExactly(longs(700, 2));
            // a buffer of another length: the usual error, and the link goes on
            Request misfit = receiver.iRecv(Payload.ofLongs(new long[10]), 0, 3);
            sender.send(Payload.ofLongs(longs(11, 3)), 1, 3);
            assertThatThrownBy(() -> misfit.awaitMessage(WAIT)).hasMessageContaining("does not fit");
            // a buffer of another kind, then one that fits, both posted before the messages come
            Request doubles = receiver.iRecv(Payload.ofDoubles(new double[64]), 0, 4);
            Request fits = receiver.iRecv(Payload.ofLongs(new long[64]), 0, 5);
            sender.send(Payload.ofLongs(longs(64, 4)), 1, 4);
            sender.send(Payload.ofLongs(longs(64, 5)), 1, 5);
            assertThatThrownBy(() -> doubles.awaitMessage(WAIT)).hasMessageContaining("does not fit");
            assertThat(fits.awaitMessage(WAIT).payload().longs()).containsExactly(longs(64, 5));
            assertThat(groups.member(1).arraysReadIntoPlace()).isEqualTo(2);
            // an any-source, any-tag receive takes the next one in place
            Request any = receiver.iRecv(Payload.ofLongs(new long[3]), Communicator.ANY_SOURCE,
                    Communicator.ANY_TAG);
            sender.send(Payload.ofLongs(1, 2, 3), 1, 9);
            Message m = any.awaitMessage(WAIT);
            assertThat(m.payload().longs()).containsExactly(1, 2, 3);
            assertThat(m.status().tag()).isEqualTo(9);
            assertThat(groups.member(1).arraysReadIntoPlace()).isEqualTo(3);
        }
    }

    /**
     * A peer whose link ends inside the elements of an array message that a posted receive had claimed: that receive
     * fails at once with the reason instead of waiting for bytes that will not come (the claim took it off the posted
     * queue, where a link failure would have found it). The peer is a raw socket that speaks the link's byte-order
     * exchange and then writes the message's head and a quarter of its elements.
     */
    @Test
    void aReceiveWhoseMessageIsCutOffFailsWithTheReason() throws Exception {
        PeerGroup member = new PeerGroup(new SerialCounter(), Rfc102Config.DEFAULT.withTimeout(WAIT));
        member.setRank(2, 1);
        int longs = 50_000;
        Request cut;
        try (member; ServerSocketChannel listening = ServerSocketChannel.open()) {
            listening.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = ((InetSocketAddress) listening.getLocalAddress()).getPort();
            CompletableFuture<Void> connected = CompletableFuture.runAsync(
                    () -> member.tcpConnect("127.0.0.1", new LinkAddress.Tcp(port), 0, new Interruption()));
            try (SocketChannel peer = listening.accept()) {
                peer.write(ByteBuffer.wrap(new byte[] {ByteOrderBytes.LITTLE_ENDIAN}));
                peer.read(ByteBuffer.allocate(1));
                connected.get(30, TimeUnit.SECONDS);
                Communicator receiver = Communicator.world(new PeerGroupTransport(member));
                cut = receiver.iRecv(Payload.ofLongs(new long[longs]), 0, 7);
                byte[] cmo = CmoWriter.toBytes(PeerWire.encode(new Envelope(Envelope.Kind.DATA, 0, 0, 7,
                        SendMode.STANDARD, 1, Payload.ofLongs(longs(longs, 9)))), ByteOrder.LITTLE_ENDIAN);
                // the message's head and a quarter of its elements, then the end of the connection
                ByteBuffer frame = ByteBuffer.allocate(8 + PeerWire.ARRAY_PREFIX_BYTES + 2 * longs)
                        .order(ByteOrder.LITTLE_ENDIAN);
                frame.putInt(OxTag.OX_DATA.code()).putInt(1).put(cmo, 0, frame.remaining()).flip();
                while (frame.hasRemaining()) {
                    peer.write(frame);
                }
            }
            assertThatThrownBy(() -> cut.awaitMessage(WAIT)).hasMessageContaining("cut off");
        }
    }
}
