package org.cryptorder.net;

import org.cryptorder.crypto.CryptoCosts;
import org.cryptorder.crypto.Policy;
import org.cryptorder.host.SchedulerParams;

/**
 * How one simulated machine is built: CPUs, NIC queues and rings, the crypto policy and cryptd's
 * queue length, and the cost profile.
 *
 * @param cpus              CPU cores
 * @param rxQueues          NIC RX queues; queue i is served by CPU i mod cpus (RSS spreads flows over them)
 * @param txQueues          NIC TX rings; a CPU transmits on ring (cpu mod txQueues) (XPS)
 * @param rxRingSize        descriptors per RX ring
 * @param txRingSize        frames per TX ring, qdisc included
 * @param napiBudget        frames per NAPI poll before yielding
 * @param policy            crypto policy
 * @param cryptdQueueLength cryptd's per-CPU queue length
 * @param crypto            crypto costs
 * @param stack             stack costs
 * @param scheduler         task scheduler parameters
 */
public record HostSpec(int cpus, int rxQueues, int txQueues, int rxRingSize, int txRingSize, int napiBudget,
                       Policy policy, int cryptdQueueLength, CryptoCosts crypto, StackCosts stack,
                       SchedulerParams scheduler) {
    public HostSpec {
        if (cpus < 1 || rxQueues < 1 || txQueues < 1) {
            throw new IllegalArgumentException("a host needs at least one CPU, one RX queue and one TX queue");
        }
    }

    public HostSpec withPolicy(Policy p) {
        return new HostSpec(cpus, rxQueues, txQueues, rxRingSize, txRingSize, napiBudget, p, cryptdQueueLength,
                crypto, stack, scheduler);
    }

    public HostSpec withCpus(int n, int rxq) {
        return new HostSpec(n, rxq, txQueues, rxRingSize, txRingSize, napiBudget, policy, cryptdQueueLength, crypto,
                stack, SchedulerParams.linuxDefaults(n));
    }
}
