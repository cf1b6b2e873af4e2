package org.ox4j.protocol.blocking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.BufferFiller;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoException;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.OxTag;
import org.ox4j.protocol.codec.OxFrames;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.protocol.handshake.HandshakeRole;

class BlockingFramingTest {
    private static final ByteOrder[] ORDERS = {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN};

    private static byte[] written(ByteOrder order, int bufferSize, OxMessage... messages) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OxMessageWriter w = new OxMessageWriter(Channels.newChannel(bytes), bufferSize);
        w.order(order);
        for (OxMessage m : messages) {
            w.send(m);
        }
        return bytes.toByteArray();
    }

    private static ChannelByteSource source(byte[] bytes, ByteOrder order, int bufferSize, Runnable afterRead) {
        ChannelByteSource in = new ChannelByteSource(Channels.newChannel(new ByteArrayInputStream(bytes)),
                bufferSize, afterRead);
        in.order(order);
        return in;
    }

    private static Cmo bigObject() {
        Random r = new Random(7);
        List<Cmo> items = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            items.add(new CmoZZ(new BigInteger(2000 + i, r).negate()));
            items.add(CmoString.of("s" + i));
        }
        items.add(new CmoZZ(new BigInteger(200_000, r)));
        return CmoList.of(items.toArray(Cmo[]::new));
    }

    @Test
    void writerProducesTheCodecsBytesInEveryOrderAndBufferSize() {
        Cmo big = bigObject();
        for (ByteOrder order : ORDERS) {
            byte[] cmo = CmoWriter.toBytes(big, order);
            ByteBuffer expected = ByteBuffer.allocate(8 + cmo.length).order(order);
            expected.putInt(OxTag.OX_DATA.code()).putInt(5).put(cmo);
            for (int size : new int[] {64, 1000, 64 * 1024}) {
                assertThat(written(order, size, new OxData(5, big))).isEqualTo(expected.array());
            }
        }
    }

    /** A gathering channel that takes at most {@code max} bytes per write and remembers each write's size. */
    private static final class ChoppyGatheringChannel implements java.nio.channels.GatheringByteChannel {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final List<Integer> writes = new ArrayList<>();
        private final int max;

        ChoppyGatheringChannel(int max) {
            this.max = max;
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) {
            int taken = 0;
            for (int i = offset; i < offset + length && taken < max; i++) {
                while (srcs[i].hasRemaining() && taken < max) {
                    bytes.write(srcs[i].get());
                    taken++;
                }
            }
            writes.add(taken);
            return taken;
        }

        @Override
        public long write(ByteBuffer[] srcs) {
            return write(srcs, 0, srcs.length);
        }

        @Override
        public int write(ByteBuffer src) {
            return (int) write(new ByteBuffer[] {src});
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aBigBodyGoesOutWithItsHeadInGatheringWritesEvenWhenTheChannelTakesLittle() {
        CmoZZ big = new CmoZZ(BigInteger.ONE.shiftLeft(1_000_000).subtract(BigInteger.ONE));
        for (ByteOrder order : ORDERS) {
            byte[] expected = written(order, 4096, new OxData(7, big), new OxCommand(8, 262));
            for (int max : new int[] {5, 1000, Integer.MAX_VALUE}) {
                ChoppyGatheringChannel ch = new ChoppyGatheringChannel(max);
                OxMessageWriter w = new OxMessageWriter(ch, 4096);
                w.order(order);
                w.send(new OxData(7, big));
                w.send(new OxCommand(8, 262));
                assertThat(ch.bytes.toByteArray()).isEqualTo(expected);
                // the head (tag, serial, ZZ tag and length) is not a write of its own
                assertThat(ch.writes.get(0)).isEqualTo(Math.min(max, expected.length - 12));
            }
        }
    }

    /**
     * A filled datum's filler writes into the writer's own buffer, a buffer's room at a time, whatever the buffer's
     * size and wherever the datum begins in it: the bytes are those of the plain datum.
     */
    @Test
    void aFilledDatumIsWrittenAsThePlainDatumOfItsBytesInPiecesThatFitTheBuffer() {
        int n = 10_007;
        byte[] content = new byte[n];
        new Random(11).nextBytes(content);
        for (int bufferSize : new int[] {64, 100, 4096, 1 << 16}) {
            List<Integer> pieces = new ArrayList<>();
            CmoDatum filled = CmoDatum.filledBy(n, (dst, offset) -> {
                pieces.add(dst.remaining());
                dst.put(content, (int) offset, dst.remaining());
            });
            OxMessage[] sent = {new OxData(1, CmoList.of(CmoString.of("x"), filled)), new OxCommand(2, 262)};
            OxMessage[] plain = {new OxData(1, CmoList.of(CmoString.of("x"), CmoDatum.of(content))),
                    new OxCommand(2, 262)};
            for (ByteOrder order : ORDERS) {
                pieces.clear();
                assertThat(written(order, bufferSize, sent)).as("buffer %d, %s", bufferSize, order)
                        .isEqualTo(written(order, bufferSize, plain));
                assertThat(pieces).allSatisfy(p -> assertThat(p).isBetween(1, bufferSize));
                assertThat(pieces.stream().mapToInt(Integer::intValue).sum()).isEqualTo(n);
            }
            assertThat(filled.filler()).as("never made into an array").isNotNull();
        }
    }

    /**
     * A filled datum whose filler has its tail in memory ({@link BufferFiller#inPlaceTail}, as an array
     * in direct memory has) is written as the plain datum of its bytes, whatever the channel takes per write: the
     * filler is asked only for the bytes before the tail, and the tail leaves in gathering writes from where it lies,
     * its own position untouched. Below {@code IN_PLACE_MIN_BYTES} the tail is filled like any other bytes.
     */
    @Test
    void aFilledDatumsTailInMemoryGoesOutFromWhereItLies() {
        for (int n : new int[] {OxMessageWriter.IN_PLACE_MIN_BYTES - 1, OxMessageWriter.IN_PLACE_MIN_BYTES, 100_003}) {
            byte[] content = new byte[n];
            new Random(n).nextBytes(content);
            int head = 4;
            ByteBuffer tail = ByteBuffer.allocateDirect(n - head).put(content, head, n - head).flip();
            List<Integer> filled = new ArrayList<>();
            CmoDatum datum = CmoDatum.filledBy(n, new BufferFiller() {
                @Override
                public void fill(ByteBuffer dst, long offset) {
                    filled.add(dst.remaining());
                    dst.put(content, (int) offset, dst.remaining());
                }

                @Override
                public ByteBuffer inPlaceTail() {
                    return tail;
                }
            });
            OxMessage[] plain = {new OxData(1, CmoList.of(CmoString.of("x"), CmoDatum.of(content))),
                    new OxCommand(2, 262)};
            boolean inPlace = n >= OxMessageWriter.IN_PLACE_MIN_BYTES;
            for (ByteOrder order : ORDERS) {
                byte[] expected = written(order, 4096, plain);
                for (int max : new int[] {7, 5000, Integer.MAX_VALUE}) {
                    filled.clear();
                    ChoppyGatheringChannel ch = new ChoppyGatheringChannel(max);
                    OxMessageWriter w = new OxMessageWriter(ch, 4096);
                    w.order(order);
                    w.send(new OxData(1, CmoList.of(CmoString.of("x"), datum)));
                    w.send(new OxCommand(2, 262));
                    assertThat(ch.bytes.toByteArray()).as("%d bytes, %s, %d per write", n, order, max)
                            .isEqualTo(expected);
                    assertThat(filled.stream().mapToInt(Integer::intValue).sum()).isEqualTo(inPlace ? head : n);
                    assertThat(tail.position()).isZero();
                }
            }
        }
    }

    @Test
    void preEncodedDataIsFramedLikeADataMessage() {
        Cmo big = bigObject();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OxMessageWriter w = new OxMessageWriter(Channels.newChannel(bytes), 128);
        w.order(ByteOrder.LITTLE_ENDIAN);
        w.sendEncodedData(9, CmoWriter.toBytes(big, ByteOrder.LITTLE_ENDIAN));
        assertThat(bytes.toByteArray()).isEqualTo(written(ByteOrder.LITTLE_ENDIAN, 128, new OxData(9, big)));
    }

    @Test
    void readerReturnsWhatTheWriterSentWithSizesAndReadHooks() {
        Cmo big = bigObject();
        OxMessage[] sent = {new OxData(1, new CmoZZ(BigInteger.TEN)), new OxCommand(2, 262), new OxData(3, big),
            new OxSyncBall(4), new OxData(5, new CmoInt32(-3))};
        for (ByteOrder order : ORDERS) {
            byte[] bytes = written(order, 256, sent);
            AtomicInteger reads = new AtomicInteger();
            OxMessageReader r = new OxMessageReader(source(bytes, order, 512, reads::incrementAndGet),
                    CmoLimits.DEFAULT);
            long total = 0;
            for (OxMessage m : sent) {
                OxFrame f = r.read();
                assertThat(f.message()).isEqualTo(m);
                assertThat(f.tag()).isEqualTo(m.tagCode());
                assertThat(f.serial()).isEqualTo(m.serial());
                total += f.bytes();
            }
            assertThat(total).isEqualTo(bytes.length);
            assertThat(reads.get()).isGreaterThan(1);
            assertThatThrownBy(r::read).isInstanceOf(UncheckedIOException.class).hasCauseInstanceOf(EOFException.class);
        }
    }

    @Test
    void skippedDataKeepsFramingAndReturnsNoMessage() {
        byte[] bytes = written(ByteOrder.BIG_ENDIAN, 4096, new OxData(1, bigObject()), new OxSyncBall(2));
        OxMessageReader r = new OxMessageReader(source(bytes, ByteOrder.BIG_ENDIAN, 100, () -> { }),
                CmoLimits.DEFAULT);
        OxFrame skipped = r.read(true);
        assertThat(skipped.message()).isNull();
        assertThat(skipped.tag()).isEqualTo(OxTag.OX_DATA.code());
        assertThat(r.read(true).message()).isEqualTo(new OxSyncBall(2));
    }

    @Test
    void unknownTagsAreRejectedOrReadAsBareHeaders() {
        ByteBuffer b = ByteBuffer.allocate(24).putInt(0x12345).putInt(7);
        b.putInt(OxTag.OX_COMMAND.code()).putInt(8).putInt(262);
        byte[] bytes = b.array();
        OxMessageReader strict = new OxMessageReader(source(bytes, ByteOrder.BIG_ENDIAN, 64, () -> { }),
                CmoLimits.DEFAULT);
        assertThatThrownBy(strict::read).isInstanceOfSatisfying(UnknownOxTagException.class,
                e -> assertThat(e.tag()).isEqualTo(0x12345));
        OxMessageReader lenient = new OxMessageReader(source(bytes, ByteOrder.BIG_ENDIAN, 64, () -> { }),
                CmoLimits.DEFAULT, OxMessageReader.UnknownTags.HEADER_ONLY);
        OxFrame header = lenient.read();
        assertThat(header.message()).isNull();
        assertThat(header.serial()).isEqualTo(7);
        assertThat(lenient.read().message()).isEqualTo(new OxCommand(8, 262));
    }

    @Test
    void localObjectsEndTheStreamEvenWhenUnknownTagsAreTolerated() {
        byte[] bytes = ByteBuffer.allocate(12).putInt(OxFrames.LOCAL_OBJECT_BASE).putInt(1).putInt(0).array();
        OxMessageReader lenient = new OxMessageReader(source(bytes, ByteOrder.BIG_ENDIAN, 64, () -> { }),
                CmoLimits.DEFAULT, OxMessageReader.UnknownTags.HEADER_ONLY);
        assertThatThrownBy(lenient::read).isInstanceOf(UnknownOxTagException.class).hasMessageContaining("local");
    }

    @Test
    void aMessageLongerThanTheLimitFailsBeforeItIsBuffered() {
        byte[] bytes = written(ByteOrder.BIG_ENDIAN, 4096, new OxData(1, bigObject()));
        CmoLimits small = CmoLimits.builder().maxMessageBytes(10_000).build();
        OxMessageReader r = new OxMessageReader(source(bytes, ByteOrder.BIG_ENDIAN, 1024, () -> { }), small);
        // the budget is what remains() reports, so the decoder refuses the length before allocating
        assertThatThrownBy(r::read).isInstanceOf(CmoException.class);
    }

    /** A list of ints, then big integers and strings: kept encoded by a reader that keeps them. */
    private static CmoList keptSizedList() {
        List<Cmo> items = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            items.add(new CmoInt32(i * 7919));
        }
        items.add(bigObject());
        return new CmoList(items);
    }

    @Test
    void aKeptListIsScannedAcrossBufferRefillsAndTheNextMessageFollowsInStep() {
        CmoList list = keptSizedList();
        for (ByteOrder order : ORDERS) {
            byte[] bytes = written(order, 4096, new OxData(1, list), new OxCommand(2, 262), new OxData(3, list));
            // odd buffer sizes: ints and byte strings straddle the scanner's windows
            for (int size : new int[] {37, 513, 64 * 1024}) {
                OxMessageReader r = new OxMessageReader(source(bytes, order, size, () -> { }), CmoLimits.DEFAULT)
                        .keepingEncoded();
                CmoList first = (CmoList) ((OxData) r.read().message()).cmo();
                assertThat(first.keptEncoding()).isNotNull();
                assertThat(first.wire(order)).isEqualTo(CmoWriter.toBytes(list, order));
                assertThat(r.read().message()).isEqualTo(new OxCommand(2, 262));
                CmoList second = (CmoList) ((OxData) r.read().message()).cmo();
                assertThat(second).isEqualTo(list);
            }
        }
    }

    @Test
    void aKeptPolynomialIsScannedAcrossBufferRefills() {
        // dense in x, y with big and small coefficients: its number terms straddle the scanner's windows
        List<org.ox4j.cmo.CmoPolynomialInOneVariable.Term> xs = new ArrayList<>();
        Random random = new Random(3);
        for (int i = 30; i >= 0; i--) {
            List<org.ox4j.cmo.CmoPolynomialInOneVariable.Term> ys = new ArrayList<>();
            for (int j = 30 - i; j >= 0; j--) {
                Cmo c = (i + j) % 4 == 0 ? new CmoInt32(i - j) : new CmoZZ(new BigInteger(40 + 7 * j, random).negate());
                ys.add(new org.ox4j.cmo.CmoPolynomialInOneVariable.Term(j, c));
            }
            xs.add(new org.ox4j.cmo.CmoPolynomialInOneVariable.Term(i, new org.ox4j.cmo.CmoPolynomialInOneVariable(1, ys)));
        }
        Cmo poly = new org.ox4j.cmo.CmoRecursivePolynomial(CmoList.of(org.ox4j.cmo.CmoIndeterminate.of("x"),
                org.ox4j.cmo.CmoIndeterminate.of("y")), new org.ox4j.cmo.CmoPolynomialInOneVariable(0, xs));
        for (ByteOrder order : ORDERS) {
            byte[] bytes = written(order, 4096, new OxData(1, poly), new OxCommand(2, 262));
            for (int size : new int[] {37, 100, 513, 64 * 1024}) {
                OxMessageReader r = new OxMessageReader(source(bytes, order, size, () -> { }), CmoLimits.DEFAULT)
                        .keepingEncoded();
                Cmo back = ((OxData) r.read().message()).cmo();
                assertThat(((org.ox4j.cmo.KeptEncoded) back).wire(order)).isEqualTo(CmoWriter.toBytes(poly, order));
                assertThat(r.read().message()).isEqualTo(new OxCommand(2, 262));
                assertThat(back).isEqualTo(poly);
            }
        }
    }

    @Test
    void aKeptListLongerThanTheMessageLimitIsRefused() {
        byte[] bytes = written(ByteOrder.LITTLE_ENDIAN, 4096, new OxData(1, keptSizedList()));
        CmoLimits small = CmoLimits.builder().maxMessageBytes(20_000).build();
        OxMessageReader r = new OxMessageReader(source(bytes, ByteOrder.LITTLE_ENDIAN, 64 * 1024, () -> { }), small)
                .keepingEncoded();
        assertThatThrownBy(r::read).isInstanceOf(CmoException.class);
    }

    @ParameterizedTest
    @EnumSource(HandshakeRole.class)
    void handshakeWritesFirstUnlessClientAndAppliesTheChosenOrder(HandshakeRole role) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OxMessageWriter w = new OxMessageWriter(Channels.newChannel(out));
        ChannelByteSource in = source(new byte[] {ByteOrderBytes.LITTLE_ENDIAN}, ByteOrder.BIG_ENDIAN, 64,
                () -> { });
        ByteOrder chosen = BlockingHandshake.exchange(role, ByteOrderBytes.LITTLE_ENDIAN, in, w);
        assertThat(chosen).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(out.toByteArray()).containsExactly(ByteOrderBytes.LITTLE_ENDIAN);
        assertThat(in.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(w.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void passwordsAreCheckedExactly() {
        byte[] good = BlockingHandshake.passwordBytes("secret");
        assertThat(BlockingHandshake.verifyPassword("secret",
                source(good, ByteOrder.BIG_ENDIAN, 64, () -> { }))).isTrue();
        assertThat(BlockingHandshake.verifyPassword("secret",
                source(BlockingHandshake.passwordBytes("secreT"), ByteOrder.BIG_ENDIAN, 64, () -> { }))).isFalse();
        assertThat(BlockingHandshake.verifyPassword("secret",
                source(BlockingHandshake.passwordBytes("sec"), ByteOrder.BIG_ENDIAN, 64, () -> { }))).isFalse();
    }
}
