"""``frozen``: a frozen dataclass made without compiling source at import.

``@dataclass(frozen=True)`` writes each method it generates (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``) as source text and compiles
it with ``exec`` as the module is imported: about a millisecond a class on a busy
machine. A game's start made some sixty of them outside the engine before its first
prompt, some 70 ms of the 170 by which it exceeded Python's and prompt_toolkit's own
start; a blind player waits that long for the first spoken line. (Here, a class takes a
tenth of that.)

``frozen`` asks ``dataclasses`` for the class's fields alone (it generates no method:
``fields``, ``replace``, ``asdict``, ``__match_args__`` and ``slots`` are still the
dataclass's own) and gives the methods from functions written here once, reading the
class's fields: equality by class and fields, the hash of the fields' tuple, the same
``repr``, ``FrozenInstanceError`` on any assignment or deletion, and an ``__init__``
taking the fields by position and by name with their defaults and factories, then
calling ``__post_init__``. Each behaves as the generated one does (a test holds them to
it, class by class: same equality, hash, ``repr``, errors); an ``__init__`` binds its
arguments in a loop rather than by Python's own call, about a microsecond more a value,
for values made a few at a key press at most. mypy reads the class as the frozen
dataclass it is (``dataclass_transform``): it checks every call and refuses any
assignment to a field.

Why not the alternatives. An ``__init__`` written out in each class with ``Final``
fields (the engine's events, which mypyc compiles) would leave plain Python assigning
freely at run time, and some sixty hand-kept copies of each field list. A cache of the
generated source's compiled code would lean on ``dataclasses``' private workings. The
engine's own classes stay as they are: mypyc builds them (``engine.values``).
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, field
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")


@overload
def frozen(cls: type[T], /) -> type[T]: ...


@overload
def frozen(
    *, eq: bool = True, kw_only: bool = False, slots: bool = False
) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def frozen(
    cls: type[T] | None = None, /, *, eq: bool = True, kw_only: bool = False, slots: bool = False
) -> type[T] | Callable[[type[T]], type[T]]:
    """``cls`` as ``@dataclass(frozen=True, eq=eq, kw_only=kw_only, slots=slots)`` makes
    it, its methods this module's."""

    def wrap(cls: type[T]) -> type[T]:
        return _make(cls, eq=eq, kw_only=kw_only, slots=slots)

    return wrap if cls is None else wrap(cls)


def _make(cls: type[T], *, eq: bool, kw_only: bool, slots: bool) -> type[T]:
    # what the class's own body defines, as ``dataclasses`` reads it: kept, never replaced
    own = dict(cls.__dict__)
    for name in ("__setattr__", "__delattr__"):
        if name in own:  # as ``dataclass(frozen=True)`` refuses it
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    made: type[T] = dataclasses.dataclass(
        init=False, repr=False, eq=False, kw_only=kw_only, slots=slots
    )(cls)
    fields = dataclasses.fields(made)  # type: ignore[arg-type]
    names = frozenset(f.name for f in fields)
    methods: dict[str, object] = {
        "__init__": _init(made, fields),
        "__repr__": _repr(fields),
        "__setattr__": _setattr(made, names),
        "__delattr__": _delattr(made, names),
    }
    if eq:
        hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
        methods["__eq__"] = _eq(tuple(f.name for f in fields if f.compare))
        if not explicit_hash:
            methods["__hash__"] = _hash(hashed)
    if slots:  # pickling and copying set the slots as ``dataclasses`` does for a frozen one
        methods["__getstate__"] = _getstate
        methods["__setstate__"] = _setstate
    for key, method in methods.items():
        if key not in own or key == "__hash__":
            setattr(made, key, method)
    return made


