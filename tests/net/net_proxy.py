"""A TCP proxy on 127.0.0.1 for tests: every connection to ``port`` is passed on to the
server's port, until the test cuts them all (``cut``: the connections are closed and
new ones refused, as when a network goes away) and opens the port again (``restore``).
Before a cut, ``hold`` stops passing on what the server sends, the connections open: what
it sends meanwhile (``held``, its bytes) is in flight, written by the server and never
received, as when a network stops before anyone notices.
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
        self._holding = False  # what the server sends is read and not passed on
        self.held = 0  # the bytes of it read since ``hold``
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

    def hold(self) -> None:
        """What the server sends is passed on no more: read, counted (``held``) and lost."""
        with self._lock:
            self._holding, self.held = True, 0

    def close(self) -> None:
        """At a test's end: cut (``closing``)."""
        self.cut()

    def cut(self) -> None:
        """Every connection closed at once, what was held lost, and no connection taken
        until ``restore``."""
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self._lock:
            open_, self._open = self._open, []
        for sock in open_:
            _close(sock)
        with self._lock:
            self._holding = False  # (the next connections are passed on)

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
                if slow and self._held(len(data)):
                    continue
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

    def _held(self, size: int) -> bool:
        """Whether what the server sent (``size`` bytes) is held, counted, not passed on."""
        with self._lock:
            if self._holding:
                self.held += size
            return self._holding


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()
