package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BinomialScheduleTest {

    @Test
    void roundsAreCeilingOfLog2() {
        assertThat(BinomialSchedule.rounds(1)).isZero();
        assertThat(BinomialSchedule.rounds(2)).isEqualTo(1);
        assertThat(BinomialSchedule.rounds(3)).isEqualTo(2);
        assertThat(BinomialSchedule.rounds(4)).isEqualTo(2);
        assertThat(BinomialSchedule.rounds(5)).isEqualTo(3);
        assertThat(BinomialSchedule.rounds(8)).isEqualTo(3);
        assertThat(BinomialSchedule.rounds(9)).isEqualTo(4);
        assertThat(BinomialSchedule.rounds(1024)).isEqualTo(10);
    }

    @Test
    void eightMembersRootZeroMatchesTheRfcTree() {
        assertThat(BinomialSchedule.bcastChildren(8, 0, 0)).containsExactly(4, 2, 1);
        assertThat(BinomialSchedule.bcastChildren(8, 0, 4)).containsExactly(6, 5);
        assertThat(BinomialSchedule.bcastChildren(8, 0, 6)).containsExactly(7);
        assertThat(BinomialSchedule.bcastChildren(8, 0, 7)).isEmpty();
        assertThat(BinomialSchedule.bcastParent(8, 0, 7)).isEqualTo(6);
        assertThat(BinomialSchedule.bcastParent(8, 0, 6)).isEqualTo(4);
        assertThat(BinomialSchedule.bcastParent(8, 0, 0)).isEqualTo(-1);
    }

    @Test
    void rootThreeOfFiveUsesRelativeRanks() {
        // relative ranks 0..4 are absolute 3,4,0,1,2
        assertThat(BinomialSchedule.bcastChildren(5, 3, 3)).containsExactly(2, 0, 4);
        assertThat(BinomialSchedule.bcastParent(5, 3, 2)).isEqualTo(3);
        assertThat(BinomialSchedule.reduceSteps(5, 3, 3)).containsExactly(
                recv(4), recv(0), recv(2));
        assertThat(BinomialSchedule.reduceSteps(5, 3, 1)).containsExactly(send(0));
        assertThat(BinomialSchedule.reduceSteps(5, 3, 2)).containsExactly(send(3));
    }

    @Test
    void everyBroadcastTreeReachesEachMemberOnceWithinTheRounds() {
        for (int n = 1; n <= 33; n++) {
            for (int root = 0; root < n; root++) {
                Map<Integer, Integer> parentOf = new HashMap<>();
                for (int me = 0; me < n; me++) {
                    for (int child : BinomialSchedule.bcastChildren(n, root, me)) {
                        assertThat(parentOf.put(child, me)).as("n=%d root=%d child %d sent twice", n, root, child)
                                .isNull();
                    }
                }
                assertThat(parentOf).as("n=%d root=%d", n, root).hasSize(n - 1).doesNotContainKey(root);
                for (int me = 0; me < n; me++) {
                    int p = BinomialSchedule.bcastParent(n, root, me);
                    assertThat(p).isEqualTo(me == root ? -1 : parentOf.get(me));
                    assertThat(depth(n, root, me)).isLessThanOrEqualTo(BinomialSchedule.rounds(n));
                }
            }
        }
    }

    @Test
    void everyReductionSendsOnceAndMatchesReceives() {
        for (int n = 1; n <= 33; n++) {
            for (int root = 0; root < n; root++) {
                List<String> sends = new ArrayList<>();
                List<String> receives = new ArrayList<>();
                for (int me = 0; me < n; me++) {
                    List<BinomialSchedule.Step> steps = BinomialSchedule.reduceSteps(n, root, me);
                    long nSend = steps.stream().filter(s -> s.kind() == BinomialSchedule.Step.Kind.SEND).count();
                    assertThat(nSend).as("n=%d root=%d me=%d", n, root, me).isEqualTo(me == root ? 0 : 1);
                    if (me != root) {
                        assertThat(steps.get(steps.size() - 1).kind()).isEqualTo(BinomialSchedule.Step.Kind.SEND);
                    }
                    assertThat(steps.size()).isLessThanOrEqualTo(BinomialSchedule.rounds(n));
                    for (BinomialSchedule.Step s : steps) {
                        (s.kind() == BinomialSchedule.Step.Kind.SEND ? sends : receives)
                                .add(s.kind() == BinomialSchedule.Step.Kind.SEND ? me + ">" + s.peer()
                                        : s.peer() + ">" + me);
                    }
                }
                assertThat(sends).containsExactlyInAnyOrderElementsOf(receives).hasSize(n - 1);
            }
        }
    }

    @Test
    void badArgumentsAreRejected() {
        assertThatThrownBy(() -> BinomialSchedule.bcastChildren(4, 4, 0)).hasMessageContaining("root: 4");
        assertThatThrownBy(() -> BinomialSchedule.reduceSteps(0, 0, 0)).hasMessageContaining("nserver: 0");
        assertThatThrownBy(() -> BinomialSchedule.bcastParent(3, 0, -1)).hasMessageContaining("rank: -1");
    }

    private static int depth(int n, int root, int me) {
        int d = 0;
        for (int x = me; x != root; x = BinomialSchedule.bcastParent(n, root, x)) {
            d++;
        }
        return d;
    }

    private static BinomialSchedule.Step recv(int p) {
        return new BinomialSchedule.Step(BinomialSchedule.Step.Kind.RECEIVE, p);
    }

    private static BinomialSchedule.Step send(int p) {
        return new BinomialSchedule.Step(BinomialSchedule.Step.Kind.SEND, p);
    }
}
