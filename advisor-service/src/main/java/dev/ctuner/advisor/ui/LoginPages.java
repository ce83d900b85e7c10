package dev.ctuner.advisor.ui;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The sign-in page and the landing redirects.
 *
 * <pre>
 * GET /            → /ui/clusters
 * GET /ui/login    sign-in form (POST is handled by Spring Security)
 * </pre>
 */
@Controller
public class LoginPages {

    @GetMapping({"/", "/ui", "/ui/"})
    public String home() {
        return "redirect:/ui/clusters";
    }

    @GetMapping("/ui/login")
    public String login() {
        return "ui/login";
    }
}
