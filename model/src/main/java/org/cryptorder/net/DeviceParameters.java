package org.cryptorder.net;

import java.util.Arrays;
import java.util.List;
import org.cryptorder.params.Parameter;

/**
 * The keys of {@code hosts} that the network devices read: the NIC's queues, rings, NAPI budget,
 * receive steering and interrupt moderation, each TX queue's qdisc and BQL, the NIC profile, and the
 * MACsec device's GRO cells.
 */
public final class DeviceParameters {
    private DeviceParameters() {
    }

    /** {@code hosts.rxQueues}. */
    public static final Parameter RX_QUEUES = Parameter.integer("rxQueues", "queues",
            "NIC RX queues; queue i is served by CPU i mod cpus.")
            .range(1, 1024).byDefault(1,
                    "one queue: the 82599 puts every MACsec frame (EtherType 0x88E5, nothing for RSS to hash)"
                            + " on RX queue 0");

    /** {@code hosts.txQueues}. */
    public static final Parameter TX_QUEUES = Parameter.integer("txQueues", "queues",
            "NIC TX queues, each with its qdisc, BQL and descriptor ring. XPS puts what CPU c sends on MACsec"
                    + " (skb->sender_cpu, kept across MACsec's copy and an asynchronous encryption) on queue c; a CPU "
                    + "with no queue of its own sends by flow hash.")
            .range(1, 1024).byDefault(1, "the model's choice: one TX queue, as one CPU sends");

    /** {@code hosts.rxRingSize}. */
    public static final Parameter RX_RING_SIZE = Parameter.integer("rxRingSize", "descriptors",
            "Descriptors per RX ring.")
            .range(1, 65536)
            .byDefault(4096, "the model's choice: ixgbe's largest ring, IXGBE_MAX_RXD"
                    + " (drivers/net/ethernet/intel/ixgbe/ixgbe.h); its default, IXGBE_DEFAULT_RXD, is 512");

    /** {@code hosts.txRingSize}. */
    public static final Parameter TX_RING_SIZE = Parameter.integer("txRingSize", "descriptors",
            "Descriptors per TX ring (one per frame), within the NIC profile's range (ixgbe-82599: 64-8192, "
                    + "rounded up to a multiple of 8); ixgbe's default is 512. Given without hosts.qdisc it is refused:"
                    + " files of the model's first releases meant ring and qdisc frames together by it.")
            .range(1, 65536).byDefault(NicProfile.ixgbe82599().txDescriptors(),
                    "ixgbe's default, IXGBE_DEFAULT_TXD (drivers/net/ethernet/intel/ixgbe/ixgbe.h)");

    /** {@code hosts.napiBudget}. */
    public static final Parameter NAPI_BUDGET = Parameter.integer("napiBudget", "frames",
            "Frames per NAPI poll before yielding.")
            .range(1, 4096).byDefault(64,
                    "NAPI_POLL_WEIGHT (include/linux/netdevice.h), the weight ixgbe registers its NAPI "
                            + "contexts with");

    /** {@code hosts.rxSteering}. */
    public static final Parameter RX_STEERING = Parameter.choice("rxSteering", Parameter.keysOf(RxSteering.values()),
            "How received MACsec frames spread over the RX queues. nic: as the 82599 does, every MACsec frame"
                    + " (EtherType 0x88E5, no IP header for RSS to hash) on RX queue 0, whatever its flow; RPS on the "
                    + "lower device cannot spread one SA either (no kernel's flow dissector knows 0x88E5: no hash on "
                    + "3.10, one constant hash per VLAN from RHEL7 on), so further RX queues carry nothing. flow: "
                    + "hypothetical for one SA, each flow on the queue of its number, as if the NIC hashed inside "
                    + "MACsec; the nearest Linux configuration is one SA per flow on VLANs of their own with RPS "
                    + "spreading the VLANs. per-frame: hypothetical, no Linux configuration: one flow's frames over the"
                    + " queues in turn, to show what decryption on several CPUs would do to one SA's order.")
            .byDefault("nic", "what the 82599 does with MACsec frames (no RSS hash over EtherType 0x88E5)");

