"""The devices: the only code that touches speech engines, audio players and braille displays.

- ``base``: the ``Output`` protocol every output shares, and ``Notices`` (each problem told once).
- ``speech``: ``Speaker``, interruptible speech with pyttsx3 (the only pyttsx3 importer).
- ``braille_views``: what a braille line shows: message history, hand, table; panning, routing.
- ``braille_display``: ``BrailleDisplay`` over BrlAPI (the only brlapi importer) and
  ``ScreenBraille``, the on-screen line of braille dots; ``open_braille`` picks one.
- ``doctor``: what works on this machine, and how to fix what does not.

The devices know nothing of rules or events: they take ``Message`` values, plain
strings and Unicode braille dots.
"""
