"""The keyboard user interface: the only part of uno-access that imports prompt_toolkit.

It drives the seat (``seat``, with no I/O of its own) at this machine's terminal:
``play.run`` starts a line-mode game; ``drive`` carries out what the seat asks for,
``terminal`` holds the line input and the append-only output, ``keys`` the key bindings.
"""
