"""Network play: the game server over SSH, its lobby, tables and remote seats."""
