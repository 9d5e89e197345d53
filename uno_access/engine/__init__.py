"""The rules engine: standard library only, imports nothing else of the package."""