def _init(cls: type, fields: tuple[Field[Any], ...]) -> Callable[..., None]:
    taken = [f for f in fields if f.init]
    positional = tuple(f.name for f in taken if not f.kw_only)
    known = frozenset(f.name for f in taken)
    # each field in order: its name, whether the call gives it, its default and factory
    plan = tuple((f.name, f.init, f.default, f.default_factory) for f in fields)
    post_init = getattr(cls, "__post_init__", None) is not None
    name = cls.__qualname__
    setter = object.__setattr__
    required = [
        (f.name, bool(f.kw_only))
        for f in taken
        if f.default is MISSING and f.default_factory is MISSING
    ]
    least = 1 + sum(not kw_only for _, kw_only in required)
    most = 1 + len(positional)
    takes = (
        f"{most} positional argument{'s' if most > 1 else ''}"
        if least == most
        else f"from {least} to {most} positional arguments"
    )

    # every field given in order, by position (a message made by the renderer): set at once
    whole = len(positional) if len(positional) == len(fields) else -1

    def __init__(self: object, *args: object, **kwargs: object) -> None:
        if len(args) == whole and not kwargs:
            for key, item in zip(positional, args, strict=True):
                setter(self, key, item)
            if post_init:
                self.__post_init__()  # type: ignore[attr-defined]
            return
        if len(args) > len(positional):
            raise TypeError(f"{name}.__init__() takes {takes} but {len(args) + 1} were given")
        given = dict(zip(positional, args, strict=False))
        for key, item in kwargs.items():
            if key not in known:
                raise TypeError(f"{name}.__init__() got an unexpected keyword argument '{key}'")
            if key in given:
                raise TypeError(f"{name}.__init__() got multiple values for argument '{key}'")
            given[key] = item
        if len(given) < len(known):
            _missing(name, required, given)
        for key, init, default, factory in plan:
            if init and key in given:
                setter(self, key, given[key])
            elif default is not MISSING:
                setter(self, key, default)
            elif factory is not MISSING:
                setter(self, key, factory())
        if post_init:
            self.__post_init__()  # type: ignore[attr-defined]

    __init__.__qualname__ = f"{name}.__init__"
    return __init__


def _missing(name: str, required: list[tuple[str, bool]], given: dict[str, object]) -> None:
    """Raise the ``TypeError`` Python's own call raises for the arguments not given."""
    for kw_only, kind in ((False, "positional"), (True, "keyword-only")):
        lacking = [repr(key) for key, only in required if only is kw_only and key not in given]
        if lacking:
            listed = (
                lacking[0]
                if len(lacking) == 1
                else ", ".join(lacking[:-1])
                + f"{',' if len(lacking) > 2 else ''} and {lacking[-1]}"
            )
            raise TypeError(
                f"{name}.__init__() missing {len(lacking)} required {kind} argument"
                f"{'s' if len(lacking) > 1 else ''}: {listed}"
            )


def _repr(fields: tuple[Field[Any], ...]) -> Callable[[object], str]:
    shown = tuple(f.name for f in fields if f.repr)

    @reprlib.recursive_repr()
    def __repr__(self: object) -> str:
        inside = ", ".join(f"{key}={getattr(self, key)!r}" for key in shown)
        return f"{self.__class__.__qualname__}({inside})"

    return __repr__


def _eq(names: tuple[str, ...]) -> Callable[[object, object], bool]:
    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return tuple([getattr(self, key) for key in names]) == tuple(
                [getattr(other, key) for key in names]
            )
        return NotImplemented

    return __eq__


def _hash(names: tuple[str, ...]) -> Callable[[object], int]:
    def __hash__(self: object) -> int:
        return hash(tuple([getattr(self, key) for key in names]))

    return __hash__


def _setattr(cls: type[Any], names: frozenset[str]) -> Callable[[Any, str, object], None]:
    """As a frozen dataclass's: no field set, nor anything on the class itself (a class
    made from it that is no dataclass may keep attributes of its own)."""

    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _delattr(cls: type[Any], names: frozenset[str]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


def _getstate(self: object) -> list[object]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]  # type: ignore[arg-type]


def _setstate(self: object, state: list[object]) -> None:
    for f, item in zip(dataclasses.fields(self), state, strict=True):  # type: ignore[arg-type]
        object.__setattr__(self, f.name, item)
