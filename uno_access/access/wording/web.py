"""Playing in a browser: the server's web options, the login's answers, the reasons a
message from the page is refused, and every label the page shows (``WORDS``: the page
holds no wording of its own, the server sends it these in the person's language).
"""

from __future__ import annotations

from .forms import Plural, plural
from .language import N_, NP_, tr

HELP_SERVE_WEB = N_(
    "also serve the game to web browsers on this port, beside ssh (0 picks a free one)"
)
HELP_SERVE_WEB_HOST = N_("the address the web page listens on (default: the --host address)")
HELP_SERVE_WEB_BEHIND_PROXY = N_(
    "the web page is behind a TLS reverse proxy on this machine: its X-Forwarded-Proto "
    "header is trusted, and the session cookie is marked Secure for https"
)
# the server's line on standard output once the web page listens (read by scripts: not
# translated)
WEB_LISTENING = "Web page on http://{host}:{port}/"

# ----------------------------------------------------------------- logging in
WEB_LOGIN_UNREADABLE = N_("The login was not understood: give a name and a password.")
WEB_LOGIN_NO_NAME = N_("Give your name to log in.")
WEB_LOGIN_WRONG = N_("Wrong name or password.")
WEB_LOGIN_LIMITED = N_("Too many failed logins. Wait a minute, then try again.")
# Translators: {player} is the name typed at the login, which nobody has yet.
WEB_LOGIN_INVITE = N_(
    "Nobody is called {player} here yet. To make it your name, give the server's invite "
    "code and choose a password."
)
WEB_LOGIN_BAD_INVITE = N_("That is not this server's invite code.")
WEB_LOGIN_TAKEN = N_("Someone took that name just now. Choose another.")
WEB_LOGGED_OUT = N_("You logged out.")
WEB_SERVER_STOPPING = N_("The server is stopping. Your seat is kept for you.")
WEB_PAGE_MISSING = N_("The web page is not installed with this server.")
# Translators: said before the page asks for passwords (``password`` in the lobby); the
# page shows a password field and a Cancel button. {count} is the fewest characters.
WEB_CHOOSE_PASSWORD: Plural = NP_(
    "Choose a password for {player}, at least {count} character, in the password field; "
    "Enter sends it, Escape or Cancel gives up.",
    "Choose a password for {player}, at least {count} characters, in the password field; "
    "Enter sends it, Escape or Cancel gives up.",
)

# ----------------------------------------------------------------- a message refused
# Translators: the page sent the server something it does not read; "nothing was done"
# tells the player that the game is as it was.
WEB_REFUSED_UNREADABLE = N_("That message could not be read; nothing was done.")
# Translators: {limit} is a number of bytes.
WEB_REFUSED_TOO_LONG = N_("That message was longer than {limit} bytes; nothing was done.")
# Translators: {kind} is the kind of message the page sent, quoted.
WEB_REFUSED_KIND = N_("The game takes no message of the kind {kind}; nothing was done.")
# Translators: {field} is the name of a field of the message, as the page sends it.
WEB_REFUSED_FIELD = N_("The field {field} of that message is missing or wrong; nothing was done.")
# Translators: {key} is the key's name as the page sent it, quoted.
WEB_REFUSED_KEY = N_("There is no key called {key}; nothing was done.")
# Translators: {command} is the command's name as the page sent it, quoted.
WEB_REFUSED_COMMAND = N_("There is no command called {command}; nothing was done.")
WEB_REFUSED_NO_HAND = N_("You hold no cards here; nothing was done.")
# Translators: {place} counts from 1; {count} is how many cards the hand holds.
WEB_REFUSED_CARD = N_("Your hand has no card {place}: it holds {count}. Nothing was done.")
# Translators: {most} is a number of messages.
WEB_REFUSED_TOO_FAST = N_(
    "More than {most} messages in one second: the rest of them were not read."
)
WEB_REFUSED_WAITING = N_("Too many messages are waiting to be read; this one was not read.")
# Translators: the person pressed a key or a button for a question (or a hand) that had
# already changed when it reached the server.
WEB_REFUSED_PASSWORD_ASKED = N_(
    "A password is asked: type it in the password field and press Enter, or Escape to give "
    "up. Nothing was done."
)
WEB_REFUSED_NO_PASSWORD_ASKED = N_("No password was asked; nothing was done.")
WEB_REFUSED_STALE = N_(
    "That was an answer to an earlier question, which has changed since; nothing was done."
)


