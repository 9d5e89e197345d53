"""The keyboard user interface: the only part of uno-access that imports prompt_toolkit.

``play.run`` starts a line-mode game; ``table`` is the game loop, ``commands``
reads typed lines, ``terminal`` holds the line input and the append-only output.
"""
