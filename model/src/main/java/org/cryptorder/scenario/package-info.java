/**
 * Wiring: CPU profiles ({@link org.cryptorder.scenario.CpuProfile}, from {@code data/profiles}),
 * two hosts back to back over MACsec ({@link org.cryptorder.scenario.BackToBack}), and programmatic
 * scenarios such as {@link org.cryptorder.scenario.UdpStreams}, each run as one replication on
 * its own simulator with named random streams (common random numbers across configurations).
 * Model classes never read experiment files; this package turns configuration into wired objects.
 */
package org.cryptorder.scenario;
