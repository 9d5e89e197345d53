"""Every phrase the game says, shows or brails, by audience (``access/messages.py`` is the
one façade that re-exports them all).

- ``cards``: the cards' and colours' names, typed forms, a card's code in a sentence;
- ``forms``: the player a sentence names (``Who``) and the registry of brief forms;
- ``events``: what happens at the table, each event's sentence beside its brief form;
- ``answers``: the answers to the player's questions (L, C, T, W, S, a selected card);
- ``turn``: the player's own turn and what they may do after drawing;
- ``play``: the rest of the line-mode game (prompts, windows out of turn, quitting);
- ``keys``: how the player asks for each thing, the key and typed-command help, the
  registry's typed words; ``history``: the history review;
- ``setup``: the set-up questions; ``store``: saving, resuming, exporting, the settings
  file; ``devices``: the speech and braille devices' notices and the doctor's report;
- ``cli``: the command line's help and errors, scenario files, rule options; ``rules``: the
  rules documents read at the set-up and from the command line;
  ``bots``: the bots' options; ``quoted``: outside text quoted back, made safe;
- ``hot_seat``: several people at one keyboard; ``house_rules``: the house rules'
  refusals, questions and descriptions; ``net``: the server, the lobby, a seat over ssh;
  ``sounds``: the sound cues, their settings and what each means; ``menus``: a question's
  choices, each said with its place, and how a menu is used; ``web``: playing in a
  browser (the login, a message refused, the page's labels); ``no_mercy``: UNO Show 'Em
  No Mercy's events, refusals and lines; ``cluster``: many servers as one service over
  NATS (``serve --cluster``, ``doctor --cluster``).
"""
