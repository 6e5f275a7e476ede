package io.sluice;

/** The driver-independent kinds of column values, and the Java type {@link Row#getObject} returns for each. */
public enum ColumnType {
    /** {@link Boolean}. */
    BOOLEAN,
    /** {@link Short} (MySQL TINYINT as well). */
    SMALLINT,
    /** {@link Integer}. */
    INTEGER,
    /** {@link Long}; MySQL BIGINT UNSIGNED as {@link java.math.BigInteger}. */
    BIGINT,
    /** {@link Float}. */
    REAL,
    /** {@link Double}. */
    DOUBLE,
    /** {@link java.math.BigDecimal}. */
    DECIMAL,
    /** {@link String}. */
    TEXT,
    /** {@code byte[]}. */
    BYTES,
    /** {@link java.time.LocalDate}. */
    DATE,
    /** {@link java.time.LocalTime}. */
    TIME,
    /** {@link java.time.OffsetTime}. */
    TIME_TZ,
    /** {@link java.time.LocalDateTime}. */
    TIMESTAMP,
    /** {@link java.time.OffsetDateTime} in UTC. */
    TIMESTAMP_TZ,
    /** {@link Interval}. */
    INTERVAL,
    /** {@link java.util.UUID}. */
    UUID,
    /** {@link String} holding JSON text. */
    JSON,
    /** {@link java.util.List} of the element type's Java type. */
    ARRAY,
    /** Anything else, as {@link String} in the server's text format. */
    OTHER
}
