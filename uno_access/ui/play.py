"""``uno-access play``: a game against bots, by keys or typed line by line.

The person is seat 0; bots fill the other seats. Everything that happens is one
plain line, appended, so a screen reader or braille display follows it as it
comes. Keys and typed words name the same commands (``ui.keys.REGISTRY``: a letter
typed means what its key means, in either case; F1 and ``help`` list them). Typed
(``--keys off``, or after ``/`` on the command line):

- a card plays it: ``b7``, ``B#G``, ``blue 7``; a Wild takes its colour: ``wi red``,
  ``wi+4 b`` (without one, the game asks "Which colour?" and takes the next line);
  add ``uno`` to call UNO with the play: ``r5 uno``
- ``d``/``draw`` draws; then ``play`` plays the drawn card, ``k``/``keep`` keeps it
  (a drawn card that cannot be played is kept at once)
- ``u``/``uno`` calls UNO right after the next-to-last card
- ``x``/``catch`` [name or seat number] catches a player with one card who did not call
  UNO; when a bot forgets, the game says so and waits for one line: ``x``, or Enter
- ``h``/``challenge`` and ``a``/``accept`` answer a Wild Draw Four; ``a`` also accepts a
  stack you owe (``--rules stacking``), and a card of its kind adds to it: when a stack
  is owed, your turn says so ("You owe 4 cards: …")
- Speed UNO (``--rules speed``): ``j``/``jump`` jumps in out of turn with the card
  identical to the top card (``j red`` for a Wild, ``j uno``, ``j x2``); after any play
  that you may jump in on, the game says so and waits for one line: ``j``, or Enter.
  Identical cards are dropped together: ``g6 g6`` or ``g6 x2`` (up to 10). When a 0
  passes every hand on and you are handed a single card, the game says so: ``u`` calls UNO
- ``an``/``anniversary`` plays an Anniversary card (``--rules anniversary``):
  ``an red give bob keep r5 uno``; the game asks, one question at a time, for the
  colour, whom to give your other cards to and the card you keep when they are left
  out (Enter plays nothing)
- a blank card (``--rules standard,blank_cards=y7``) is typed as the card it stands for
  (``y7``) or by its own code (``bly7``)
- ``l``/``hand``, ``t``/``top`` (touch the top card), ``c``/``check`` (card check),
  ``s``/``scores``, ``w``/``order`` (direction and order of play), ``p``/``pile``,
  ``e``/``reference``, ``o``/``sort``, ``m`` (speech off or on)
- ``r``/``repeat`` says again everything since your last command; Enter alone says
  whose turn it is and what you can do
- ``n``/``next`` lets play go on and deals the next round; ``help``/``?``;
  ``q``/``quit`` (asks first)
- Ctrl-D or Ctrl-C stop the game; any other control key is said to do nothing

Every preset plays: a partners game names the pairs at the start and scores each pair;
with Challenge UNO a player who reaches the limit is out, said once, and skipped (when it
is you, the others play on to the end while you watch).

Every game is saved as it is played (``uno_access.store``): each action before it is
applied, each line before it is shown. ``play`` offers to resume the latest unfinished
game (one yes/no line); ``resume`` takes one up again at once.

The seat's table (``seat.table``, with its commands, answers and history) is imported
when a game is played, not as this module is: a returning player's first prompt, the
offer to resume, needs none of it, and a blind player waits for that first line.
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from .. import text
from ..access import messages
from ..access.speech import Line
from ..bots import BOT_NAMES, Bot, make_bot
from ..bots.base import BotNameError, parse_bot
from ..engine.game import Game
from ..engine.rules import PRESETS, PartnerSchedule, RulesError, RuleSet
from ..settings import PERSON, Settings
from ..store import GameSetup, Recorder, SavedGame, Store
from ..store.database import reason
from ..store.paths import database_path
from ..store.saved import SavedGameError
from .drive import drive
from .keys import Key
from .profile import Session, open_session, plain_session
from .terminal import Keyboard, Screen, terminal_missing

if TYPE_CHECKING:
    from ..seat.table import Table

HUMAN_SEAT = 0
EXIT_ERROR = 2


def table_names(
    players: int, name: str | None, given: Sequence[str] = (), hot_seat: bool = False
) -> list[str]:
    """The person's name (default "You") in seat 0, then for each other seat its name in
    ``given`` (by seat, from seat 1), or else a distinct name of the table's. At a hot-seat
    table nobody is "You" to everyone: seat 0 too is given a name of the table's.
    """
    mine = (name or "").strip()
    if hot_seat and mine.lower() in ("", messages.tr(messages.YOU).lower()):
        taken = {g.strip().lower() for g in given}
        mine = next(n for n in messages.TABLE_NAMES if n.lower() not in taken)
    names = [mine or messages.tr(messages.YOU)]
    free = iter(messages.TABLE_NAMES)
    for seat in range(1, players):
        wanted = given[seat - 1].strip() if seat - 1 < len(given) else ""
        taken = {n.lower() for n in names} | {g.strip().lower() for g in given[seat:]}
        if not wanted or wanted.lower() in taken:
            wanted = next(candidate for candidate in free if candidate.lower() not in taken)
        names.append(wanted)
    return names


def seat_bots(players: int, bots: Sequence[str], rng: random.Random) -> dict[int, Bot]:
    """One bot per seat but the person's, strengths taken from ``bots`` in turn; a seat
    whose strength is ``person`` is one more person at this keyboard (hot seat).
    """
    seated: dict[int, Bot] = {}
    for seat, name in enumerate(seat_bot_names(players, bots)):
        seed = random.Random(rng.random()) if seat else None
        if name is not None and seed is not None:
            seated[seat] = make_bot(name, seed)
    return seated


def seat_bot_names(players: int, bots: Sequence[str]) -> tuple[str | None, ...]:
    """Each seat's bot name as ``seat_bots`` seats them (None for a person)."""
    names = (bots[(seat - 1) % len(bots)] for seat in range(1, players))
    return (None, *(None if name == PERSON else name for name in names))


