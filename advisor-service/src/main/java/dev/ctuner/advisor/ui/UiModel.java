package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.leadership.Leadership;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * Adds the signed-in user to the model of every UI page ({@link UiUser}).
 *
 * <pre>
 * &lt;a th:if="${operator}" th:href="@{/ui/act/…}"&gt;Approve…&lt;/a&gt;
 * </pre>
 */
@ControllerAdvice(basePackageClasses = UiModel.class)
public class UiModel {

    private final ObjectProvider<Leadership> leadership;

    public UiModel(ObjectProvider<Leadership> leadership) {
        this.leadership = leadership;
    }

    /** Which advisor replica served the page, and which one leads (only the leader runs loops and rollouts). */
    @ModelAttribute("replica")
    public String replica() {
        Leadership l = leadership.getIfAvailable();
        if (l == null) {
            return null;
        }
        if (l.isLeader()) {
            return "replica " + l.replicaId() + " (leader, epoch " + l.epoch().orElse(0) + ")";
        }
        return "replica " + l.replicaId() + " · leader: " + l.leader().map(x -> x.replica() + " (epoch " + x.epoch() + ")").orElse("none yet");
    }

    @ModelAttribute("operator")
    public boolean operator(Authentication who) {
        return UiUser.isOperator(who);
    }

    @ModelAttribute("userName")
    public String userName(Authentication who) {
        return UiUser.name(who);
    }
}
