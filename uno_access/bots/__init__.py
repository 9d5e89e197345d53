"""Bots: ``choose(view, legal)`` picks one of the legal actions, seeing only a ``PlayerView``."""

from __future__ import annotations

from .base import BOT_NAMES, Bot, make_bot

__all__ = ["BOT_NAMES", "Bot", "make_bot"]
