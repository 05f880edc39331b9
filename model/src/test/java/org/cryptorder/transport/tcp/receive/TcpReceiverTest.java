package org.cryptorder.transport.tcp.receive;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.Time;
import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.SocketLock;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.wire.FlowAddress;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import org.cryptorder.transport.wire.PayloadStream;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * The receiver's ACKs for hand-made arrivals: when they go (quick ACKs, every second segment, the
 * delayed-ACK timer, SACK compression) and what they say (cumulative ACK, SACK blocks, D-SACK,
 * window). Times in ns; segments of 1416 octets.
 */
class TcpReceiverTest {
    static final int MSS = 1416;

    /** An ACK as the sender would read it. */
    record Ack(long timeNs, long ack, int window, long[] sack, int tsEcr) {
        long sackStart(int i) {
            return sack[2 * i];
        }

        long sackEnd(int i) {
            return sack[2 * i + 1];
        }

        int blocks() {
            return sack.length / 2;
        }
    }

    final Simulator sim = EventListKind.DEFAULT.newSimulator();
    final List<Ack> acks = new ArrayList<>();
    TcpConfig cfg;
    TcpReceiver receiver;

    void build(TcpConfig c) {
        build(c, ReadPath.INSTANT);
    }

    void build(TcpConfig c, ReadPath read) {
        cfg = c;
        FlowAddress a = FlowAddress.example();
        receiver = new TcpReceiver(sim, cfg, a.reversed(), (buf, off, len) -> {
            Ipv4TcpHeader h = new Ipv4TcpHeader();
            assertThat(h.parse(buf, off, len)).isEqualTo(Ipv4TcpHeader.ParseResult.OK);
            long[] s = new long[2 * h.sackCount()];
            for (int i = 0; i < h.sackCount(); i++) {
                s[2 * i] = Ipv4TcpHeader.unwrap(h.sackStart(i), cfg.senderIsn(), 0) / MSS;
                s[2 * i + 1] = Ipv4TcpHeader.unwrap(h.sackEnd(i), cfg.senderIsn(), 0) / MSS;
            }
            acks.add(new Ack((long) sim.time(),
                    Ipv4TcpHeader.unwrap(h.ack(), cfg.senderIsn(), 0) / MSS, h.window(), s, h.tsEcr()));
        }, read);
    }

    /** Segment {@code n} (from 0) arrives at {@code t}. */
    void arrive(long n, long t) {
        arriveWithPayloadOf(n, n * MSS, t, false);
    }

    /** Segments 0 to 39 in order, 1 us apart from t = 0: past the 16 quick ACKs. */
    void arriveFortyInOrder() {
        for (int n = 0; n < 40; n++) {
            arrive(n, 1_000L * n);
        }
    }

    /** A segment whose payload is the stream's from {@code streamOffset} but that claims to be segment {@code n}. */
    void arriveWithPayloadOf(long n, long streamOffset, long t, boolean spoilChecksum) {
        arrive(n, streamOffset, 1000 + (int) n, t, spoilChecksum);
    }

    /** Segment {@code n} with TSval {@code tsVal} (the others carry 1000 + n). */
    void arriveWithTsVal(long n, int tsVal, long t) {
        arrive(n, n * MSS, tsVal, t, false);
    }

    private void arrive(long n, long streamOffset, int tsVal, long t, boolean spoilChecksum) {
        new Event(sim) {
            @Override
            public void actions() {
                Ipv4TcpHeader h = new Ipv4TcpHeader().address(FlowAddress.example())
                        .seq(Ipv4TcpHeader.wire(n * MSS, cfg.senderIsn())).ack(cfg.receiverIsn())
                        .timestamp(tsVal, 0);
                byte[] b = new byte[1600];
                PayloadStream.fill(b, h.headerLength(), streamOffset, MSS);
                int len = h.write(b, 0, MSS);
                if (spoilChecksum) {
                    b[h.headerLength() + 700] ^= 0x10;
                }
                receiver.receive(b, 0, len);
            }
        }.schedule(Time.ns(t));
    }

