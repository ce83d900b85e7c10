package dev.ctuner.common.catalog;

/** Which paper tuned a knob; EXTRA marks settings added for modern Cassandra. */
public enum Source {
    /** Mahgoub et al., RAFIKI (Middleware '17): the 5 key parameters. */
    RAFIKI,
    /** Mahgoub et al., EUNOMIA: the 7 parameters of its ANOVA. */
    EUNOMIA,
    /** Silva-Muñoz et al., irace tuning of Cassandra: Table 1, 23 parameters. */
    IRACE,
    /** Eppinger and Störl, ML surrogates: Table 2, 7 settings. */
    ML_SURR,
    /** Not in the papers; matters on Cassandra 5.0. */
    EXTRA
}
