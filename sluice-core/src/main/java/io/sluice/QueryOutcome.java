package io.sluice;

/**
 * How an observed query ended (see {@link QueryListener#onEnd}).
 *
 * @param rows          rows read from the result (0 for a statement without one); for a COPY, the rows copied,
 *                      in either direction
 * @param affected      the server's count: PostgreSQL's command tag count (for a SELECT, the rows it returned;
 *                      for a COPY, the rows copied), MySQL's affected rows (0 for a SELECT)
 * @param failure       what the query threw, or null when it succeeded
 * @param durationNanos time from just before the request was sent until its response was read or it failed
 */
public record QueryOutcome(long rows, long affected, Throwable failure, long durationNanos) {

    /** The coarse kind of an outcome: a small fixed set, fit for a metric tag. */
    public enum Status {
        /** The query succeeded. */
        OK,
        /** The server answered with an error ({@link ServerException}). */
        SERVER_ERROR,
        /** The query ran past its timeout ({@link QueryTimeoutException}). */
        TIMEOUT,
        /** The query was cancelled ({@link QueryCancelledException}). */
        CANCELLED,
        /** The connection failed or the server broke the protocol ({@link ConnectionException}). */
        CONNECTION_ERROR,
        /** Anything else, such as a failing row mapper or a value that could not be converted. */
        ERROR;

        /** The lower-case name ({@code ok}, {@code server_error}...) used as a tag value. */
        public String tag() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** True when the query succeeded. */
    public boolean succeeded() {
        return failure == null;
    }

    /** The outcome's kind. */
    public Status status() {
        return switch (failure) {
            case null -> Status.OK;
            case ServerException e -> Status.SERVER_ERROR;
            case QueryTimeoutException e -> Status.TIMEOUT;
            case QueryCancelledException e -> Status.CANCELLED;
            case ConnectionException e -> Status.CONNECTION_ERROR;
            default -> Status.ERROR;
        };
    }

    /** The server's SQLSTATE when the server reported an error, else null. */
    public String sqlState() {
        return failure instanceof ServerException e ? e.sqlState() : null;
    }
}