    /** Segments {@code from} to {@code from + n - 1} merged by GRO into one skb, arriving at {@code t}. */
    void arriveMerged(long from, int n, long t) {
        new Event(sim) {
            @Override
            public void actions() {
                Ipv4TcpHeader h = new Ipv4TcpHeader().address(FlowAddress.example())
                        .seq(Ipv4TcpHeader.wire(from * MSS, cfg.senderIsn())).ack(cfg.receiverIsn())
                        .timestamp(1000 + (int) from, 0);
                byte[] b = new byte[h.headerLength() + n * MSS];
                PayloadStream.fill(b, h.headerLength(), from * MSS, n * MSS);
                int len = h.write(b, 0, n * MSS);
                receiver.receive(b, 0, len, MSS);
            }
        }.schedule(Time.ns(t));
    }

    void run(long until) {
        new Event(sim) {
            @Override
            public void actions() {
                sim.stop();
            }
        }.schedule(Time.ns(until));
        sim.start();
    }

    @Test
    void aGroPacketOfTwentySegmentsIsOneSkbAndGetsOneAck() {
        build(TcpConfig.linux(MSS));
        arriveFortyInOrder();
        arriveMerged(40, 20, 2_000_000);
        run(3_000_000);
        List<Ack> after = acks.stream().filter(a -> a.timeNs() >= 2_000_000).toList();
        assertThat(after).as("one ACK decision for the merged skb: more than one full segment, ACK now").hasSize(1);
        assertThat(after.get(0).ack()).isEqualTo(60);
        assertThat(after.get(0).timeNs()).isEqualTo(2_000_000);
        assertThat(receiver.counters().segmentsIn()).as("gso_segs counted").isEqualTo(60);
        assertThat(receiver.counters().bytesDelivered()).isEqualTo(60L * MSS);
    }

    @Test
    void aSegmentCarryingOtherDataIsAPayloadErrorAndOneWithABadChecksumIsABadPacket() {
        build(TcpConfig.linux(MSS));
        arrive(0, 1_000);
        arriveWithPayloadOf(1, 5L * MSS, 2_000, false);  // valid checksum, wrong octets
        arriveWithPayloadOf(1, MSS, 3_000, true);        // right octets but one flipped: checksum fails
        arriveWithPayloadOf(1, 7L * MSS + 3, 4_000, true);  // wrong octets and checksum fails
        arrive(1, 5_000);
        run(1_000_000);
        TcpReceiverCounters c = receiver.counters();
        assertThat(c.payloadErrors()).isEqualTo(1);
        assertThat(c.badPackets()).isEqualTo(2);
        assertThat(c.segmentsIn()).isEqualTo(3);
        assertThat(c.bytesDelivered()).isEqualTo(2L * MSS);
    }

    @Test
    void aSegmentClaimingAPlaceBeforeTheStreamIsAPayloadErrorNotACrash() {
        build(TcpConfig.linux(MSS));
        arriveWithPayloadOf(-1, 0, 1_000, false);  // sequence number one segment before the first octet
        run(1_000_000);
        assertThat(receiver.counters().payloadErrors()).isEqualTo(1);
        assertThat(receiver.counters().bytesDelivered()).isZero();
    }

    @Test
    void sixteenQuickAcksThenEverySecondSegment() {
        build(TcpConfig.linux(MSS));
        arriveFortyInOrder();
        run(1_000_000);
        assertThat(acks).hasSize(16 + 12);
        for (int i = 0; i < 16; i++) {
            assertThat(acks.get(i).ack()).isEqualTo(i + 1);
        }
        for (int i = 16; i < 28; i++) {
            assertThat(acks.get(i).ack()).as("ACK %d", i).isEqualTo(16 + 2 * (i - 15));
        }
        assertThat(receiver.counters().bytesDelivered()).isEqualTo(40L * MSS);
        assertThat(receiver.counters().payloadErrors()).isZero();
    }

    @Test
    void loneSegmentIsAckedByTheDelayedAckTimerOnATick() {
        build(TcpConfig.linux(MSS));
        arriveFortyInOrder();
        arrive(40, 10_100_000);
        run(100_000_000);
        Ack last = acks.get(acks.size() - 1);
        assertThat(last.ack()).isEqualTo(41);
        assertThat(last.timeNs()).as("ato 40 ms = 10 jiffies of 4 ms after jiffy 2")
                .isEqualTo(48_000_000L);
        assertThat(receiver.counters().delayedAcks()).isEqualTo(1);
    }