def run(
    players: int,
    bots: Sequence[str],
    rules: RuleSet,
    seed: int | None,
    name: str | None,
    *,
    input: Input | None = None,
    output: Output | None = None,
    screen: Screen | None = None,
    settings: Settings | None = None,
    names: Sequence[str] = (),
    session: Session | None = None,
    offer_resume: bool = True,
) -> int:
    """A new game against bots on this terminal, saved as it goes (after the offer to
    resume an unfinished one); the exit status (2, with one line on standard error, when
    these rules cannot be played at this table).

    Not ``offer_resume`` (after ``play --setup``, whose answers are for a new game): no
    game is offered, and the unfinished one is named, kept for ``uno-access resume``.
    """
    problem = _cannot_play(rules, players)
    if problem is None and input is None and session is None:
        problem = terminal_missing("play")  # before the file of saved games is opened
    if problem is not None:
        print(f"uno-access: {problem}", file=sys.stderr)
        return EXIT_ERROR
    session = session or _session(settings, input, output, screen)
    store = _open_store(session)
    try:
        try:
            saved = None
            if offer_resume:
                saved = _offer_resume(store, session)
            else:
                _name_unfinished(store, session)
        except EOFError:
            session.tell(Line.of(messages.input_closed))
            return 0
        if saved is not None:
            return _play_saved(store, saved, session)
        rng = random.Random(seed)
        while True:
            # Random(hash(x)) is Random(x) for a float x: the same deal, from a whole-number
            # seed
            game_seed = hash(rng.random()) % 2**64
            setup = GameSetup(
                tuple(table_names(players, name, names, PERSON in bots)),
                rules,
                game_seed,
                seat_bot_names(players, bots),
                HUMAN_SEAT,
            )
            seated = seat_bots(players, bots, rng)
            game = setup.new_game()  # dealt before it is saved: a deal that fails saves nothing
            recorder = Recorder.start(store, setup, session.notify)
            table = _table(game, seated, session, HUMAN_SEAT, recorder)
            status = _run_saved(table, recorder, session)
            if status or not table.game.over or not _another(session):
                return status
            session.tell(Line.of(messages.another_starts))
    finally:
        session.close()
        if store is not None:
            store.close()


def run_scenario(
    path: str,
    bots: Sequence[str],
    settings: Settings | None = None,
    *,
    input: Input | None = None,
    output: Output | None = None,
    screen: Screen | None = None,
) -> int | str:
    """Play on from a scenario file's position, its actions applied: the person in seat 0,
    bots in the others (a ``person`` seat is one more person here). Such a game is not
    saved: it starts from a file, not from a seed. The exit status, or the one line
    saying why the file cannot be played.
    """
    from ..scenario import ScenarioError, load

    try:
        scenario = load(path)
    except ScenarioError as error:
        return error.message
    if input is None:
        missing = terminal_missing("play")
        if missing is not None:
            return missing
    game = scenario.game()
    for action in scenario.actions:
        game.apply(action)
    rng = random.Random(scenario.seed)
    seated = seat_bots(len(scenario.players), bots, rng)
    session = _session(settings, input, output, screen)
    try:
        session.tell(Line.of(messages.from_scenario))
        table = _table(game, seated, session, HUMAN_SEAT)
        return drive(table.play(), session.keyboard, session.screen)
    finally:
        session.close()


