package io.sluice.types;

import java.util.Objects;

/**
 * A range of values, as PostgreSQL's range types hold them ({@code int4range}, {@code tstzrange}, a
 * range type of one's own): empty, or a lower and an upper bound, each inclusive, exclusive or
 * unbounded. Immutable; equal when the bounds, their kinds and emptiness are equal (no
 * canonicalisation is done here: PostgreSQL turns {@code [1,5]} of a discrete type into
 * {@code [1,6)} itself, and reads then give that form).
 *
 * <p>An unbounded side has a null bound and is never inclusive. Infinite bounds of date and time
 * ranges ({@code [2024-01-01,infinity)}) are not unbounded: they read as the drivers' infinity
 * constants ({@code LocalDate.MAX}...).
 *
 * @param <T> the bound type ({@code Integer} for int4range, {@code LocalDate} for daterange...)
 */
public final class Range<T> {
    private static final Range<?> EMPTY = new Range<>(null, false, null, false, true);

    private final T lower;
    private final boolean lowerInclusive;
    private final T upper;
    private final boolean upperInclusive;
    private final boolean empty;

    private Range(T lower, boolean lowerInclusive, T upper, boolean upperInclusive, boolean empty) {
        this.lower = lower;
        this.lowerInclusive = lower != null && lowerInclusive;
        this.upper = upper;
        this.upperInclusive = upper != null && upperInclusive;
        this.empty = empty;
    }

    /**
     * A range from {@code lower} to {@code upper}; a null bound is unbounded (its inclusive flag is
     * ignored). Does not check that lower is below upper: the server does when the value is sent.
     */
    public static <T> Range<T> of(T lower, boolean lowerInclusive, T upper, boolean upperInclusive) {
        return new Range<>(lower, lowerInclusive, upper, upperInclusive, false);
    }

    /** {@code [lower,upper)}, the form PostgreSQL gives discrete ranges; a null bound is unbounded. */
    public static <T> Range<T> closedOpen(T lower, T upper) {
        return of(lower, true, upper, false);
    }

    /** {@code [lower,upper]}; a null bound is unbounded. */
    public static <T> Range<T> closed(T lower, T upper) {
        return of(lower, true, upper, true);
    }

    /** {@code (,)}: every value. */
    public static <T> Range<T> unbounded() {
        return of(null, false, null, false);
    }

    /** The empty range, which contains nothing (PostgreSQL's {@code empty}). */
    @SuppressWarnings("unchecked")
    public static <T> Range<T> empty() {
        return (Range<T>) EMPTY;
    }

    /** True for the empty range. */
    public boolean isEmpty() {
        return empty;
    }

    /** The lower bound, null when unbounded or empty. */
    public T lower() {
        return lower;
    }

    /** The upper bound, null when unbounded or empty. */
    public T upper() {
        return upper;
    }

    /** True when the lower bound belongs to the range (false when unbounded). */
    public boolean lowerInclusive() {
        return lowerInclusive;
    }

    /** True when the upper bound belongs to the range (false when unbounded). */
    public boolean upperInclusive() {
        return upperInclusive;
    }

    /** True when there is no lower bound (and the range is not empty). */
    public boolean lowerUnbounded() {
        return !empty && lower == null;
    }

    /** True when there is no upper bound (and the range is not empty). */
    public boolean upperUnbounded() {
        return !empty && upper == null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Range<?> r
                && empty == r.empty
                && lowerInclusive == r.lowerInclusive
                && upperInclusive == r.upperInclusive
                && Objects.equals(lower, r.lower)
                && Objects.equals(upper, r.upper);
    }

    @Override
    public int hashCode() {
        return Objects.hash(empty, lower, upper, lowerInclusive, upperInclusive);
    }

    /** The bounds in PostgreSQL's notation, unquoted: {@code [1,5)}, {@code (,2024-01-01]}, {@code empty}. */
    @Override
    public String toString() {
        if (empty) {
            return "empty";
        }
        return (lowerInclusive ? "[" : "(") + (lower == null ? "" : lower) + "," + (upper == null ? "" : upper)
                + (upperInclusive ? "]" : ")");
    }
}