    /**
     * A hole at 40, then 41..60: three ACKs at once (TCP_FASTRETRANS_THRESH), then one ACK held
     * back for the compression delay (no RTT estimate yet: 0, plus 100 us of slack) that stands for
     * 17 arrivals; the hole filled: an immediate ACK with no SACK block left.
     */
    @Test
    void outOfOrderAcksThenCompressionThenHoleFilled() {
        build(TcpConfig.linux(MSS));
        arriveFortyInOrder();
        long t0 = 1_000_000;
        for (int n = 41; n <= 60; n++) {
            arrive(n, t0 + 1_000L * (n - 41));
        }
        arrive(40, 2_000_000);
        run(10_000_000);
        List<Ack> ofo = acks.subList(28, acks.size());
        assertThat(ofo).hasSize(5);
        for (int i = 0; i < 3; i++) {
            assertThat(ofo.get(i).timeNs()).isEqualTo(t0 + 1_000L * i);
            assertThat(ofo.get(i).ack()).isEqualTo(40);
            assertThat(ofo.get(i).blocks()).isEqualTo(1);
            assertThat(ofo.get(i).sackStart(0)).isEqualTo(41);
            assertThat(ofo.get(i).sackEnd(0)).isEqualTo(42 + i);
        }
        assertThat(ofo.get(3).timeNs()).isEqualTo(t0 + 3_000 + 100_000);
        assertThat(ofo.get(3).sackEnd(0)).isEqualTo(61);
        assertThat(ofo.get(4).timeNs()).isEqualTo(2_000_000);
        assertThat(ofo.get(4).ack()).isEqualTo(61);
        assertThat(ofo.get(4).blocks()).isZero();
        assertThat(receiver.counters().compressedAcks()).isEqualTo(16);
        assertThat(receiver.counters().outOfOrderSegments()).isEqualTo(20);
        assertThat(receiver.counters().bytesDelivered()).isEqualTo(61L * MSS);
    }

    @Test
    void everyOutOfOrderSegmentAckedAtOnceWithoutCompression() {
        TcpConfig c = TcpConfig.linux(MSS);
        build(c.withAcks(c.acks().withCompSackNr(0)));
        arriveFortyInOrder();
        for (int n = 41; n <= 60; n++) {
            arrive(n, 1_000_000 + 1_000L * (n - 41));
        }
        run(10_000_000);
        assertThat(acks).hasSize(28 + 20);
        assertThat(acks.get(acks.size() - 1).sackEnd(0)).isEqualTo(61);
    }

    @Test
    void duplicateGetsADsackFirstThenTheSackBlocks() {
        build(TcpConfig.linux(MSS));
        arriveFortyInOrder();
        arrive(42, 1_000_000);
        arrive(44, 1_001_000);
        arrive(5, 1_002_000);
        run(5_000_000);
        Ack d = acks.get(acks.size() - 1);
        assertThat(d.timeNs()).isEqualTo(1_002_000);
        assertThat(d.ack()).isEqualTo(40);
        assertThat(d.blocks()).isEqualTo(3);
        assertThat(new long[] {d.sackStart(0), d.sackEnd(0)}).as("D-SACK").containsExactly(5, 6);
        assertThat(new long[] {d.sackStart(1), d.sackEnd(1)}).as("latest first").containsExactly(44, 45);
        assertThat(new long[] {d.sackStart(2), d.sackEnd(2)}).containsExactly(42, 43);
        TcpReceiverCounters c = receiver.counters();
        assertThat(c.duplicateSegments()).isEqualTo(1);
        assertThat(c.dsackOldSent()).isEqualTo(1);
    }

    @Test
    void sackBlocksMostRecentFirstAtMostThree() {
        build(TcpConfig.linux(MSS));
        arrive(0, 0);
        for (int k = 1; k <= 4; k++) {
            arrive(2L * k, 1_000L * k);
        }
        arrive(3, 10_000);
        run(1_000_000);
        Ack a = acks.get(4);
        assertThat(a.blocks()).isEqualTo(3);
        assertThat(new long[] {a.sackStart(0), a.sackStart(1), a.sackStart(2)})
                .containsExactly(8, 6, 4);
        Ack b = acks.get(5);
        assertThat(new long[] {b.sackStart(0), b.sackEnd(0)}).as("3 merged 2..4 and moved first")
                .containsExactly(2, 5);
        assertThat(b.blocks()).isEqualTo(3);
    }

