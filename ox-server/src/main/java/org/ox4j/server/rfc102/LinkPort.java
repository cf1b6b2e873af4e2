package org.ox4j.server.rfc102;

import org.ox4j.cmo.Cmo;

/**
 * What the collective algorithms need from a member: its place in the group and blocking point-to-point transfer
 * of one object. {@link PeerGroup} implements it over links; tests implement it over queues.
 */
interface LinkPort {
    int rank();

    int size();

    /** Sends one object to {@code peer}; throws {@link PeerFailureException} when the link is gone. */
    void send(int peer, Cmo data);

    /**
     * Receives the next object from {@code peer} (ox_asir's value of the message); throws
     * {@link PeerFailureException} when the link closes or nothing arrives in time.
     */
    Cmo receive(int peer);
}