def _session(
    settings: Settings | None,
    input: Input | None,
    output: Output | None,
    screen: Screen | None,
) -> Session:
    """The person's keyboard and devices: from their settings, or typed lines and plain
    lines alone (for tests and scripts) when there are none.
    """
    if settings is None:
        return plain_session(Keyboard(input=input, output=output), screen or Screen())
    return open_session(settings, Keyboard(input=input, output=output, keys=settings.keys))


def _table(
    game: Game,
    bots: Mapping[int, Bot],
    session: Session,
    seat: int,
    recorder: Recorder | None = None,
    resumed: SavedGame | None = None,
) -> Table:
    from ..seat.table import Table  # not before the offer to resume: the table plays

    return Table(
        game,
        bots,
        session.keyboard,
        session.screen,
        seat,
        recorder=recorder,
        resumed=resumed,
        outputs=session.outputs,
        verbosity=session.verbosity,
        pace=session.pace,
        grace=session.grace,
        notices=session.notices,
        speech_seat=session.speech_seat,
    )


def resume(
    number: int | None,
    *,
    input: Input | None = None,
    output: Output | None = None,
    screen: Screen | None = None,
    settings: Settings | None = None,
    session: Session | None = None,
) -> str | int:
    """Take up a saved game again (the latest unfinished one by default) exactly where it
    stopped; the exit status, or the one line saying why it cannot be. A file that can be
    read but not written is read: the game plays on unsaved, saying so.
    """
    opened = Store.open(database_path())
    store = opened.store
    if store is None:
        return messages.cannot_read_games(opened.why or messages.explained(OSError()))
    try:
        try:
            if number is None:
                number = store.latest(unfinished=True)
                if number is None:
                    return messages.tr(messages.NO_UNFINISHED_GAME)
        except sqlite3.Error as error:
            return messages.cannot_read_games(reason(error, database_path()))
        saved = load_saved(store, number)
        if isinstance(saved, str):
            return saved
        if saved.finished:
            return messages.game_finished(number)
        if input is None and session is None:
            missing = terminal_missing("resume")
            if missing is not None:
                return missing
        session = session or _session(settings, input, output, screen)
        try:
            for line in opened.notices:  # a file kept aside, a game read but not saved
                session.tell(Line.of(messages.file_notice, line))
            return _play_saved(store, saved, session)
        finally:
            session.close()
    finally:
        store.close()


def load_saved(store: Store, number: int) -> SavedGame | str:
    """Game ``number`` read back and replayed, or the one line saying why it cannot be.

    Nothing a saved game holds can make this raise: a move that cannot be read back or
    replayed ends the game before it (``damage``), and a game that cannot be set up or
    rebuilt at all is unreadable, with why.
    """
    try:
        saved = store.load(number)
    except SavedGameError as error:
        return messages.saved_game_unreadable(number, str(error))
    except sqlite3.Error as error:
        return messages.cannot_read_games(reason(error, database_path()))
    if saved is None:
        return messages.no_such_game(number)
    unknown = [name for name in saved.setup.bots if name is not None and not _known_bot(name)]
    if unknown:
        return messages.saved_game_unreadable(
            number, messages.unknown_bot(text.shown(unknown[0], 40), BOT_NAMES)
        )
    try:
        rebuilt = saved.rebuild()
        rebuilt.game.view(saved.setup.seat)  # the person's seat is at the table
    except SavedGameError as error:
        return messages.saved_game_unreadable(number, str(error))
    except Exception as error:  # whatever a bad record does, play goes on
        why = messages.saved_setup_fails(text.shown(f"{type(error).__name__}: {error}", 200))
        return messages.saved_game_unreadable(number, why)
    return rebuilt.saved


def _known_bot(name: str) -> bool:
    """A bot this version plays: a strength, or the hard bot with its budget (``hard:20``,
    as ``--bots`` took it and the game saved it)."""
    try:
        parse_bot(name)
    except BotNameError:
        return False
    return True


def _open_store(session: Session) -> Store | None:
    opened = Store.open(database_path())
    for line in opened.notices:
        session.tell(Line.of(messages.file_notice, line))
    return opened.store


