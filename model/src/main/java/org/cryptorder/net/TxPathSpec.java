package org.cryptorder.net;

/**
 * How the transmit path below the MACsec device is built on each host: the NIC profile, the size
 * of each TX descriptor ring, the qdisc of each TX queue and its limit, whether BQL limits the
 * queues, and the kernel's tick (BQL's hold time is {@code HZ} jiffies).
 *
 * @param nic        the NIC and driver ({@code data/nics/})
 * @param ringSize   descriptors per TX ring, already rounded as the driver rounds it
 * @param qdisc      each TX queue's qdisc
 * @param qdiscLimit pfifo_fast's limit, packets ({@code tx_queue_len})
 * @param bql        whether byte queue limits are on ({@code CONFIG_BQL}, ixgbe calls it)
 * @param hz         the kernel's tick, {@code CONFIG_HZ}
 * @param fqCodel    fq_codel's parameters, used when {@code qdisc} is {@link QdiscKind#FQ_CODEL}
 */
public record TxPathSpec(NicProfile nic, int ringSize, QdiscKind qdisc, int qdiscLimit, boolean bql, int hz,
                         FqCodel.Params fqCodel) {
    public TxPathSpec {
        if (ringSize < nic.txDescriptorsMin() || ringSize > nic.txDescriptorsMax()) {
            throw new IllegalArgumentException("expected " + nic.txDescriptorsMin() + " to " + nic.txDescriptorsMax()
                    + " TX descriptors for " + nic.name() + ", got " + ringSize);
        }
        if (qdiscLimit < 1 || hz < 1) {
            throw new IllegalArgumentException("a qdisc limit and HZ are positive");
        }
    }

    /** A TX path whose fq_codel, if {@code qdisc} asks for it, has mainline's defaults on a 1500-octet MTU. */
    public TxPathSpec(NicProfile nic, int ringSize, QdiscKind qdisc, int qdiscLimit, boolean bql, int hz) {
        this(nic, ringSize, qdisc, qdiscLimit, bql, hz, FqCodel.Params.linux(1500));
    }

    /** Linux's defaults on {@code nic}: its default ring, {@code pfifo_fast} of 1000 packets, BQL on. */
    public static TxPathSpec defaults(NicProfile nic, int hz) {
        return new TxPathSpec(nic, nic.txDescriptors(), QdiscKind.PFIFO_FAST, PfifoFast.TX_QUEUE_LEN, true, hz);
    }
}
