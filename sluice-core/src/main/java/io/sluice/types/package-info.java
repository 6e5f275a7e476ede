/**
 * Values of database types that have no JDK counterpart ({@link io.sluice.types.Range},
 * {@link io.sluice.types.BitString}, {@link io.sluice.types.InetPrefix}) and the {@link io.sluice.types.TypeCodec}
 * SPI, through which an application reads and writes a type of its own (an extension's type, a
 * PostGIS geometry) as a Java class of its choosing.
 */
package io.sluice.types;