def _offer_resume(store: Store | None, session: Session) -> SavedGame | None:
    """Offer the latest unfinished game not offered before; the game if the person says yes.

    A game declined is not offered again (``uno-access resume NUMBER`` still takes it up),
    nor is a game that cannot be read back (said once, with why).
    """
    if store is None:
        return None
    try:
        number = store.latest(unfinished=True, not_offered=True)
    except sqlite3.Error:
        return None
    saved = None if number is None else load_saved(store, number)
    if saved is None:
        return None
    if isinstance(saved, str):  # it cannot be resumed: say why (once), and start a new game
        session.tell(Line.of(messages.file_notice, messages.saved_game_not_offered(saved)))
        _declined(store, number)
        return None
    names = saved.setup.names
    others = [n for seat, n in enumerate(names) if seat != saved.setup.seat]
    round_number = saved.game().state.round_number
    keyboard = session.keyboard
    how = messages.KEYED if keyboard.keys else messages.TYPED
    session.tell(Line.of(messages.resume_offer, saved.id, saved.started, others, round_number, how))
    session.screen.input_taken()
    answer = keyboard.read_choice(messages.tr(messages.RESUME_PROMPT))  # EOFError: closed
    if answer is Key.YES:
        return saved
    # a new game: said, Enter's default too, with how to take the kept one up again
    session.tell(Line.of(messages.new_game_game_kept, saved.id, answer is Key.DEFAULT))
    _declined(store, saved.id)
    return None


def _name_unfinished(store: Store | None, session: Session) -> None:
    """After the setup: the unfinished game that would have been offered, named and kept
    (not marked as declined: ``play`` offers it next time)."""
    if store is None:
        return
    try:
        number = store.latest(unfinished=True, not_offered=True)
    except sqlite3.Error:
        return
    if number is not None:
        session.tell(Line.of(messages.unfinished_kept, number))


def _another(session: Session) -> bool:
    """The game is over: whether the person plays another at the same table."""
    keyboard = session.keyboard
    session.tell(
        Line.of(messages.another_game, messages.KEYED if keyboard.keys else messages.TYPED)
    )
    session.screen.input_taken()
    try:
        return keyboard.read_yes(messages.tr(messages.ANOTHER_PROMPT))
    except EOFError:
        session.tell(Line.of(messages.input_closed))
        return False


def _declined(store: Store, number: int | None) -> None:
    """Not to be offered again."""
    if number is not None:
        with contextlib.suppress(sqlite3.Error):
            store.set_offered(number)


def _play_saved(store: Store | None, saved: SavedGame, session: Session) -> int:
    """Play a saved game on from where it stopped. Its bots decide afresh: the record
    holds every action, theirs too, so the position never depends on them. A game read
    back only up to a damaged move goes on from before it (said in one line): the moves
    from the damaged one on are set aside in the file, kept but no longer played.
    """
    setup = saved.setup
    damage = saved.damage
    if damage is not None:
        session.tell(
            Line.of(messages.file_notice, messages.game_damaged(saved.id, damage.move, damage.why))
        )
        if store is not None and not store.read_only:
            try:
                store.set_aside(saved.id, len(saved.actions))
            except sqlite3.Error as error:
                store = None  # moves cannot be added after the damaged ones: play unsaved
                why = messages.not_saving(reason(error, database_path()))
                session.tell(Line.of(messages.file_notice, why))
    bots = {
        seat: make_bot(name, random.Random(setup.seed + len(saved.actions) + seat))
        for seat, name in enumerate(setup.bots)
        if name is not None
    }
    recorder = Recorder.resume(store, saved, session.notify)
    table = _table(saved.game(), bots, session, setup.seat, recorder, saved)
    return _run_saved(table, recorder, session)


def _run_saved(table: Table, recorder: Recorder, session: Session) -> int:
    try:
        status = drive(table.play(), session.keyboard, session.screen)
        if table.game.over:
            recorder.finish()
    finally:
        recorder.close()  # what waits for a file locked by another program
        session.flush()  # and what it had to say about that
    return status


def _cannot_play(rules: RuleSet, players: int) -> str | None:
    """Why a game of ``players`` under ``rules`` cannot start here, or None."""
    if rules.partners and rules.partner_schedule is not PartnerSchedule.FIXED:
        return messages.tr(messages.PLAY_NO_SCHEDULE)
    try:  # checked before anything is saved: hands that do not fit the deck
        rules.check_deal(players)
    except RulesError as error:
        return messages.rules_error(error)
    wanted = rules.seats_allowed(players)
    if wanted is None:
        return None
    name = next((key for key, preset in PRESETS.items() if preset == rules), "partners")
    return messages.players_for_rules(name, wanted)


def play(
    game: Game,
    bots: Mapping[int, Bot],
    *,
    input: Input | None = None,
    output: Output | None = None,
    screen: Screen | None = None,
    keys: bool = False,
) -> int:
    """Play a prepared ``game`` to its end: the person in seat 0, ``bots`` by seat
    (``keys``: one key per command; otherwise typed lines).

    ``input`` and ``output`` are prompt_toolkit's (the terminal by default);
    ``screen`` receives every line said (printed to the terminal by default).
    """
    from ..seat.table import Table

    keyboard = Keyboard(input=input, output=output, keys=keys)
    screen = screen or Screen()
    return drive(Table(game, bots, keyboard, screen, HUMAN_SEAT).play(), keyboard, screen)
