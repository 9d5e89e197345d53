"""Playing in a browser (``uno-access serve --web PORT``): an aiohttp server on the game
server's own event loop, one WebSocket per person, the same accounts, lobby and tables as
ssh (the frames, the contract with the page, are in docs/web.md).

- ``app``: the routes (the page, its files, login and logout, the WebSocket);
- ``login``: a password checked as over ssh, failed logins limited, the session cookie;
- ``connection``: one socket, its frames in (checked, limited) and out (in order);
- ``frames``: the frames both ways, as values, no I/O;
- ``keyboard``: the seat's reads answered from the frames;
- ``way``: the person's way in (their devices: message, hand, table and prompt frames).
"""

from __future__ import annotations

from .app import WebServer

__all__ = ["WebServer"]
