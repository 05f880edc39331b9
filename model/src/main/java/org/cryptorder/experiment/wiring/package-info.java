/**
 * Wiring: where an experiment's records become model objects.
 * Model classes never read experiment files, and none sees a replication number: each is given
 * its random streams ({@code engine.Streams}).
 *
 * <p>{@link org.cryptorder.experiment.wiring.DatapathBuilder} is the one place where the records
 * become model objects (hosts, SecY, impairments, contention, traffic entries), wiring a {@link
 * org.cryptorder.experiment.wiring.Datapath} from one replication's random streams. It compares no
 * kernel version: it sets each component's parameters by name from the fields of the experiment's
 * {@code KernelRules} (the components' builders and {@code with} methods: {@code HostSpec.builder},
 * {@code Impairment.builder}, {@code ReadPath.builder}, {@code SendPath.writing}, {@code
 * Gso.LINUX.withGrowSkb}), and {@link
 * org.cryptorder.experiment.wiring.KernelRulesLine} words the resolved rules for {@code
 * experiment.json}.
 *
 * <p>The builder wires the scenarios of {@link org.cryptorder.scenario} (CPU and NIC profiles, two
 * hosts back to back over MACsec, TCP connections, CPU shares, FPU contention, the WiFi station);
 * {@link org.cryptorder.experiment.wiring.Profiles} finds the CPU profiles an experiment may name
 * ({@code data/profiles/}) and the NIC profiles ({@code data/nics/}), each read once and shared.
 * The scenarios stay a package of their own, below the records: the records name the WiFi
 * station's CCM implementation ({@code WifiStation.Ccm}), and the builder reads the records.
 *
 * <h2>Validation</h2>
 * The scenario tests wire through the builder: the UDP datapath against the sources', sinks' and
 * SecYs' own counts ({@code UdpDatapathTest}, {@code UdpStreams}), the TCP datapath and GSO on it
 * ({@code TcpDatapathTest}, {@code GsoDatapathTest}); the kernel rules' line ({@code
 * DefaultKernelTest}, {@code GsoKeyTest}).
 */
package org.cryptorder.experiment.wiring;
