/**
 * MACsec (IEEE 802.1AE) as Linux implements it in {@code drivers/net/macsec.c}: real frames, real
 * AES-GCM.
 *
 * <h2>What is modelled</h2>
 * <ul>
 *   <li>The frame: {@link org.cryptorder.macsec.SecTag} (TCI bits V, ES, SC, SCB, E, C; AN; short
 *       length; PN; optional SCI), encoded and checked by the rules of {@code macsec_fill_sectag} and
 *       {@code macsec_validate_skb}; the secure data and the ICV (16 octets, or 8 and 12-15).</li>
 *   <li>The four cipher suites ({@link org.cryptorder.macsec.CipherSuite}) with their IVs: SCI || PN
 *       and, for XPN, (SSCI || PN64) XOR salt ({@link org.cryptorder.macsec.SaKey}); confidentiality
 *       (AAD = addresses + SecTAG) and integrity only (the whole frame authenticated).</li>
 *   <li>AES-GCM through the JDK's {@code AES/GCM/NoPadding} ({@link org.cryptorder.macsec.GcmEngine}),
 *       in place on frame buffers; an 8-octet ICV is the truncated full tag.</li>
 *   <li>The SecY ({@link org.cryptorder.macsec.SecY}): TX SC with four SAs by AN, PN assignment and
 *       exhaustion (SA retired, SecY not operational), OutPktsTooLong; RX SCs by SCI (carried, inferred
 *       for a single RX SC, or from the source address with the ES bit), RX SAs by AN, validate
 *       strict/check/disabled, replay protection with a window checked before and after decryption,
 *       {@code next_pn} as a high-water mark advanced by valid frames only, XPN's recovery of the upper
 *       PN half, and every counter by its Linux name ({@link org.cryptorder.macsec.MacsecCounter}).
 *       Transmission and reception are split where Linux issues the AEAD request, so the datapath
 *       decides when and on which CPU the crypto runs.</li>
 * </ul>
 *
 * <h2>Not modelled</h2>
 * Hardware offload of MACsec itself, per-SA copies of counters, several SecYs on one real device,
 * VLAN tags before the SecTAG, key agreement (MKA): keys are installed by hand, as with
 * {@code ip macsec add ... key}.
 *
 * <h2>Defaults</h2>
 * Linux's ({@link org.cryptorder.macsec.SecYConfig#linuxDefaults}): GCM-AES-128, encryption off,
 * SCI sent, validate strict, replay protection off with window 0, ICV 16, encoding SA 0.
 *
 * <h2>Validation</h2>
 * Every IEEE 802.1AE vector in {@code data/vectors/ieee8021ae.json} protects and unprotects byte for
 * byte, through the SecY and through {@code ./cryptorder frame}; GCM is cross-checked against
 * Bouncy Castle at every length from 0 to 1500 octets with the 16-octet ICV (both key sizes), and
 * at every seventh length with shorter ICVs (8 octets with both key sizes; 12 and 14 with 128-bit
 * keys, 13 and 15 with 256-bit keys);
 * each SecY rule has a test with exact counter values; a million random and mutated frames never
 * throw and the counters reconcile with the verdicts; captures of frames protected by the SecY
 * verify in Wireshark 4.4's dissector.
 */
package org.cryptorder.macsec;
