"""The seat without I/O: states that take a person's inputs and say what to do, which any
way in (the terminal, a braille display, the network) drives. ``menu``: a question's
choices.
"""
