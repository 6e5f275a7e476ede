package io.sluice.jdbc.metadata;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;

/**
 * The update half of {@link ResultSet}, which every Sluice result set lacks (the driver's own and the
 * metadata ones): each update, insert and delete method throws the subclass's {@link #readOnly()}
 * exception, and the result is {@link ResultSet#CONCUR_READ_ONLY} (JDBC allows it; the statement
 * refuses {@code CONCUR_UPDATABLE} when it is created). Public only so that {@code io.sluice.jdbc}
 * can extend it: this package is not exported.
 */
public abstract class ReadOnlyResultSet implements ResultSet {

    /**
     * The exception every change method throws; it names the kind of result set. Called only when a
     * change is attempted, never on the read path.
     */
    protected abstract SQLFeatureNotSupportedException readOnly();

    @Override
    public final int getConcurrency() throws SQLException {
        return CONCUR_READ_ONLY;
    }

    @Override
    public final boolean rowUpdated() throws SQLException {
        return false; // nothing is ever changed through a read-only result set
    }

    @Override
    public final boolean rowInserted() throws SQLException {
        return false;
    }

    @Override
    public final boolean rowDeleted() throws SQLException {
        return false;
    }

    @Override
    public final void insertRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public final void deleteRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public final void refreshRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public final void cancelRowUpdates() throws SQLException {
        throw readOnly();
    }

    @Override
    public final void moveToInsertRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public final void moveToCurrentRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateArray(String label, Array x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateArray(int column, Array x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateAsciiStream(String label, InputStream x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateAsciiStream(String label, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateAsciiStream(String label, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateAsciiStream(int column, InputStream x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateAsciiStream(int column, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateAsciiStream(int column, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBigDecimal(String label, BigDecimal x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBigDecimal(int column, BigDecimal x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBinaryStream(String label, InputStream x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBinaryStream(String label, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBinaryStream(String label, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBinaryStream(int column, InputStream x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBinaryStream(int column, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBinaryStream(int column, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBlob(String label, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBlob(String label, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBlob(String label, Blob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBlob(int column, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBlob(int column, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBlob(int column, Blob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBoolean(String label, boolean x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBoolean(int column, boolean x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateByte(String label, byte x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateByte(int column, byte x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBytes(String label, byte[] x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateBytes(int column, byte[] x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateCharacterStream(String label, Reader x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateCharacterStream(String label, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateCharacterStream(String label, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateCharacterStream(int column, Reader x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateCharacterStream(int column, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateCharacterStream(int column, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateClob(String label, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateClob(String label, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateClob(String label, Clob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateClob(int column, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateClob(int column, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateClob(int column, Clob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateDate(String label, Date x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateDate(int column, Date x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateDouble(String label, double x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateDouble(int column, double x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateFloat(String label, float x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateFloat(int column, float x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateInt(String label, int x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateInt(int column, int x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateLong(String label, long x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateLong(int column, long x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNCharacterStream(String label, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNCharacterStream(String label, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNCharacterStream(int column, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNCharacterStream(int column, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNClob(String label, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNClob(String label, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNClob(String label, NClob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNClob(int column, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNClob(int column, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNClob(int column, NClob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNString(String label, String x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNString(int column, String x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNull(String label) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateNull(int column) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateObject(String label, Object x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateObject(String label, Object x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateObject(int column, Object x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateObject(int column, Object x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateObject(String label, Object x, SQLType type, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateObject(String label, Object x, SQLType type) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateObject(int column, Object x, SQLType type, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateObject(int column, Object x, SQLType type) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateRef(String label, Ref x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateRef(int column, Ref x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateRowId(String label, RowId x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateRowId(int column, RowId x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateSQLXML(String label, SQLXML x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateSQLXML(int column, SQLXML x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateShort(String label, short x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateShort(int column, short x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateString(String label, String x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateString(int column, String x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateTime(String label, Time x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateTime(int column, Time x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateTimestamp(String label, Timestamp x) throws SQLException {
        throw readOnly();
    }

    @Override
    public final void updateTimestamp(int column, Timestamp x) throws SQLException {
        throw readOnly();
    }
}
