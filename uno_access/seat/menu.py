"""A question's choices as a menu (issue 23): its items, the one highlighted, and what each
key does. A value with no I/O, shared by every question that has choices (a Wild's
colour, whom a 7 swaps hands with, an Anniversary card's choices, the set-up's questions)
and by any way in that drives it.

``press`` takes a key and gives the menu after it and what the key came to:

- ``Highlight``: an item to say, with its place ("Blue, 3 of 4."; at either end, past
  it, the same item, said to be the first or the last);
- ``Chosen``: Enter on the highlighted item;
- ``Unanswered``: Enter with nothing highlighted (the question's own empty answer: no
  colour, nobody), or Escape where the question can be left.

A key the menu does not take gives None: the question answers it as it always has (the
letters, the numbers and a typed answer belong to the question, not to the menu). A menu
opens with nothing highlighted, or on the answer Enter alone keeps (the set-up's); Up
from nothing goes to the last item, Down to the first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field, replace
from enum import Enum
from types import MappingProxyType
from typing import Generic, TypeVar

from ..access import messages
from ..access.speech import Line
from ..access.wording.menus import Label
from ..values import frozen

T = TypeVar("T")


class MenuKey(Enum):
    """The keys a menu may take (a driver maps its own keys onto these)."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    HOME = "home"
    END = "end"
    ENTER = "enter"
    ESCAPE = "escape"


class Step(Enum):
    """What a key does to a menu."""

    PREVIOUS = "previous"
    NEXT = "next"
    FIRST = "first"
    LAST = "last"
    CHOOSE = "choose"
    LEAVE = "leave"


# a question that can be left (a Wild's colour, whom to swap with): every key
KEYS: Mapping[MenuKey, Step] = MappingProxyType(
    {
        MenuKey.UP: Step.PREVIOUS,
        MenuKey.LEFT: Step.PREVIOUS,
        MenuKey.DOWN: Step.NEXT,
        MenuKey.RIGHT: Step.NEXT,
        MenuKey.HOME: Step.FIRST,
        MenuKey.END: Step.LAST,
        MenuKey.ENTER: Step.CHOOSE,
        MenuKey.ESCAPE: Step.LEAVE,
    }
)
# a question that must be answered (the set-up's): Escape is the question's own
STAYING: Mapping[MenuKey, Step] = MappingProxyType(
    {key: step for key, step in KEYS.items() if step is not Step.LEAVE}
)


@frozen(slots=True)
class Item(Generic[T]):
    """One choice: the answer it gives, what it is called, and what it means (said after
    its place, "" for nothing more)."""

    value: T
    label: Label
    detail: str = ""


@frozen(slots=True)
class Highlight:
    """The item highlighted now, to be said: ``line`` ("Blue, 3 of 4.")."""

    line: Line


@frozen(slots=True)
class Chosen(Generic[T]):
    """Enter on an item: the answer."""

    value: T


@frozen(slots=True)
class Unanswered:
    """No answer: Enter with nothing highlighted, or Escape (``left``)."""

    left: bool


Outcome = Highlight | Chosen[T] | Unanswered


@frozen(slots=True)
class Menu(Generic[T]):
    """The choices of one question; ``index`` the highlighted one (None: none yet);
    ``keys`` what each key does."""

    items: tuple[Item[T], ...]
    index: int | None = None
    keys: Mapping[MenuKey, Step] = field(default_factory=lambda: KEYS, compare=False)

    @classmethod
    def of(cls, items: Iterable[Item[T]], at: T | None = None, leave: bool = True) -> Menu[T]:
        """A menu of ``items``, on the item whose value is ``at`` (if any); ``leave``:
        whether Escape leaves the question."""
        made = tuple(items)
        if not made:
            raise ValueError("a menu has at least one item")
        index = next((i for i, item in enumerate(made) if item.value == at), None)
        return cls(made, None if at is None else index, KEYS if leave else STAYING)

    @property
    def highlighted(self) -> Item[T] | None:
        return None if self.index is None else self.items[self.index]

    def press(self, key: MenuKey) -> tuple[Menu[T], Outcome[T]] | None:
        """The menu after ``key`` and what it came to; None for a key it does not take."""
        step = self.keys.get(key)
        if step is None:
            return None
        if step is Step.CHOOSE:
            item = self.highlighted
            return self, Unanswered(False) if item is None else Chosen(item.value)
        if step is Step.LEAVE:
            return self, Unanswered(True)
        last = len(self.items) - 1
        edge = None
        if step is Step.FIRST:
            index = 0
        elif step is Step.LAST:
            index = last
        elif self.index is None:
            index = 0 if step is Step.NEXT else last
        else:
            index = self.index + (1 if step is Step.NEXT else -1)
            if not 0 <= index <= last:  # at an end: it stays, said to be the end
                edge = "first" if index < 0 else "last"
                index = self.index
        moved = replace(self, index=index)
        return moved, Highlight(moved.line(edge))

    def line(self, edge: str | None = None) -> Line:
        """The highlighted item as it is said, with its place ("Blue, 3 of 4.")."""
        assert self.index is not None, "an item is highlighted"
        item = self.items[self.index]
        place, count = self.index + 1, len(self.items)
        return Line.of(messages.menu_item, item.label, place, count, item.detail, edge)
