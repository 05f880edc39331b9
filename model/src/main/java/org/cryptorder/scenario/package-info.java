/**
 * Wiring: CPU profiles ({@link org.cryptorder.scenario.CpuProfile}, from {@code data/profiles}),
 * two hosts back to back over MACsec ({@link org.cryptorder.scenario.BackToBack}), and programmatic
 * scenarios such as {@link org.cryptorder.scenario.UdpStreams}, each run as one replication on
 * its own simulator with named random streams (common random numbers across configurations).
 * {@link org.cryptorder.scenario.WifiStation} is the one scenario without MACsec: a WiFi station
 * decrypting CCMP in software (seeds S9/S10), validated by closed forms (a saturated station
 * delivers one frame per per-frame cost) and by decrypting every frame for real.
 * Model classes never read experiment files; this package turns configuration into wired objects.
 */
package org.cryptorder.scenario;
