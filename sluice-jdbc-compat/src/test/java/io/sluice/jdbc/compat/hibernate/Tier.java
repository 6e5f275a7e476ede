package io.sluice.jdbc.compat.hibernate;

/** A customer's tier, stored by name. */
public enum Tier {
    /** The default tier. */
    BASIC,
    /** The paying tier. */
    GOLD
}
