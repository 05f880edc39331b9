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
 * <p>The builder wires the scenarios of this package: CPU profiles ({@link
 * org.cryptorder.experiment.wiring.CpuProfile}, from {@code data/profiles}) and NIC profiles
 * ({@link org.cryptorder.experiment.wiring.NicProfileFile}, {@code data/nics}), which {@link
 * org.cryptorder.experiment.wiring.Profiles} finds and reads once; two hosts back to back over
 * MACsec ({@link org.cryptorder.experiment.wiring.BackToBack}); TCP connections ({@link
 * org.cryptorder.experiment.wiring.TcpFlow}); CPU shares ({@link
 * org.cryptorder.experiment.wiring.CpuShares}); the FPU contention of a host ({@link
 * org.cryptorder.experiment.wiring.Contention}). {@link org.cryptorder.experiment.wiring.WifiStation}
 * is the one scenario without MACsec: a WiFi station decrypting CCMP in software (seeds S9/S10),
 * validated by closed forms (a saturated station delivers one frame per per-frame cost) and by
 * decrypting every frame for real. The keys these read are declared below the records, beside the
 * components that use them ({@code host.ContentionParameters}, {@code wifi.WifiParameters}), so the
 * records take their defaults from them and this package stays above the records.
 *
 * <h2>Validation</h2>
 * The scenario tests wire through the builder (the test fixtures {@code UdpStreams} and {@code
 * TcpStreams} describe their scenarios as experiments): the UDP datapath against the sources', sinks' and
 * SecYs' own counts ({@code UdpDatapathTest}, {@code UdpStreams}), the TCP datapath and GSO on it
 * ({@code TcpDatapathTest}, {@code GsoDatapathTest}); the kernel rules' line ({@code
 * DefaultKernelTest}, {@code GsoKeyTest}).
 */
package org.cryptorder.experiment.wiring;
