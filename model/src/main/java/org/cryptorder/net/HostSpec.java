package org.cryptorder.net;

import org.cryptorder.crypto.CryptoCosts;
import org.cryptorder.crypto.OffloadSpec;
import org.cryptorder.crypto.Policy;
import org.cryptorder.host.SchedulerParams;

/**
 * How one simulated machine is built: CPUs, NIC queues and rings, the crypto policy and cryptd's
 * queue length, and the cost profile. Built by name with a {@link Builder} ({@link #builder},
 * {@link #toBuilder}).
 *
 * @param cpus              CPU cores
 * @param rxQueues          NIC RX queues; queue i is served by CPU i mod cpus (RSS spreads flows over them)
 * @param txQueues          NIC TX queues; XPS puts the frames CPU c sends on queue c (by flow hash from a CPU
 *                          with no queue of its own)
 * @param rxRingSize        descriptors per RX ring
 * @param tx                each TX queue's qdisc, BQL and descriptor ring, and the NIC profile
 * @param napiBudget        frames per NAPI poll before yielding
 * @param policy            crypto policy
 * @param fpuSectionsDisableBh whether a kernel FPU section holds off softirqs: the kernel's {@code
 *                          kernel_fpu_begin_mask} from Linux 6.15 (commit d02198550423), or the policy's
 *                          own rule ({@link Policy#fpuSectionsDisableBh()})
 * @param cryptdQueueLength cryptd's per-CPU queue length
 * @param crypto            crypto costs
 * @param stack             stack costs
 * @param scheduler         task scheduler parameters
 * @param offload           the crypto offload device (used by the offload policies)
 * @param resequenceTimeoutNs how long the PN reorder queue of the resequencing policies waits for a gap
 * @param rxSteering        how received frames are spread over the RX queues
 * @param rx                interrupt moderation and GRO
 */
