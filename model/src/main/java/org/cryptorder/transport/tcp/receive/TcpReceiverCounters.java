package org.cryptorder.transport.tcp.receive;

/**
 * What a TCP receiver counted since it started or since {@link TcpReceiver#resetCounters()}, with
 * Linux's names where Linux counts the same thing.
 *
 * @param segmentsIn data segments received that parsed ({@code tcpi_segs_in}, data only)
 * @param bytesDelivered octets delivered in order to the application: goodput
 * @param outOfOrderSegments segments queued out of order ({@code TCPOFOQueue},
 *     {@code tcpi_rcv_ooopack})
 * @param duplicateSegments segments whose data had all arrived before ({@code DelayedACKLost} for
 *     old data, {@code TCPOFOMerge} for out-of-order data)
 * @param dsackOldSent D-SACKs sent for data below RCV.NXT ({@code TCPDSACKOldSent})
 * @param dsackOfoSent D-SACKs sent for out-of-order data ({@code TCPDSACKOfoSent})
 * @param acksSent ACKs sent
 * @param delayedAcks ACKs sent by the delayed-ACK timer ({@code DelayedACKs})
 * @param compressedAcks ACKs saved by SACK compression ({@code TCPAckCompressed})
 * @param outOfWindowDrops segments dropped beyond the receive window
 * @param badPackets packets that failed to parse (checksums, lengths)
 * @param payloadErrors segments whose payload differed from the bytes sent there
 * @param outOfOrderBytesMax most octets held out of order at once
 * @param pawsRejected data segments dropped by PAWS, their TSval older than {@code ts_recent}
 *     ({@code PAWSEstabRejected})
 * @param readAcks ACKs sent by {@code tcp_cleanup_rbuf} after the application's reads (0 without a
 *     modelled reader)
 */
public record TcpReceiverCounters(long segmentsIn, long bytesDelivered, long outOfOrderSegments,
        long duplicateSegments, long dsackOldSent, long dsackOfoSent, long acksSent,
        long delayedAcks, long compressedAcks, long outOfWindowDrops, long badPackets,
        long payloadErrors, long outOfOrderBytesMax, long pawsRejected, long readAcks) {
}
