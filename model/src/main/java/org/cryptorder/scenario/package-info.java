/**
 * Wiring: CPU profiles ({@link org.cryptorder.scenario.CpuProfile}, from {@code data/profiles}),
 * two hosts back to back over MACsec ({@link org.cryptorder.scenario.BackToBack}), TCP connections
 * ({@link org.cryptorder.scenario.TcpFlow}) and the FPU contention of a host
 * ({@link org.cryptorder.scenario.Contention}). Experiments are wired from these by
 * {@code experiment.wiring.DatapathBuilder}, and only there; the test fixtures {@code UdpStreams} and
 * {@code TcpStreams} describe their scenarios as experiments and wire them through it.
 * {@link org.cryptorder.scenario.WifiStation} is the one scenario without MACsec: a WiFi station
 * decrypting CCMP in software (seeds S9/S10), validated by closed forms (a saturated station
 * delivers one frame per per-frame cost) and by decrypting every frame for real.
 * Model classes never read experiment files, and none sees a replication number: each is given
 * its random streams ({@code engine.Streams}).
 */
package org.cryptorder.scenario;
