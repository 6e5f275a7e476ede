/**
 * Query results written straight to JSON bytes: rows go from the driver's receive buffer through
 * a per-column writer chosen once per result into Jackson's streaming generator, without a map,
 * a list or a boxed value per row. Text and decimals go over as the driver's bytes
 * ({@link io.sluice.Row#writeUtf8}), numbers through primitive getters, dates and times as ISO-8601
 * bytes formatted in place; a 500-row, 16-column result allocates about 30 bytes per row.
 *
 * <p>Start with {@link io.sluice.json.JsonResults#write}. Shapes: an array of objects (column names
 * as keys), an array of arrays, or NDJSON (one object per line). Results of any size stream in
 * bounded memory: rows are fetched {@link io.sluice.json.JsonOptions#fetchSize() fetchSize} at a time.
 *
 * <h2>Type rules</h2>
 * <table>
 * <caption>Column kind to JSON</caption>
 * <tr><th>column</th><th>JSON</th></tr>
 * <tr><td>boolean</td><td>true / false</td></tr>
 * <tr><td>smallint, integer, bigint (MySQL unsigned too)</td><td>number, exact</td></tr>
 * <tr><td>real, double</td><td>number in Java's shortest round-trip form; NaN and infinities per
 *     {@link io.sluice.json.NonFinite}: by default the strings {@code "NaN"}, {@code "Infinity"},
 *     {@code "-Infinity"}, as PostgreSQL's {@code to_json} writes them</td></tr>
 * <tr><td>numeric / decimal</td><td>number, exact, never in exponent form; NaN and infinities as for doubles</td></tr>
 * <tr><td>text kinds, uuid, unknown types</td><td>string (escaped per RFC 8259)</td></tr>
 * <tr><td>json, jsonb</td><td>spliced verbatim: the server's JSON text is not parsed again</td></tr>
 * <tr><td>bytea, BLOB</td><td>string, standard base64 with padding</td></tr>
 * <tr><td>date, time, timetz, timestamp, timestamptz</td><td>ISO-8601 string ({@code 2024-02-29},
 *     {@code 13:45:00.5}, {@code 2024-02-29T13:45:00Z}); PostgreSQL's {@code infinity} and
 *     {@code -infinity} as those strings, {@code 24:00:00} as such</td></tr>
 * <tr><td>interval, MySQL TIME</td><td>ISO-8601 duration string ({@code P1M2DT3H4M5.5S})</td></tr>
 * <tr><td>one-dimensional arrays</td><td>JSON array of the element type's JSON</td></tr>
 * <tr><td>SQL NULL</td><td>null</td></tr>
 * </table>
 */
package io.sluice.json;
