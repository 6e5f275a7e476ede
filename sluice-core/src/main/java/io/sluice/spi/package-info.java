/**
 * The service-provider interface drivers implement. Applications do not need it.
 */
package io.sluice.spi;
