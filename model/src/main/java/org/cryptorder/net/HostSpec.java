package org.cryptorder.net;

import org.cryptorder.crypto.CryptoCosts;
import org.cryptorder.crypto.OffloadSpec;
import org.cryptorder.crypto.Policy;
import org.cryptorder.host.SchedulerParams;

/**
 * How one simulated machine is built: CPUs, NIC queues and rings, the crypto policy and cryptd's
 * queue length, and the cost profile.
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
     * A host with the defaults for what the arguments leave out: the 82599's TX path as Linux sets it
     * up (pfifo_fast, BQL, {@code txRingSize} descriptors), HZ 250, default offload device, 100 us
     * resequencing timeout, and the policy's own FPU rule (the kernel before 6.15).
     */
    public static HostSpec of(int cpus, int rxQueues, int txQueues, int rxRingSize, int txRingSize, int napiBudget,
                              Policy policy, int cryptdQueueLength, CryptoCosts crypto, StackCosts stack,
                              SchedulerParams scheduler) {
        NicProfile nic = NicProfile.ixgbe82599();
        TxPathSpec tx = new TxPathSpec(nic, nic.roundRing(txRingSize), QdiscKind.PFIFO_FAST, PfifoFast.TX_QUEUE_LEN,
                true, SchedulerParams.DEFAULT_HZ);
        return new HostSpec(cpus, rxQueues, txQueues, rxRingSize, tx, napiBudget, policy,
                policy.fpuSectionsDisableBh(), cryptdQueueLength, crypto, stack, scheduler, OffloadSpec.defaults(),
                100_000, RxSteering.NIC, RxPathSpec.PLAIN);
    }

    public HostSpec withRxSteering(RxSteering r) {
        return new HostSpec(cpus, rxQueues, txQueues, rxRingSize, tx, napiBudget, policy, fpuSectionsDisableBh,
                cryptdQueueLength, crypto, stack, scheduler, offload, resequenceTimeoutNs, r, rx);
    }

    public HostSpec withRx(RxPathSpec r) {
        return new HostSpec(cpus, rxQueues, txQueues, rxRingSize, tx, napiBudget, policy, fpuSectionsDisableBh,
                cryptdQueueLength, crypto, stack, scheduler, offload, resequenceTimeoutNs, rxSteering, r);
    }

    public HostSpec withOffload(OffloadSpec o) {
        return new HostSpec(cpus, rxQueues, txQueues, rxRingSize, tx, napiBudget, policy, fpuSectionsDisableBh,
                cryptdQueueLength, crypto, stack, scheduler, o, resequenceTimeoutNs, rxSteering, rx);
    }

    public HostSpec withCpus(int n, int rxq) {
        return new HostSpec(n, rxq, txQueues, rxRingSize, tx, napiBudget, policy, fpuSectionsDisableBh,
                cryptdQueueLength, crypto, stack, scheduler.forCpus(n), offload, resequenceTimeoutNs, rxSteering, rx);
    }
}
