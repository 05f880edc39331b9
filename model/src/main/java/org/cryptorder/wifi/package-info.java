/**
 * IEEE 802.11 CCMP as Linux's mac80211 applies it in software: real data frames, really encrypted
 * with AES-CCM. It stands for the WiFi side of the project (seeds S9 and S10: a station decrypting
 * WPA2 traffic on the CPU), at the level of single MPDUs and their per-key state; the station, its
 * CPU and the cost of each CCM request belong to the model that uses this package.
 *
 * <h2>What is modelled</h2>
 * <ul>
 *   <li>The frame (IEEE 802.11-2020 12.5.3.2): MAC header || CCMP header || encrypted body || MIC.
 *       {@link org.cryptorder.wifi.Ieee80211Header} reads data-frame headers of every shape by
 *       {@code ieee80211_hdrlen}'s rules (three or four addresses, QoS Control, HT Control in QoS
 *       frames with Order set); {@link org.cryptorder.wifi.CcmpHeader} is the 8-octet header
 *       PN0 PN1 Rsvd (ExtIV | KeyID) PN2..PN5; {@link org.cryptorder.wifi.Mpdu} holds the octets in
 *       place, with headroom and tailroom like an skb.</li>
 *   <li>The CCM inputs of {@code ccmp_special_blocks} (12.5.3.3): the 13-octet nonce, priority and
 *       management flag || A2 || PN ({@link org.cryptorder.wifi.CcmpNonce}); the AAD, the header with
 *       Retry, Power Management and More Data cleared, data subtype bits 4-6 cleared, Protected
 *       set, Order cleared in QoS data frames, the sequence number masked, A4 when present and QoS
 *       Control reduced to the TID ({@link org.cryptorder.wifi.CcmpAad}).</li>
 *   <li>Both suites ({@link org.cryptorder.wifi.CcmpSuite}): CCMP-128 (16-octet key, 8-octet MIC)
 *       and CCMP-256 (32-octet key, 16-octet MIC); Key IDs 0 to 3 ({@link org.cryptorder.wifi.CcmpKey}).</li>
 *   <li>The per-key state and rules of {@code ieee80211_crypto_ccmp_encrypt/decrypt} ({@link
 *       org.cryptorder.wifi.CcmpCodec}): the transmit PN taken per frame (the first is 1, no wrap);
 *       a replay counter per TID, non-QoS data sharing TID 0's ({@code rx->security_idx}); a frame
 *       whose PN is not above its counter is a replay, and the counter takes the PN of each frame
 *       that verifies. Reception is split where mac80211 calls the crypto API (check, CCM request,
 *       completion), so a datapath can run the request later or elsewhere.</li>
 *   <li>Outcomes: every received frame ends in one {@link org.cryptorder.wifi.CcmpRxVerdict}, and
 *       the MIB counters dot11RSNAStatsCCMPFormatErrors, ...Replays and ...DecryptErrors ({@link
 *       org.cryptorder.wifi.CcmpCounter}). mac80211 itself keeps only the replay count per key; the
 *       other two follow the MIB and lib80211. A received frame never makes the codec throw.</li>
 *   <li>AES-CCM (NIST SP 800-38C, RFC 3610) in place on frame buffers ({@link
 *       org.cryptorder.wifi.CcmEngine}), in two implementations that check each other.</li>
 * </ul>
 *
 * <h2>Not modelled</h2>
 * TKIP, WEP and GCMP; management frame protection (robust management frames with CCMP, BIP), so
 * only data frames are protected and other frames pass through untouched; fragmentation beyond the
 * single MPDU (each fragment is protected on its own and its fragment number is in the AAD, but
 * defragmentation and its consecutive-PN rule are not); SPP A-MSDUs (an A-MSDU is one opaque body,
 * and the A-MSDU Present bit is masked as for non-SPP stations); hardware crypto offload and its
 * RX flags ({@code RX_FLAG_DECRYPTED}, {@code PN_VALIDATED}, {@code ALLOW_SAME_PN}); MLO address
 * translation; key selection among several keys (a codec is one key and refuses other Key IDs;
 * the caller routes frames to the codec of their key); the EAPOL exception to dropping unprotected
 * data; key management itself (keys are installed by hand).
 *
 * <h2>Parameters and defaults</h2>
 * A {@link org.cryptorder.wifi.CcmpKey}: suite, key octets, Key ID. A new codec starts as
 * mac80211 does at key installation: transmit PN 0 and replay counters 0; both can be set ({@code
 * setTxPn}, {@code setRxPn}), as installing a key with a receive sequence counter does.
 *
 * <h2>Validation</h2>
 * Known answers in {@code data/vectors/ccmp.json}, each recomputed with OpenSSL when assembled:
 * RFC 3610 packet vectors #1-#3 and two Wycheproof AES-256 vectors with CCMP-256's nonce and MIC
 * sizes, through both engines; the eight CCMP test MPDUs of IEEE P802.11i/D7.0 I.7.4 (test mpdu 1
 * is the 802.11-2016 J.6.4 / 802.11-2012 M.6.4 vector) as raw CCM, and the four of them that are
 * valid under current rules, plus a CCMP-256 frame, as whole frames byte for byte in both
 * directions, with the vectors' own nonce and AAD reproduced; the other four (QoS frames with Order
 * set, from before 802.11n) are shown to differ only by the Order bit current rules mask. The
 * JDK-based engine is cross-checked against Bouncy Castle on frames of every body length from 0 to
 * 2304 octets for both suites; every masking and replay rule has a test with exact verdicts and
 * counters; three hundred thousand seeded genuine, late, repeated, foreign and mutated frames never
 * make the receiver throw, and its verdicts and counters reconcile.
 *
 * <h2>The CCM implementation, chosen by measurement</h2>
 * The JDK has no AES-CCM. {@link org.cryptorder.wifi.JdkCcmEngine} builds it from {@code
 * AES/CBC/NoPadding} (the CBC-MAC) and {@code AES/CTR/NoPadding} (the keystream), both AES-NI
 * loops in HotSpot; {@link org.cryptorder.wifi.BouncyCastleCcmEngine} is Bouncy Castle's {@code
 * CCMBlockCipher}. {@code CcmBenchmark} (test sources), sealing and opening 1500-octet payloads in
 * one JVM on the shared 2-core build machine, measured 336 against 30 MB/s for AES-128 and 226
 * against 21 MB/s for AES-256, a median ratio of about 10: the JDK-based engine is {@link
 * org.cryptorder.wifi.CcmEngine#fastest()} and Bouncy Castle the cross-check. The cost the
 * simulated kernel pays for a CCM request (one FPU section per block or per request) is not this
 * measurement: it is a parameter of the station model.
 */
package org.cryptorder.wifi;
