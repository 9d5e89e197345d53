"""The accessibility layer: events and cards as words, braille and visuals. No devices."""
