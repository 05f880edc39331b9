package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.macsec.MacsecFrame;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/** GRO at the MACsec device's GRO cell: what merges, what flushes, what stays apart. */
class GroCellTest {
    static final int MSS = 1448;
    final Simulator sim = EventListKind.DEFAULT.newSimulator();
    final Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
    /** Each skb that went up: its frames' sequence numbers (segment index within its flow), flow first. */
    final List<String> up = new ArrayList<>();
    long id;

    /** A TCP/IPv4 data segment in an Ethernet frame, as MACsec hands it up decrypted. */
    static byte[] segment(int flow, long seq, int payload, int ipId, int flags, int tsVal) {
        byte[] b = new byte[14 + 20 + 32 + payload];
        b[12] = 0x08;
        int ip = 14;
        b[ip] = 0x45;
        put16(b, ip + 2, 20 + 32 + payload);
        put16(b, ip + 4, ipId);
        put16(b, ip + 6, 0x4000);
        b[ip + 8] = 64;
        b[ip + 9] = 6;
        b[ip + 12] = 10;
        b[ip + 15] = 1;
        b[ip + 16] = 10;
        b[ip + 19] = 2;
        int t = ip + 20;
        put16(b, t, 40000 + flow);
        put16(b, t + 2, 5201);
        put32(b, t + 4, seq);
        put32(b, t + 8, 77);
        b[t + 12] = (byte) (8 << 4);
        b[t + 13] = (byte) (0x10 | flags);
        put16(b, t + 14, 1024);
        b[t + 20] = 1;
        b[t + 21] = 1;
        b[t + 22] = 8;
        b[t + 23] = 10;
        put32(b, t + 24, tsVal);
        put32(b, t + 28, 5);
        return b;
    }

    static void put16(byte[] b, int i, int v) {
        b[i] = (byte) (v >>> 8);
        b[i + 1] = (byte) v;
    }

    static void put32(byte[] b, int i, long v) {
        put16(b, i, (int) (v >>> 16) & 0xffff);
        put16(b, i + 2, (int) v & 0xffff);
    }

    GroCell cell(boolean gro) {
        ProtocolEndpoint endpoint = new ProtocolEndpoint() {
            @Override
            public double receiveNs(Packet p) {
                return 100;
            }

            @Override
            public void receive(Cpu c, Packet p) {
                up.add(p.flow() + ":" + label(p));
            }

            @Override
            public double receiveNs(Packet first, int segments) {
                return 100;
            }

            @Override
            public void receive(Cpu c, Packet[] segments, int count) {
                StringBuilder s = new StringBuilder(segments[0].flow() + ":");
                for (int i = 0; i < count; i++) {
                    s.append(i == 0 ? "" : ",").append(label(segments[i]));
                }
                up.add(s.toString());
            }
        };
        return new GroCell(new GroCell.Stack() {
            @Override
            public ProtocolEndpoint endpoint(Packet p) {
                return endpoint;
            }

            @Override
            public MacsecObserver observer() {
                return null;
            }

            @Override
            public FrameTap tap() {
                return null;
            }

            @Override
            public void dropped(Cpu c, Packet p, MacsecDrop reason) {
                up.add("dropped " + reason);
            }
        }, 64, gro, 50, 250);
    }

    static String label(Packet p) {
        TcpSegmentView v = TcpSegmentView.of(p);
        return Long.toString(v.seq / MSS);
    }

    /** Frames handed to the cell at once (as one NAPI poll's completions would be), then run. */
    List<String> run(GroCell cell, List<byte[]> frames, List<Integer> flows) {
        new Event(sim) {
            @Override
            public void actions() {
                for (int i = 0; i < frames.size(); i++) {
                    cell.receive(cpu, new Packet(id++, flows.get(i), 0, MacsecFrame.copyOf(frames.get(i))));
                }
            }
        }.schedule(0);
        sim.start();
        return up;
    }

    List<String> oneFlow(GroCell cell, long... segs) {
        List<byte[]> f = new ArrayList<>();
        List<Integer> flows = new ArrayList<>();
        for (long n : segs) {
            f.add(segment(0, n * MSS, MSS, (int) n, 0, 1000));
            flows.add(0);
        }
        return run(cell, f, flows);
    }

