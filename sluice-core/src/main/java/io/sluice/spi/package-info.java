/**
 * The service-provider interface drivers implement, and the plumbing they share (savepoints, query
 * tracing, TLS sockets, the {@link io.sluice.spi.QueryTimeouts} timer). Applications do not need it.
 */
package io.sluice.spi;
