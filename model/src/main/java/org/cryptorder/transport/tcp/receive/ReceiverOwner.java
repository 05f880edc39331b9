package org.cryptorder.transport.tcp.receive;

/** What the receiver needs from its socket: the lock's state, and the reader to wake. */
public interface ReceiverOwner {
    /** {@code sk_backlog.len}: truesize of the packets in the backlog, octets. */
    long backlogLen();

    /** {@code sock_owned_by_user}. */
    boolean owned();

    /** {@code sk_data_ready}: in-order data can be read. */
    void dataReady();

    /** A socket with no owner and no reader. */
    ReceiverOwner NONE = new ReceiverOwner() {
        @Override
        public long backlogLen() {
            return 0;
        }

        @Override
        public boolean owned() {
            return false;
        }

        @Override
        public void dataReady() {
        }
    };
}
