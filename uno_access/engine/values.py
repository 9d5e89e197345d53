"""What every event, action and view is besides its fields: equality, hash and ``repr``.

An event, an action or a ``PlayerView`` is a dataclass whose fields are ``Final`` and set in an
``__init__`` of its own (``events``): mypy refuses any change after it is made, and
mypyc compiles the ``__init__`` to slot stores and makes the fields read-only. The
dataclass decorator is kept for what it gives the rest of the code (``fields``,
``replace``, ``__match_args__`` for ``match``), but is asked to generate no method
(``init=False, repr=False, eq=False``): each method it generates is source text compiled
with ``exec`` as the module is imported, about a tenth of a millisecond each, and the
engine's 56 events and actions were 168 of them, a twentieth of a game's start (a
blind player waits for the first spoken line). Under mypyc the generated methods also
stayed interpreted.

``Value`` gives the three instead, once, compiled with the engine, from the fields in
order (a dataclass's ``__match_args__`` is its fields when every one is a positional
``__init__`` argument, as here; a test holds every event and action to it): equal when
of the same class with equal fields, the hash of the fields' tuple and the ``repr`` of
``Class(field=value, ...)``, exactly what ``@dataclass(unsafe_hash=True)`` made before,
so a hash or a ``repr`` written before is the same one now.

Why a base class and not these three written out in each class: 56 times the same
three methods, each to be kept in step with its fields by hand, against one place
whose reading of the fields a test checks. The cost is a field read by name
(``getattr``) rather than a slot read; equality and hashing are not on the engine's
hot path (a simulation compares no events), and ``bench_engine.py`` measures the same.
"""

from __future__ import annotations

from typing import ClassVar


class Value:
    """An event's or an action's equality, hash and ``repr``, from its fields in order."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]]  # set by the dataclass decorator: the fields

    def field_values(self) -> tuple[object, ...]:
        """The fields' values, in order."""
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Value)
        return self.field_values() == other.field_values()

    def __hash__(self) -> int:
        return hash(self.field_values())

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.__match_args__])
        return f"{type(self).__qualname__}({shown})"
