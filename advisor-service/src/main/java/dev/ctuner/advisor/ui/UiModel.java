package dev.ctuner.advisor.ui;

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

    @ModelAttribute("operator")
    public boolean operator(Authentication who) {
        return UiUser.isOperator(who);
    }

    @ModelAttribute("userName")
    public String userName(Authentication who) {
        return UiUser.name(who);
    }
}
