package org.cryptorder.testing;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * When a module's tests end, one line naming every group of tests left out because a tool was
 * missing ({@link RequiredTool}), with the Debian packages that bring them. Registered through
 * {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener} in each module.
 */
public final class LeftOutSummary implements TestExecutionListener {
    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        Map<String, String> left = RequiredTool.leftOut();
        if (left.isEmpty()) {
            return;
        }
        System.out.println("cryptorder: tests left out for want of a tool (nothing was installed): "
                + left.entrySet().stream().map(e -> e.getKey() + " (apt-get install " + e.getValue() + ")")
                        .collect(Collectors.joining(", "))
                + "; .ci/run installs them and sets -Dcryptorder.requireTools=true");
    }
}
