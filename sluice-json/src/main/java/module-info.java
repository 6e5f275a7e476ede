/**
 * Sluice JSON: query results written straight to JSON bytes.
 */
module io.sluice.json {
    requires transitive io.sluice.core;
    requires com.fasterxml.jackson.core;

    exports io.sluice.json;
}
