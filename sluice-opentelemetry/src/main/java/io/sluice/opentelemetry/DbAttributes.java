package io.sluice.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;

/**
 * The OpenTelemetry semantic-convention attribute keys the spans carry, under the names the specification gives
 * them (https://opentelemetry.io/docs/specs/semconv/database/database-spans/), so that a reader can grep it.
 * Kept here rather than taken from the semconv artifact to keep the module's one dependency the API.
 */
final class DbAttributes {
    private DbAttributes() {}

    static final AttributeKey<String> DB_SYSTEM_NAME = AttributeKey.stringKey("db.system.name");
    static final AttributeKey<String> DB_NAMESPACE = AttributeKey.stringKey("db.namespace");
    static final AttributeKey<String> DB_OPERATION_NAME = AttributeKey.stringKey("db.operation.name");
    static final AttributeKey<String> DB_COLLECTION_NAME = AttributeKey.stringKey("db.collection.name");
    static final AttributeKey<String> DB_QUERY_SUMMARY = AttributeKey.stringKey("db.query.summary");
    static final AttributeKey<String> DB_QUERY_TEXT = AttributeKey.stringKey("db.query.text");
    static final AttributeKey<String> DB_RESPONSE_STATUS_CODE = AttributeKey.stringKey("db.response.status_code");
    static final AttributeKey<Long> DB_RESPONSE_RETURNED_ROWS = AttributeKey.longKey("db.response.returned_rows");
    static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    /** Sluice's own: the pool a connection was borrowed from, and how long the borrow took. */
    static final AttributeKey<String> POOL_NAME = AttributeKey.stringKey("sluice.pool.name");

    static final AttributeKey<Double> POOL_WAIT = AttributeKey.doubleKey("sluice.pool.acquire.duration");
}
