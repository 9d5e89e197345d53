"""A TCP proxy on 127.0.0.1 for tests: every connection to ``port`` is passed on to the
server's port, until the test cuts them all (``cut``: the connections are closed and
new ones refused, as when a network goes away) and opens the port again (``restore``).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time

TRICKLE_BYTES = 512


class Proxy:
    def __init__(self, target: int) -> None:
        self.target = target
        # seconds between each TRICKLE_BYTES of what the server sends (0: as it comes): a
        # slow link, the physical world's, on which a log sent at once arrives over time
        self.trickle = 0.0
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self._listener: socket.socket | None = None
        self.port = 0
        self.restore()

    def restore(self) -> None:
        """Listen again (on the same port), and pass every new connection on."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(16)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        """Every connection closed at once, and none taken until ``restore``."""
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self._lock:
            open_, self._open = self._open, []
        for sock in open_:
            _close(sock)

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                near, _ = listener.accept()
            except OSError:
                return
            try:
                far = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                _close(near)
                continue
            with self._lock:
                self._open += [near, far]
            for source, sink, slow in ((near, far, False), (far, near, True)):
                threading.Thread(target=self._pipe, args=(source, sink, slow), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, slow: bool = False) -> None:
        try:
            while data := source.recv(65536):
                while slow and self.trickle and len(data) > TRICKLE_BYTES:
                    sink.sendall(data[:TRICKLE_BYTES])  # a slow link: a little at a time
                    data = data[TRICKLE_BYTES:]
                    time.sleep(self.trickle)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            _close(source)
            _close(sink)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()