    @Test
    void windowShrinksNotWhileOutOfOrderDataWaits() {
        build(TcpConfig.linux(MSS));
        arrive(0, 0);
        for (int n = 2; n < 30; n++) {
            arrive(n, 1_000L * n);
        }
        run(1_000_000);
        int first = acks.get(0).window();
        assertThat(first).isEqualTo((int) ((3L << 20) >> 7));
        assertThat(acks).allSatisfy(a -> assertThat(a.window()).isEqualTo(first));
        assertThat(receiver.outOfOrderBytes()).isEqualTo(28L * MSS);
    }

    /** ns-3: no quick ACKs (first segment waits for the second), out of order ACKed at once, no D-SACK. */
    @Test
    void textbookReceiver() {
        build(TcpConfig.textbook(MSS));
        long t = 300_000_000;
        arrive(0, 0);
        arrive(1, t);
        arrive(2, t + 1_000);
        arrive(4, t + 2_000);
        arrive(1, t + 3_000);
        run(1_000_000_000);
        assertThat(acks).extracting(Ack::timeNs).containsExactly(200_000_000L, t + 1_000,
                t + 2_000, t + 3_000);
        assertThat(acks).extracting(Ack::ack).containsExactly(1L, 3L, 3L, 3L);
        assertThat(acks.get(3).blocks()).as("no D-SACK, the SACK only").isEqualTo(1);
        assertThat(receiver.counters().dsackOldSent()).isZero();
        assertThat(receiver.counters().duplicateSegments()).isEqualTo(1);
    }

    /**
     * {@code tcp_replace_ts_recent} and {@code tcp_paws_discard}: the echo never moves back, and
     * data more than one tick older than it is dropped with an ACK at once, a D-SACK if it was old.
     */
    @Test
    void echoNeverMovesBackAndPawsDropsOlderData() {
        build(TcpConfig.linux(MSS));
        arriveFortyInOrder();
        arriveWithTsVal(40, 1037, 1_000_000);
        arriveWithTsVal(42, 1030, 1_001_000);
        arriveWithTsVal(5, 1005, 1_002_000);
        arriveWithTsVal(41, 1041, 1_003_000);
        run(5_000_000);
        Ack inOrder = acks.stream().filter(a -> a.ack() == 41).findFirst().orElseThrow();
        assertThat(inOrder.tsEcr()).as("ts_recent is 1038, segment 38's (39 came after the ACK at 38,"
                + " beyond rcv_wup); 1037 is within a tick of it: accepted, not echoed").isEqualTo(1038);
        Ack paws = acks.stream().filter(a -> a.timeNs() == 1_001_000).findFirst().orElseThrow();
        assertThat(paws.ack()).as("segment 42 dropped, not queued").isEqualTo(41);
        assertThat(paws.blocks()).isZero();
        Ack old = acks.stream().filter(a -> a.timeNs() == 1_002_000).findFirst().orElseThrow();
        assertThat(new long[] {old.sackStart(0), old.sackEnd(0)}).as("D-SACK").containsExactly(5, 6);
        Ack last = acks.get(acks.size() - 1);
        assertThat(last.ack()).as("42 was never queued").isEqualTo(42);
        assertThat(last.tsEcr()).isEqualTo(1041);
        TcpReceiverCounters c = receiver.counters();
        assertThat(c.pawsRejected()).isEqualTo(2);
        assertThat(c.outOfOrderSegments()).isZero();
        assertThat(c.dsackOldSent()).isEqualTo(1);
    }

    /** ns-3 has no PAWS: the old segment is queued. */
    @Test
    void textbookReceiverHasNoPaws() {
        build(TcpConfig.textbook(MSS));
        arriveFortyInOrder();
        arriveWithTsVal(42, 1030, 1_001_000);
        run(5_000_000);
        assertThat(receiver.counters().pawsRejected()).isZero();
        assertThat(receiver.counters().outOfOrderSegments()).isEqualTo(1);
    }

    // ---- a modelled reader (Linux 6.18's receive window) ----

    private static final ReadPath LINUX_618 = ReadPath.builder().reader(131072, 0, 1).rmem(131072, 32L << 20).build();

