package io.sluice.postgres.internal.transport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;

/**
 * A connected {@link Socket} whose streams are {@link SelectingChannelStreams}, for the JDK's TLS
 * engine to layer on: {@code SSLSocket} then reads through a selector, so an interrupt wakes the read
 * with {@link java.io.InterruptedIOException}, which the TLS layer passes on without closing, instead
 * of closing the socket as java.net.Socket does for an interrupted virtual thread. Everything else
 * delegates to the channel's own socket.
 */
public final class ChannelSocket extends Socket {
    private final SelectingChannelStreams io;
    private final Socket delegate;

    public ChannelSocket(SelectingChannelStreams io) {
        this.io = io;
        this.delegate = io.channel().socket();
    }

    @Override
    public InputStream getInputStream() {
        return io.input();
    }

    @Override
    public OutputStream getOutputStream() {
        return io.output();
    }

    @Override
    public void setSoTimeout(int timeout) {
        io.readTimeout(timeout);
    }

    @Override
    public int getSoTimeout() {
        return io.readTimeout();
    }

    @Override
    public synchronized void close() {
        io.close();
    }

    @Override
    public boolean isClosed() {
        return !io.channel().isOpen();
    }

    @Override
    public boolean isConnected() {
        return io.channel().isConnected();
    }

    @Override
    public boolean isBound() {
        return true;
    }

    @Override
    public InetAddress getInetAddress() {
        return delegate.getInetAddress();
    }

    @Override
    public int getPort() {
        return delegate.getPort();
    }

    @Override
    public InetAddress getLocalAddress() {
        return delegate.getLocalAddress();
    }

    @Override
    public int getLocalPort() {
        return delegate.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return delegate.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return delegate.getLocalSocketAddress();
    }

    @Override
    public void shutdownInput() throws IOException {
        io.channel().shutdownInput();
    }

    @Override
    public void shutdownOutput() throws IOException {
        io.channel().shutdownOutput();
    }

    @Override
    public boolean isInputShutdown() {
        return delegate.isInputShutdown();
    }

    @Override
    public boolean isOutputShutdown() {
        return delegate.isOutputShutdown();
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        delegate.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return delegate.getTcpNoDelay();
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
        delegate.setSoLinger(on, linger);
    }

    @Override
    public int getSoLinger() throws SocketException {
        return delegate.getSoLinger();
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        delegate.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return delegate.getKeepAlive();
    }
}
