"""The seat without I/O: states that take a person's inputs and say what to do, which any
way in (the terminal, a braille display, the network) drives. ``keys``: the command
registry and the inputs read from a person; ``asks``: what a seat awaits of its driver;
``menu``: a question's choices.
"""