    void buildWithReader() {
        build(TcpConfig.linux(MSS).withWindowScale(LINUX_618.windowScale()));
        FlowAddress a = FlowAddress.example();
        ReceiverOwner none = ReceiverOwner.NONE;
        receiver = new TcpReceiver(sim, cfg, a.reversed(), (buf, off, len) -> {
            Ipv4TcpHeader h = new Ipv4TcpHeader();
            assertThat(h.parse(buf, off, len)).isEqualTo(Ipv4TcpHeader.ParseResult.OK);
            acks.add(new Ack((long) sim.time(), Ipv4TcpHeader.unwrap(h.ack(), cfg.senderIsn(), 0) / MSS, h.window(),
                    new long[0], h.tsEcr()));
        }, LINUX_618);
        receiver.owner(none);
    }

    /** iperf3 -s reads what is readable at {@code t} ({@code tcp_recvmsg}, then {@code tcp_cleanup_rbuf}). */
    void readAt(long t) {
        new Event(sim) {
            @Override
            public void actions() {
                receiver.cleanupRbuf(receiver.read(1 << 20));
            }
        }.schedule(Time.ns(t));
    }

    /** The ACKs sent in [from, to) at {@code phase} ns past a multiple of 100 us: 0 on arrivals, 10,000 after reads. */
    long acksBetween(long from, long to, long phase) {
        return acks.stream().filter(x -> x.timeNs() >= from && x.timeNs() < to && x.timeNs() % 100_000 == phase).count();
    }

    /**
     * Segments 100 us apart, each read 10 us after it came, except {@code burstAt} and the one after it, which come
     * 1 us apart and are read together: {@code tcp_cleanup_rbuf} ACKs that read (two segments unacknowledged) and
     * advertises the window with nothing unread.
     */
    void arriveAndRead(long from, long to, long t0, long burst) {
        long t = t0;
        for (long n = from; n < to; n++) {
            if (n == burst) {
                arrive(n, t);
                arrive(n + 1, t + 1_000);
                readAt(t + 10_000);
                n++;
            } else {
                arrive(n, t);
                readAt(t + 10_000);
            }
            t += 100_000;
        }
    }

    @Test
    void anOutOfOrderSegmentOnEmptyQueuesGrowsRcvSsthreshToTheFullWindowAndTheAcksThenWaitForTheReads() {
        buildWithReader();
        ReceiveBuffer b = receiver.buffer();
        long[] before = new long[2];
        long[] after = new long[2];
        // 44 segments in all stay under the receiver's first RTT sample (a window's worth), so autotuning leaves
        // sk_rcvbuf at tcp_rmem[1]
        arriveAndRead(0, 30, 0, 23);          // 0..29 from 0 to 2.8 ms; 23 and 24 together at 2.3 ms
        probe(2_950_000, before, b);
        arrive(31, 3_000_000);                // 31 before 30, on empty queues
        probe(3_000_001, after, b);
        arrive(30, 3_100_000);
        readAt(3_110_000);
        arriveAndRead(32, 44, 3_200_000, 34); // 34 and 35 together at 3.4 ms, then 36..43 from 3.5 to 4.2 ms
        run(5_000_000);
        long full = 131072L * b.scalingRatio() / 256;
        long unit = 1L << LINUX_618.windowScale();
        assertThat(b.rcvbuf()).as("no autotuning yet").isEqualTo(131072);
        assertThat(before[1]).isEqualTo(full);
        assertThat(before[0]).as("tcp_grow_window in order: the arriving segment is charged first")
                .isEqualTo(full - b.winFromSpace(SocketLock.RX_TRUESIZE));
        assertThat(ceilDiv(before[0], unit)).as("so the window rounds up alike with one segment unread or none")
                .isEqualTo(ceilDiv(full - b.winFromSpace(SocketLock.RX_TRUESIZE), unit));
        assertThat(windowOfAckAt(2_310_000)).as("two unread held the burst's ACK to the read, which advertised")
                .isEqualTo(ceilDiv(before[0], unit));
        assertThat(acksBetween(2_350_000, 2_950_000, 0)).as("no more than an arrival can: the second arrival ACKs again")
                .isEqualTo(2);
        assertThat(acksBetween(2_350_000, 2_950_000, 10_000)).as("no ACK after a single segment's read").isZero();
        assertThat(after[0]).as("tcp_data_queue_ofo grows it before skb_set_owner_r: the full window").isEqualTo(full);
        assertThat(ceilDiv(full, unit)).as("one segment unread now costs a unit of window")
                .isGreaterThan(ceilDiv(full - b.winFromSpace(SocketLock.RX_TRUESIZE), unit));
        assertThat(windowOfAckAt(3_410_000)).as("the burst's read ACK advertises the full window")
                .isEqualTo(ceilDiv(full, unit));
        assertThat(acksBetween(3_450_000, 4_250_000, 0)).as("more than an arrival can: no ACK on arrival").isZero();
        assertThat(acksBetween(3_450_000, 4_250_000, 10_000)).as("tcp_cleanup_rbuf sends them after every second read")
                .isEqualTo(4);
        assertThat(receiver.counters().readAcks()).as("the two bursts' reads, then those four").isEqualTo(6);
    }

