/**
 * Sluice's driver-independent API. Drivers register through {@link io.sluice.spi.Driver}.
 */
module io.sluice.core {
    exports io.sluice;
    exports io.sluice.spi;

    uses io.sluice.spi.Driver;
}
