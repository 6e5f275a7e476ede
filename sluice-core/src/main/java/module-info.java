/**
 * Sluice's driver-independent API. Drivers register through {@link io.sluice.spi.Driver}.
 */
module io.sluice.core {
    requires transitive jdk.jfr; // QueryEvent, which drivers commit

    exports io.sluice;
    exports io.sluice.spi;
    exports io.sluice.sql;
    exports io.sluice.types;

    uses io.sluice.spi.Driver;
}