def web_refused_too_long(limit: int) -> str:
    return tr(WEB_REFUSED_TOO_LONG).format(limit=limit)


def web_refused_kind(kind: str) -> str:
    return tr(WEB_REFUSED_KIND).format(kind=repr(kind))


def web_refused_field(field: str) -> str:
    return tr(WEB_REFUSED_FIELD).format(field=field)


def web_refused_key(key: str) -> str:
    return tr(WEB_REFUSED_KEY).format(key=repr(key))


def web_refused_command(command: str) -> str:
    return tr(WEB_REFUSED_COMMAND).format(command=repr(command))


def web_refused_card(place: int, count: int) -> str:
    return tr(WEB_REFUSED_CARD).format(place=place, count=count)


def web_refused_too_fast(most: int) -> str:
    return tr(WEB_REFUSED_TOO_FAST).format(most=most)


def web_choose_password(name: str, shortest: int) -> str:
    return plural(shortest, WEB_CHOOSE_PASSWORD).format(player=name, count=shortest)


def web_login_invite(name: str) -> str:
    return tr(WEB_LOGIN_INVITE).format(player=name)


def web_listening(host: str, port: int) -> str:
    return WEB_LISTENING.format(host=host, port=port)


# ----------------------------------------------------------------- the page's labels
# Translators: the labels of the web page, each as the page shows it (a heading, a button,
# a field's name). {label} is a card's name ("Blue 7"), {place} its place in the hand
# counting from 1, {count} how many cards the hand holds.
WEB_WORDS: dict[str, str] = {
    "title": N_("UNO for everyone"),
    "login_heading": N_("Log in"),
    "name": N_("Name"),
    "password": N_("Password"),
    "invite": N_("Invite code (for a new account)"),
    "log_in": N_("Log in"),
    "log_out": N_("Log out"),
    "lobby_heading": N_("Lobby"),
    "table_heading": N_("Table"),
    "announcements": N_("Announcements"),
    "history_events": N_("Game"),
    "history_answers": N_("Answers"),
    "history_chat": N_("Chat"),
    "hand_heading": N_("Your hand"),
    "actions_heading": N_("Actions"),
    "command_line": N_("Command"),
    "send": N_("Send"),
    "draw": N_("Draw"),
    "uno": N_("UNO"),
    "catch": N_("Catch"),
    "challenge": N_("Challenge"),
    "accept": N_("Accept the Wild Draw Four"),
    "keep": N_("Keep the card drawn"),
    "hand": N_("Read my hand"),
    "card_check": N_("Card check"),
    "touch_top": N_("Touch the top card"),
    "whose_turn": N_("Whose turn"),
    "scores": N_("Scores"),
    "help": N_("Help"),
    "voice": N_("Use the browser's voice"),
    "sounds": N_("Sounds"),
    "connecting": N_("Connecting…"),
    "connection_lost": N_("Connection lost."),
    "reconnecting": N_("Reconnecting…"),
    "card_of": N_("{label}, {place} of {count}"),
    "playable": N_("can be played"),
    "not_playable": N_("cannot be played"),
    "red": N_("Red"),
    "green": N_("Green"),
    "blue": N_("Blue"),
    "yellow": N_("Yellow"),
    "yes": N_("Yes"),
    "no": N_("No"),
    "go_on": N_("Go on"),
    "cancel": N_("Cancel"),
}


def web_words() -> dict[str, str]:
    """Every label of the page, in the current language."""
    said: list[str] = []
    for label in WEB_WORDS.values():
        said.append(tr(label))
    return dict(zip(tuple(WEB_WORDS), said, strict=True))