    @Test
    void twentyInOrderSegmentsInOnePollGoUpAsOnePacket() {
        GroCell c = cell(true);
        long[] s = new long[20];
        for (int i = 0; i < 20; i++) {
            s[i] = i;
        }
        assertThat(oneFlow(c, s)).containsExactly("0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19");
        assertThat(c.packetsUp()).isEqualTo(1);
        assertThat(c.segmentsUp()).isEqualTo(20);
    }

    @Test
    void anOutOfOrderSegmentFlushesThePacketAndIsNotMerged() {
        assertThat(oneFlow(cell(true), 0, 1, 2, 3, 4, 6, 5)).containsExactly("0:0,1,2,3,4", "0:6", "0:5");
    }

    @Test
    void pshEndsThePacketItJoins() {
        List<byte[]> f = new ArrayList<>();
        for (int n = 0; n < 6; n++) {
            f.add(segment(0, (long) n * MSS, MSS, n, n == 2 ? TcpSegmentView.PSH : 0, 1000));
        }
        assertThat(run(cell(true), f, List.of(0, 0, 0, 0, 0, 0))).containsExactly("0:0,1,2", "0:3,4,5");
    }

    @Test
    void the64KbLimitSplitsAPacket() {
        long[] s = new long[50];
        for (int i = 0; i < 50; i++) {
            s[i] = i;
        }
        List<String> got = oneFlow(cell(true), s);
        assertThat(got).hasSize(2);
        // 45 x 1448 + 52 = 65212 < 65536; a 46th would make 66660
        assertThat(got.get(0).split(",")).hasSize(45);
        assertThat(got.get(1)).isEqualTo("0:45,46,47,48,49");
    }

    @Test
    void twoFlowsAreHeldApart() {
        List<byte[]> f = new ArrayList<>();
        List<Integer> flows = new ArrayList<>();
        for (int n = 0; n < 4; n++) {
            for (int flow = 0; flow < 2; flow++) {
                f.add(segment(flow, (long) n * MSS, MSS, n, 0, 1000));
                flows.add(flow);
            }
        }
        assertThat(run(cell(true), f, flows)).containsExactlyInAnyOrder("0:0,1,2,3", "1:0,1,2,3");
    }

    @Test
    void aChangedTimestampEndsTheMerge() {
        List<byte[]> f = List.of(segment(0, 0, MSS, 0, 0, 1000), segment(0, MSS, MSS, 1, 0, 1000),
                segment(0, 2L * MSS, MSS, 2, 0, 1001));
        assertThat(run(cell(true), f, List.of(0, 0, 0))).containsExactly("0:0,1", "0:2");
    }

    @Test
    void aShortSegmentIsMergedAndEndsThePacket() {
        List<byte[]> f = List.of(segment(0, 0, MSS, 0, 0, 1000), segment(0, MSS, 500, 1, 0, 1000),
                segment(0, MSS + 500L, MSS, 2, 0, 1000));
        assertThat(run(cell(true), f, List.of(0, 0, 0))).containsExactly("0:0,1", "0:1");
    }

    @Test
    void aCellHoldingMoreThanMaxBacklogFramesDropsTheNext() {
        GroCell c = cell(false);
        long[] s = new long[GroCell.MAX_BACKLOG + 3];
        for (int i = 0; i < s.length; i++) {
            s[i] = i;
        }
        List<String> got = oneFlow(c, s);
        // all arrive at one instant: the poll takes the first at once, 1,001 more are queued (the
        // check is "more than"), and the last is dropped
        assertThat(got.stream().filter(x -> x.startsWith("dropped"))).containsExactly("dropped RX_GRO_CELL_FULL");
        assertThat(c.packetsUp()).isEqualTo(GroCell.MAX_BACKLOG + 2);
    }

    @Test
    void withoutGroEachSegmentGoesUpAlone() {
        GroCell c = cell(false);
        assertThat(oneFlow(c, 0, 1, 2)).containsExactly("0:0", "0:1", "0:2");
        assertThat(c.packetsUp()).isEqualTo(3);
    }
}
