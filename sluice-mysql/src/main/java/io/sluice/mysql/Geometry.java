package io.sluice.mysql;

import io.sluice.ValueConversionException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * A MySQL or MariaDB spatial value ({@code GEOMETRY}, {@code POINT}, {@code POLYGON}, ...) as its
 * spatial reference id and its OGC Well-Known Binary, the form {@code ST_GeomFromWKB(wkb, srid)} takes
 * and GIS libraries (JTS's {@code WKBReader}) read.
 *
 * <p>The server sends and stores a spatial value in its internal format: the SRID as a 4-byte
 * little-endian integer, then the WKB. {@code Row.getBytes} returns those bytes unchanged (as MariaDB
 * Connector/J does); {@code row.get(i, Geometry.class)} splits them into this record. As a parameter,
 * a {@code Geometry} is sent in the internal format, which a spatial column stores as is.
 *
 * <p>Both arrays are copied: on construction and by {@link #wkb()}.
 *
 * @param srid the spatial reference id (0: none given), read as an unsigned 32-bit value into an int
 * @param wkb the Well-Known Binary, without the SRID
 */
public record Geometry(int srid, byte[] wkb) {

    /** Copies {@code wkb}, which must not be null. */
    public Geometry {
        wkb = wkb.clone();
    }

    /**
     * Splits the server's internal format (SRID, 4 bytes little-endian, then WKB).
     *
     * @throws ValueConversionException if {@code internal} is shorter than the SRID and a WKB header
     *     (byte order and type: 5 bytes)
     */
    public static Geometry ofInternal(byte[] internal) {
        if (internal.length < 9) {
            throw new ValueConversionException(
                    "spatial value shorter than SRID and WKB header: length=" + internal.length + ", expected>=9");
        }
        int srid = (internal[0] & 0xff)
                | (internal[1] & 0xff) << 8
                | (internal[2] & 0xff) << 16
                | (internal[3] & 0xff) << 24;
        return new Geometry(srid, Arrays.copyOfRange(internal, 4, internal.length));
    }

    /** The server's internal format: the SRID (4 bytes, little-endian) followed by the WKB. A new array. */
    public byte[] toInternal() {
        byte[] b = new byte[4 + wkb.length];
        b[0] = (byte) srid;
        b[1] = (byte) (srid >>> 8);
        b[2] = (byte) (srid >>> 16);
        b[3] = (byte) (srid >>> 24);
        System.arraycopy(wkb, 0, b, 4, wkb.length);
        return b;
    }

    /** A copy of the Well-Known Binary. */
    @Override
    public byte[] wkb() {
        return wkb.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Geometry g && g.srid == srid && Arrays.equals(g.wkb, wkb);
    }

    @Override
    public int hashCode() {
        return 31 * srid + Arrays.hashCode(wkb);
    }

    @Override
    public String toString() {
        return "Geometry[srid=" + Integer.toUnsignedString(srid) + ", wkb="
                + HexFormat.of().formatHex(wkb) + "]";
    }
}
