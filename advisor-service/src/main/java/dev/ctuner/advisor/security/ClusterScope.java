package dev.ctuner.advisor.security;

import dev.ctuner.common.protocol.ClusterId;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

/**
 * Which clusters a signed-in operator may change. A user limited to some clusters carries one
 * {@code CLUSTER:<id>} authority per cluster; a user with none may change every cluster. Reading is
 * never limited. A refusal is an {@link AccessDeniedException}: 403, nothing changed.
 *
 * <pre>{@code
 * ClusterScope.requireOperatorOf(who, rec.clusterId());
 * }</pre>
 */
public final class ClusterScope {

    public static final String AUTHORITY_PREFIX = "CLUSTER:";

    private ClusterScope() {
    }

    /** The clusters {@code who} is limited to; empty when not limited. */
    public static Set<String> clustersOf(Collection<? extends GrantedAuthority> authorities) {
        Set<String> clusters = new TreeSet<>();
        for (GrantedAuthority a : authorities) {
            String name = a.getAuthority();
            if (name != null && name.startsWith(AUTHORITY_PREFIX)) {
                clusters.add(name.substring(AUTHORITY_PREFIX.length()));
            }
        }
        return clusters;
    }

    public static boolean mayChange(Object who, ClusterId cluster) {
        if (!(who instanceof Authentication auth)) {
            return false;
        }
        Set<String> clusters = clustersOf(auth.getAuthorities());
        return clusters.isEmpty() || clusters.contains(cluster.value());
    }

    /** Unlimited users only: for what concerns every cluster (training the shared model). */
    public static boolean unlimited(Object who) {
        return who instanceof Authentication auth && clustersOf(auth.getAuthorities()).isEmpty();
    }

    /** @throws AccessDeniedException naming the cluster when {@code who} may not change it */
    public static void requireOperatorOf(Object who, ClusterId cluster) {
        if (!mayChange(who, cluster)) {
            throw new AccessDeniedException("your account may change only the clusters "
                    + String.join(", ", clustersOf(((Authentication) who).getAuthorities())) + ", not " + cluster.value());
        }
    }

    /** @throws AccessDeniedException when {@code who} is limited to some clusters */
    public static void requireUnlimited(Object who, String what) {
        if (!unlimited(who)) {
            throw new AccessDeniedException(what + " concerns every cluster; your account may change only some");
        }
    }
}
