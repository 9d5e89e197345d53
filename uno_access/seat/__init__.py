"""The seat without I/O: states that take a person's inputs and say what to do, which any
way in (the terminal, a braille display, the network) drives. ``keys``: the command
registry and the inputs read from a person; ``asks``: what a seat awaits of its driver;
``menu``: a question's choices; ``state``, ``table`` and its layers (``answers``,
``navigation``, ``dialogs``): the seat itself; ``commands``, ``hand``, ``history``: what
it reads typed lines as, the hand's selection, the histories; ``outputs``: the one output
path, to the devices it is given; ``ports``: what it needs of the objects a driver hands
it. Nothing here imports a terminal, a network, a database, a device, the settings file,
a signal handler or the clock (``tests/test_layout.py``).
"""