public record HostSpec(int cpus, int rxQueues, int txQueues, int rxRingSize, TxPathSpec tx, int napiBudget,
                       Policy policy, boolean fpuSectionsDisableBh, int cryptdQueueLength, CryptoCosts crypto,
                       StackCosts stack, SchedulerParams scheduler, OffloadSpec offload, double resequenceTimeoutNs,
                       RxSteering rxSteering, RxPathSpec rx) {
    public HostSpec {
        if (cpus < 1 || rxQueues < 1 || txQueues < 1) {
            throw new IllegalArgumentException("a host needs at least one CPU, one RX queue and one TX queue");
        }
        if (!(resequenceTimeoutNs > 0)) {
            throw new IllegalArgumentException("the resequencing timeout must be positive");
        }
    }

    /**
     * A builder for a host of the given crypto {@code policy} and the CPU profile's costs, with
     * defaults for the rest: 1 CPU, 1 RX and 1 TX queue, 4096 RX descriptors, the 82599's TX path
     * as Linux sets it up (pfifo_fast, BQL, its default ring, HZ 250; {@link Builder#txRingSize}
     * for another ring), 64 frames per NAPI poll, the policy's own FPU rule (a kernel before
     * 6.15), cryptd's 1000, Linux's scheduler for the CPUs, the default offload device, a 100 us
     * resequencing timeout, RX steering by the NIC, and the RX path without moderation or GRO
     * ({@link RxPathSpec#PLAIN}).
     */
    public static Builder builder(Policy policy, CryptoCosts crypto, StackCosts stack) {
        return new Builder(policy, crypto, stack);
    }

    /** A builder starting from this host. */
    public Builder toBuilder() {
        return new Builder(policy, crypto, stack).cpus(cpus).rxQueues(rxQueues).txQueues(txQueues)
                .rxRingSize(rxRingSize).tx(tx).napiBudget(napiBudget).fpuSectionsDisableBh(fpuSectionsDisableBh)
                .cryptdQueueLength(cryptdQueueLength).scheduler(scheduler).offload(offload)
                .resequenceTimeoutNs(resequenceTimeoutNs).rxSteering(rxSteering).rx(rx);
    }

    public HostSpec withRxSteering(RxSteering r) {
        return toBuilder().rxSteering(r).build();
    }

    public HostSpec withRx(RxPathSpec r) {
        return toBuilder().rx(r).build();
    }

    public HostSpec withOffload(OffloadSpec o) {
        return toBuilder().offload(o).build();
    }

    /** The same host with {@code n} CPUs and {@code rxq} RX queues, its scheduler's defaults for {@code n} CPUs. */
    public HostSpec withCpus(int n, int rxq) {
        return toBuilder().cpus(n).rxQueues(rxq).scheduler(scheduler.forCpus(n)).build();
    }

    /** A {@link HostSpec} by name; each setter is the component of the same name. */
    public static final class Builder {
        private final Policy policy;
        private final CryptoCosts crypto;
        private final StackCosts stack;
        private int cpus = 1;
        private int rxQueues = 1;
        private int txQueues = 1;
        private int rxRingSize = 4096;
        private TxPathSpec tx = TxPathSpec.defaults(NicProfile.ixgbe82599(), SchedulerParams.DEFAULT_HZ);
        private int napiBudget = 64;
        private Boolean fpuSectionsDisableBh;
        private int cryptdQueueLength = 1000;
        private SchedulerParams scheduler;
        private OffloadSpec offload = OffloadSpec.defaults();
        private double resequenceTimeoutNs = 100_000;
        private RxSteering rxSteering = RxSteering.NIC;
        private RxPathSpec rx = RxPathSpec.PLAIN;

        private Builder(Policy policy, CryptoCosts crypto, StackCosts stack) {
            this.policy = policy;
            this.crypto = crypto;
            this.stack = stack;
        }

        public Builder cpus(int n) {
            this.cpus = n;
            return this;
        }

        public Builder rxQueues(int n) {
            this.rxQueues = n;
            return this;
        }

        public Builder txQueues(int n) {
            this.txQueues = n;
            return this;
        }

        public Builder rxRingSize(int descriptors) {
            this.rxRingSize = descriptors;
            return this;
        }

        public Builder tx(TxPathSpec path) {
            this.tx = path;
            return this;
        }

        /** The 82599's default TX path with {@code descriptors} per ring, rounded as ixgbe rounds them. */
        public Builder txRingSize(int descriptors) {
            NicProfile nic = NicProfile.ixgbe82599();
            return tx(new TxPathSpec(nic, nic.roundRing(descriptors), QdiscKind.PFIFO_FAST, PfifoFast.TX_QUEUE_LEN,
                    true, SchedulerParams.DEFAULT_HZ));
        }

        public Builder napiBudget(int frames) {
            this.napiBudget = frames;
            return this;
        }

        /** Whether kernel FPU sections hold off softirqs; unset, the policy's own rule. */
        public Builder fpuSectionsDisableBh(boolean held) {
            this.fpuSectionsDisableBh = held;
            return this;
        }

        public Builder cryptdQueueLength(int length) {
            this.cryptdQueueLength = length;
            return this;
        }

        /** The scheduler; unset, Linux's defaults for the CPUs ({@link SchedulerParams#linuxDefaults}). */
        public Builder scheduler(SchedulerParams params) {
            this.scheduler = params;
            return this;
        }

        public Builder offload(OffloadSpec device) {
            this.offload = device;
            return this;
        }

        public Builder resequenceTimeoutNs(double ns) {
            this.resequenceTimeoutNs = ns;
            return this;
        }

        public Builder rxSteering(RxSteering steering) {
            this.rxSteering = steering;
            return this;
        }

        public Builder rx(RxPathSpec path) {
            this.rx = path;
            return this;
        }

        /** @throws IllegalArgumentException as the record's constructor says */
        public HostSpec build() {
            return new HostSpec(cpus, rxQueues, txQueues, rxRingSize, tx, napiBudget, policy,
                    fpuSectionsDisableBh != null ? fpuSectionsDisableBh : policy.fpuSectionsDisableBh(),
                    cryptdQueueLength, crypto, stack, scheduler != null ? scheduler : SchedulerParams.linuxDefaults(cpus),
                    offload, resequenceTimeoutNs, rxSteering, rx);
        }
    }
}
