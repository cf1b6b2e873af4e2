package org.ox4j.client.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HostfileTest {
    @Test
    void parsesSlotsCommentsAndDefaults() {
        Hostfile h = Hostfile.parse("""
                # cluster
                node1 slots=2
                node2            # one slot
                  node3 slots=3 max_slots=8
                """);
        assertThat(h.entries()).containsExactly(new Hostfile.Entry("node1", 2), new Hostfile.Entry("node2", 1),
                new Hostfile.Entry("node3", 3));
        assertThat(h.totalSlots()).isEqualTo(6);
    }

    @Test
    void placesRanksBySlot() {
        Hostfile h = Hostfile.parse("a slots=2\nb slots=2\n");
        assertThat(h.place(3)).containsExactly("a", "a", "b");
        assertThat(h.place(4)).containsExactly("a", "a", "b", "b");
    }

    @Test
    void rejectsBadLinesAndOversubscription() {
        assertThatThrownBy(() -> Hostfile.parse("a slots=0")).hasMessageContaining("line 1");
        assertThatThrownBy(() -> Hostfile.parse("a\nb cpus=2")).hasMessageContaining("line 2")
                .hasMessageContaining("cpus=2");
        assertThatThrownBy(() -> Hostfile.parse("# nothing\n")).hasMessageContaining("no host");
        assertThatThrownBy(() -> Hostfile.parse("a slots=2").place(3)).hasMessageContaining("2 slot(s) for 3");
    }

    @Test
    void readinessLine() {
        ReadinessLine tcp = ReadinessLine.parse("OX4J READY control=40001 data=40002\r").orElseThrow();
        assertThat(tcp.controlPort()).isEqualTo(40001);
        assertThat(tcp.dataPort()).isEqualTo(40002);
        ReadinessLine unix = ReadinessLine.parse("OX4J READY control=/tmp/a.control data=/tmp/a.data").orElseThrow();
        assertThat(unix.control()).isEqualTo("/tmp/a.control");
        assertThatThrownBy(unix::controlPort).hasMessageContaining("/tmp/a.control");
        assertThat(ReadinessLine.parse("OX4J READY control=1")).isEmpty();
        assertThat(ReadinessLine.parse("starting")).isEmpty();
    }

    @Test
    void sshRemoteCommandQuotesEverything() {
        SshLauncher l = new SshLauncher("h", "10.0.0.2", "/opt/o'x", java.util.List.of("ssh"),
                java.time.Duration.ofSeconds(1));
        String cmd = l.remoteCommand(org.ox4j.protocol.handshake.OneTimePassword.of("pw"));
        assertThat(cmd).isEqualTo("echo OX4J PID $$; exec '/opt/o'\\''x/bin/ox-server' -host '10.0.0.2' -control 0"
                + " -data 0 -insecure -pass 'pw'");
    }
}
