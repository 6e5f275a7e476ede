/** The quick start as a user's module: it reads only the core API; the driver is a service. */
module com.example.quickstart {
    requires io.sluice.core;
}