    /**
     * {@code tcp_rcv_rtt_update}: before Linux 6.16 timestamp samples are smoothed (an eighth of
     * each); from 6.16 (and 6.12.35 in its stable tree) a lower sample replaces the estimate, a
     * higher one is smoothed in, and from 6.16 only while nothing is unread (a00f135cd986).
     */
    @Test
    void theReceiversRttIsSmoothedBefore616AndKeptAtItsMinimumFrom() {
        long ms = 1_000_000;
        build(TcpConfig.linux(MSS), ReadPath.INSTANT.withRcvRtt(ReadPath.RcvRtt.EWMA));
        receiver.rcvRttUpdate(4 * ms, false);
        receiver.rcvRttUpdate(1 * ms, false);
        assertThat(receiver.rcvRtt8Ns()).as("EWMA: 4 ms less an eighth plus 1 ms, times 8").isEqualTo(8 * 4 * ms - 4 * ms + ms);
        buildWithReader();
        receiver.rcvRttUpdate(4 * ms, false);
        receiver.rcvRttUpdate(1 * ms, false);
        assertThat(receiver.rcvRtt8Ns()).as("the lower sample latched").isEqualTo(8 * ms);
        receiver.rcvRttUpdate(9 * ms, false);
        assertThat(receiver.rcvRtt8Ns()).as("a higher one smoothed in, nothing unread").isEqualTo(8 * ms - ms + 9 * ms);
        receiver.rcvRttUpdate(90 * ms, true);
        assertThat(receiver.rcvRtt8Ns()).as("a higher window-based sample dropped").isEqualTo(16 * ms);
    }

    /**
     * a00f135cd986 (6.16 on, not in the stable trees): while data is unread a higher timestamp
     * sample is dropped, so a slow reader does not inflate the estimate; 6.12.35's rule smooths it in.
     */
    @Test
    void from616AHigherSampleIsDroppedWhileDataIsUnread() {
        long ms = 1_000_000;
        for (ReadPath.RcvRtt rule : new ReadPath.RcvRtt[] {ReadPath.RcvRtt.MIN_IDLE_QUEUE, ReadPath.RcvRtt.MIN}) {
            acks.clear();
            build(TcpConfig.linux(MSS).withWindowScale(LINUX_618.windowScale()), LINUX_618.withRcvRtt(rule));
            receiver.owner(ReceiverOwner.NONE);
            arrive(0, 1_000);
            run(2_000);
            assertThat(receiver.unread()).as("segment 0 is not read").isEqualTo(MSS);
            receiver.rcvRttUpdate(1 * ms, false);
            receiver.rcvRttUpdate(9 * ms, false);
            assertThat(receiver.rcvRtt8Ns()).as(rule.name())
                    .isEqualTo(rule == ReadPath.RcvRtt.MIN_IDLE_QUEUE ? 8 * ms : 8 * ms - ms + 9 * ms);
        }
    }

    /** The window field (scaled) of the ACK sent at {@code t}. */
    long windowOfAckAt(long t) {
        return acks.stream().filter(x -> x.timeNs() == t).findFirst().orElseThrow().window();
    }

    /** The window {@code __tcp_select_window} advertises for {@code space}: ALIGN rounds it up to the scale's unit. */
    static long ceilDiv(long space, long unit) {
        return (space + unit - 1) / unit;
    }

    /** At {@code t}, {@code rcv_ssthresh} and {@code window_clamp} into {@code into}. */
    void probe(long t, long[] into, ReceiveBuffer b) {
        new Event(sim) {
            @Override
            public void actions() {
                into[0] = b.rcvSsthresh();
                into[1] = b.windowClamp();
            }
        }.schedule(Time.ns(t));
    }
}