    /** {@code hosts.qdisc}. */
    public static final Parameter QDISC = Parameter.text("qdisc",
            "Each TX queue's qdisc (mq gives every queue one): pfifo_fast, Linux's default, a FIFO of "
                    + "tx_queue_len (1000) packets that drops what does not fit; noqueue, no qdisc: a frame that finds "
                    + "its queue stopped (ring short of descriptors, or BQL over its limit) is dropped. fq_codel, what "
                    + "default_qdisc=fq_codel gives (systemd's default): 1024 flow-hash buckets served by deficit round"
                    + " robin (quantum 1514 bytes, the MTU plus the Ethernet header), new flows first, each with CoDel "
                    + "(target 5 ms, interval 100 ms, drops at dequeue), 10240 packets and 32 MB (kernels before 4.7: "
                    + "no memory limit, one packet per overlimit drop).")
            .withValues(Arrays.stream(QdiscKind.values()).map(QdiscKind::key).toList())
            .byDefault(QdiscKind.PFIFO_FAST.key(),
                    "Linux's default qdisc, pfifo_fast (net/sched/sch_generic.c, default_qdisc_ops)");

    /** {@code hosts.bql}. */
    public static final Parameter BQL = Parameter.flag("bql",
            "Byte queue limits on each TX queue (lib/dynamic_queue_limits.c, which ixgbe uses): the driver's "
                    + "queue stops while the octets not yet completed exceed a limit that grows when the queue ran dry "
                    + "within a completion interval and sheds slack after HZ (one second).")
            .byDefault(true,
                    "ixgbe reports sent and completed bytes (netdev_tx_sent_queue, "
                            + "netdev_tx_completed_queue), so BQL is on");

    /** {@code hosts.nic}. */
    public static final Parameter NIC = Parameter.text("nic",
            "The NIC profile: data/nics/<nic>.json (ring sizes, TX interrupt interval, clean budget, on-chip "
                    + "TX packet buffer, each with its source).")
            .with("pattern", "^[a-z0-9][a-z0-9._-]*$").byDefault(NicProfile.DEFAULT_NAME,
                    "the 10GbE NIC of the seed reports, Intel's 82599 with the ixgbe driver "
                            + "(data/nics/ixgbe-82599.json)");

    /** {@code hosts.rxUsecs}. */
    public static final Parameter RX_USECS = Parameter.oneOf("rxUsecs", List.of("string", "integer"), "us",
            "The NIC's interrupt moderation, as ethtool -C eth0 rx-usecs sets it on ixgbe: \"adaptive\" "
                    + "(ixgbe's default, rx-usecs 1: a vector starts at 50 us and, each time its NAPI poll completes, "
                    + "ixgbe_update_itr of crypto.kernel recomputes the interval from the packets and octets its RX and"
                    + " TX rings moved, between 10 and 126 us; before 4.17 by octets per us into 10, 50 or 125 us; "
                    + "3.10-rhel7 has the new algorithm), or a fixed interval in us: 0 (no moderation, an interrupt at "
                    + "every frame on an idle queue) or 2-1022, rounded down to the register's 2 us steps. RX queue i "
                    + "and TX queue i share vector i: one interrupt, one interval, one poll that cleans TX and then "
                    + "takes up to hosts.napiBudget frames. Absent: adaptive.");

    /** {@code hosts.gro}. */
    public static final Parameter GRO = Parameter.flag("gro",
            "Whether the MACsec device's GRO cells merge consecutive in-order TCP segments of a flow into one"
                    + " skb of up to 64 KB (ethtool -K macsec0 gro on, Linux's default): flushed when the cell's poll "
                    + "completes, on a segment that cannot join (out of order, changed timestamps, ACK or window), on "
                    + "PSH, or when full; TCP's receiver then takes one skb and makes one ACK decision for it. UDP and "
                    + "pure ACKs are not merged. false: each segment goes up alone. Absent: true.");

}
