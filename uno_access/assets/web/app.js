// uno-access in the browser: one more way in to the same seat (docs/web.md).
// The server renders every line in the person's language; this page holds no wording of
// its own: every label comes from the words the server put into the page (#words), every
// announcement from a `message` frame. The frames (the contract between the server and
// this page) are in docs/web.md, "How the page and the server talk". Plain JavaScript,
// no framework, no build step.
"use strict";

(() => {
  // ------------------------------------------------------------------ words and elements
  const words = readWords();
  const $ = (id) => document.getElementById(id);
  const view = {
    login: $("login-view"),
    loginForm: $("login-form"),
    loginName: $("login-name"),
    loginPassword: $("login-password"),
    loginInvite: $("login-invite"),
    loginError: $("login-error"),
    loginSubmit: $("login-submit"),
    game: $("game"),
    gameHeading: $("game-heading"),
    connection: $("connection"),
    tableView: $("table-view"),
    summary: $("summary"),
    topCard: $("top-card"),
    players: $("players"),
    handSection: $("hand-section"),
    hand: $("hand"),
    question: $("question"),
    actions: $("actions"),
    secretForm: $("secret-form"),
    secretLabel: $("secret-label"),
    secret: $("secret"),
    lineForm: $("line-form"),
    line: $("line"),
    prompt: $("prompt"),
    history: $("history"),
    logs: { events: $("events"), answers: $("answers"), chat: $("chat") },
    voice: $("voice"),
    sounds: $("sounds"),
    logout: $("logout"),
  };

  function readWords() {
    try {
      const found = JSON.parse(document.getElementById("words").textContent);
      return found && typeof found === "object" ? found : {};
    } catch (error) {
      return {};
    }
  }

  /** A label of the page, in the person's language (the server supplies every one). */
  function word(key) {
    const found = words[key];
    return typeof found === "string" && found !== "" ? found : key;
  }

  /** A label with its named placeholders filled: "{label}, {place} of {count}". */
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
    );
  }

  function putWords() {
    document.title = word("title");
    for (const element of document.querySelectorAll("[data-optional]")) {
      // a button whose label the server does not send (yet) is left out, never named
      // in words of the page's own
      if (!Object.hasOwn(words, element.dataset.word)) element.remove();
    }
    for (const element of document.querySelectorAll("[data-word]")) {
      element.textContent = word(element.dataset.word);
    }
  }

  // ------------------------------------------------------------------ announcements
  // A screen reader speaks only the last of several changes made to a live region at
  // once, so each message goes in on its own, a moment after the one before; none is
  // dropped, however quickly they come. Where the browser has ariaNotify, each message is
  // handed to the screen reader through it instead, spaced the same way (some screen
  // readers also speak only the latest of several quick notifications).
  const GAP_MS = 250;
  const KEPT_IN_REGION = 3;

  class Announcer {
    constructor(region, priority) {
      this.region = region;
      this.priority = priority;
      this.waiting = [];
      this.busy = false;
    }

    say(text) {
      if (!text) return;
      this.waiting.push(text);
      this.next();
    }

    next() {
      if (this.busy || this.waiting.length === 0) return;
      this.busy = true;
      const text = this.waiting.shift();
      if (!this.notify(text)) {
        const said = document.createElement("p");
        said.textContent = text;
        this.region.append(said);
        while (this.region.childElementCount > KEPT_IN_REGION) {
          this.region.firstElementChild.remove();
        }
      }
      window.setTimeout(() => {
        this.busy = false;
        this.next();
      }, GAP_MS);
    }

    /** ariaNotify, where the browser has it; whether it took the message. */
    notify(text) {
      if (typeof document.ariaNotify !== "function") return false;
      try {
        document.ariaNotify(text, { priority: this.priority });
        return true;
      } catch (error) {
        return false; // an older form of the method: the live region speaks it
      }
    }
  }

  const polite = new Announcer($("live-polite"), "normal");
  const assertive = new Announcer($("live-assertive"), "high");

  // The browser's own voice, for those without a screen reader (off unless asked for).
  const voice = {
    on: false,
    say(text, urgent) {
      if (!this.on || !text || !("speechSynthesis" in window)) return;
      if (urgent) window.speechSynthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = document.documentElement.lang || "en";
      window.speechSynthesis.speak(utterance);
    },
  };

  function announce(text, urgent) {
    (urgent ? assertive : polite).say(text);
    voice.say(text, urgent);
  }

  // ------------------------------------------------------------------ sounds
  // Each cue as a few short synthesized tones (Web Audio): nothing to download. A note is
  // [frequency in Hz, length in ms, wave]; a cue's notes are played one after another.
  const S = "sine";
  const Q = "square";
  const T = "triangle";
  const CUES = {
    your_turn: [[660, 90, S], [880, 140, S]],
    turn_other: [[440, 70, T]],
    play_mine: [[523, 80, T], [659, 80, T]],
    play_other: [[392, 80, T]],
    draw_one: [[300, 90, T]],
    draw_two: [[300, 70, T], [300, 70, T]],
    draw_many: [[300, 60, T], [300, 60, T], [300, 60, T]],
    keep: [[350, 100, S]],
    skip: [[700, 80, Q], [500, 100, Q]],
    reverse: [[500, 70, T], [700, 70, T], [500, 70, T]],
    wild: [[400, 60, S], [600, 60, S], [800, 80, S]],
    wild_draw_four: [[400, 50, S], [600, 50, S], [800, 50, S], [300, 60, T], [300, 60, T]],
    color_red: [[440, 120, S]],
    color_green: [[523, 120, S]],
    color_blue: [[587, 120, S]],
    color_yellow: [[659, 120, S]],
    stack: [[250, 70, Q], [250, 70, Q]],
    challenge: [[600, 120, Q]],
    challenge_won: [[500, 80, S], [750, 140, S]],
    challenge_lost: [[500, 80, S], [330, 140, S]],
    uno_called: [[880, 80, S], [880, 120, S]],
    uno_caught: [[200, 180, Q]],
    jump_in: [[750, 90, T]],
    penalty: [[220, 150, Q]],
    hands_passed: [[500, 80, T], [400, 100, T]],
    anniversary: [[523, 70, S], [659, 70, S], [784, 70, S], [1047, 120, S]],
    deal: [[392, 60, T], [523, 60, T], [659, 90, T]],
    shuffle: [[800, 30, T], [600, 30, T], [800, 30, T], [600, 30, T]],
    round_won: [[523, 90, S], [659, 90, S], [784, 90, S], [1047, 200, S]],
    round_lost: [[523, 100, S], [440, 100, S], [349, 200, S]],
    eliminated: [[300, 120, T], [200, 200, T]],
    game_over: [[392, 120, S], [523, 120, S], [659, 120, S], [784, 300, S]],
    refusal: [[180, 140, Q]],
    answer: [[600, 70, S]],
    chat: [[1000, 60, S]],
    presence: [[500, 80, T]],
  };
  const OTHER_CUE = [[500, 70, S]];

  const sounds = {
    on: true,
    context: null,
    wake() {
      // a browser lets a page make sound only after the person has done something
      if (this.context === null && "AudioContext" in window) {
        this.context = new AudioContext();
      }
      if (this.context !== null && this.context.state === "suspended") {
        this.context.resume().catch(() => {});
      }
    },
    play(cue) {
      if (!this.on || !cue || this.context === null) return;
      const notes = Object.hasOwn(CUES, cue) ? CUES[cue] : OTHER_CUE;
      let at = this.context.currentTime + 0.01;
      for (const [frequency, ms, wave] of notes) {
        const seconds = ms / 1000;
        const tone = this.context.createOscillator();
        const level = this.context.createGain();
        tone.type = wave;
        tone.frequency.value = frequency;
        level.gain.setValueAtTime(0.0001, at);
        level.gain.exponentialRampToValueAtTime(wave === Q ? 0.06 : 0.15, at + 0.01);
        level.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
        tone.connect(level).connect(this.context.destination);
        tone.start(at);
        tone.stop(at + seconds + 0.02);
        at += seconds + 0.02;
      }
    },
  };

  function loadSwitches() {
    voice.on = stored("voice", false);
    sounds.on = stored("sounds", true);
    view.voice.checked = voice.on;
    view.sounds.checked = sounds.on;
    view.voice.addEventListener("change", () => {
      voice.on = view.voice.checked;
      store("voice", voice.on);
      if (!voice.on && "speechSynthesis" in window) window.speechSynthesis.cancel();
    });
    view.sounds.addEventListener("change", () => {
      sounds.on = view.sounds.checked;
      store("sounds", sounds.on);
      if (sounds.on) sounds.wake();
    });
    const wake = () => sounds.wake();
    document.addEventListener("pointerdown", wake, { capture: true });
    document.addEventListener("keydown", wake, { capture: true });
  }

  function stored(name, otherwise) {
    try {
      const value = window.localStorage.getItem(`uno-access.${name}`);
      return value === null ? otherwise : value === "on";
    } catch (error) {
      return otherwise;
    }
  }

  function store(name, on) {
    try {
      window.localStorage.setItem(`uno-access.${name}`, on ? "on" : "off");
    } catch (error) {
      // private browsing: the switch holds for this visit only
    }
  }

  // ------------------------------------------------------------------ focus
  /** Where focus goes when the element holding it is hidden or removed: never <body>. */
  function focusSomewhere(...candidates) {
    for (const candidate of candidates) {
      if (candidate && isShown(candidate)) {
        candidate.focus();
        if (document.activeElement === candidate) return;
      }
    }
    view.gameHeading.focus();
  }

  function isShown(element) {
    return element.isConnected && element.getClientRects().length > 0;
  }

  function focusLost() {
    const active = document.activeElement;
    return active === null || active === document.body || !isShown(active);
  }

  function firstAction() {
    return view.actions.querySelector("button");
  }

  // ------------------------------------------------------------------ the connection
  const connection = {
    socket: null,
    opened: false, // this page was connected at least once since logging in
    retries: 0,
    timer: null,
    stopped: false, // told "bye", or logged out: no reconnecting
    afterLogin: false, // logged in just now: a socket refused then is worth saying
    received: null, // the last entry frame's {epoch, table, seq}: sent back on reconnecting
  };

  // Where the page stands in its table's log goes with the socket's address, as its query:
  // the server must know it before it seats the person again, which it does as the
  // session begins; sent with the request that opens the socket, it is there before
  // anything is told, with no round trip and no waiting for a page that has none.
  function resumeQuery() {
    const at = connection.received;
    if (at === null) return "";
    const query = new URLSearchParams({
      epoch: at.epoch,
      table: String(at.table),
      seq: String(at.seq),
    });
    return `?${query}`;
  }

  function connect() {
    window.clearTimeout(connection.timer);
    connection.timer = null;
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    let socket;
    try {
      socket = new WebSocket(`${scheme}//${window.location.host}/ws${resumeQuery()}`);
    } catch (error) {
      lost();
      return;
    }
    connection.socket = socket;
    let open = false;
    socket.addEventListener("open", () => {
      open = true;
      connection.retries = 0;
    });
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (frame && typeof frame === "object") take(frame);
    });
    socket.addEventListener("close", () => {
      if (connection.socket !== socket) return;
      connection.socket = null;
      if (!open && !connection.opened) {
        // no session yet (or it ended): the login form
        showLogin(connection.afterLogin ? word("connection_lost") : "");
        connection.afterLogin = false;
        return;
      }
      lost();
    });
  }

  function lost() {
    if (connection.stopped) return;
    if (connection.retries === 0) {
      status(word("connection_lost"));
      announce(word("connection_lost"), true);
    }
    connection.retries += 1;
    const seconds = Math.min(10, 2 ** Math.min(connection.retries - 1, 4));
    if (connection.retries === 1) announce(word("reconnecting"), false);
    status(`${word("connection_lost")} ${word("reconnecting")}`);
    connection.timer = window.setTimeout(connect, seconds * 1000);
    if (connection.retries > 3) view.login.hidden = false; // the session may be over
  }

  function send(frame) {
    const socket = connection.socket;
    if (socket === null || socket.readyState !== WebSocket.OPEN) {
      announce(word("connection_lost"), true);
      return false;
    }
    socket.send(JSON.stringify(frame));
    return true;
  }

  /** An answer to the prompt the page shows now: every key, line, press and card frame
   * names that prompt's number, and the server takes it only while that prompt is still
   * the one asked (a newer one may be on its way: the answer is refused, never read as
   * the answer to a question the person has not seen yet). */
  function answer(frame) {
    return send({ ...frame, prompt: state.prompt });
  }

  function status(text) {
    view.connection.textContent = text;
  }

  // ------------------------------------------------------------------ frames in
  const state = {
    screen: null,
    braille: false,
    ask: null,
    prompt: null, // the number of the prompt shown now (every answer sends it back)
    cards: [],
    place: 0, // the hand's card that has the tab stop
  };

  const HANDLERS = {
    hello: hello,
    screen: screen,
    message: message,
    entry: entry,
    prompt: prompt,
    hand: hand,
    table: table,
    refused: refused,
    bye: bye,
  };

  function take(frame) {
    const handler = Object.hasOwn(HANDLERS, frame.type) ? HANDLERS[frame.type] : null;
    if (handler) handler(frame);
  }

  function hello(frame) {
    const lang = typeof frame.lang === "string" ? frame.lang : "";
    if (lang && lang !== document.documentElement.lang && !reloadedFor(lang)) {
      // the account speaks another language than the page was made in: the page again,
      // in the account's language (the server makes it so once logged in)
      window.location.reload();
      return;
    }
    state.braille = frame.braille === true;
    connection.afterLogin = false;
    const first = !connection.opened;
    connection.opened = true;
    connection.stopped = false;
    status("");
    view.login.hidden = true;
    view.game.hidden = false;
    view.history.hidden = false;
    view.logout.hidden = false;
    view.loginPassword.value = "";
    view.loginInvite.value = "";
    if (!view.gameHeading.textContent) view.gameHeading.textContent = word("lobby_heading");
    if (first || focusLost() || view.login.contains(document.activeElement)) {
      view.gameHeading.focus();
    }
  }

  function reloadedFor(lang) {
    try {
      if (window.sessionStorage.getItem("uno-access.reloaded") === lang) return true;
      window.sessionStorage.setItem("uno-access.reloaded", lang);
      return false;
    } catch (error) {
      return true;
    }
  }

  function screen(frame) {
    const where = frame.screen;
    if (!["lobby", "table", "watching"].includes(where)) return;
    state.screen = where;
    const atTable = where !== "lobby";
    view.gameHeading.textContent = word(atTable ? "table_heading" : "lobby_heading");
    view.tableView.hidden = !atTable;
    view.actions.hidden = !atTable;
    view.handSection.hidden = where !== "table" || state.cards.length === 0;
    if (!atTable) {
      setQuestion(null);
      view.summary.textContent = "";
      view.players.replaceChildren();
      view.topCard.hidden = true;
    }
    if (focusLost()) focusSomewhere(view.line);
  }

  function message(frame) {
    const printed = typeof frame.print === "string" ? frame.print : "";
    const spoken = typeof frame.speech === "string" ? frame.speech : printed;
    const urgent = frame.priority === "urgent";
    const log = Object.hasOwn(view.logs, frame.buffer) ? view.logs[frame.buffer] : view.logs.events;
    if (printed) {
      const item = document.createElement("li");
      item.textContent = printed;
      log.append(item);
    }
    announce(spoken, urgent);
    if (typeof frame.cue === "string") sounds.play(frame.cue);
  }

  /** The lines of one entry of the table's log, each told as a message frame is. A frame
   * arrives whole or not at all, so the page has every line of the entries whose frames
   * it got, and none of the others: their number is what it sends back when it connects
   * again, and the server tells it what came after, once (docs/web.md). */
  function entry(frame) {
    const lines = Array.isArray(frame.messages) ? frame.messages : [];
    for (const line of lines) {
      if (line && typeof line === "object") message(line);
    }
    if (
      typeof frame.epoch === "string" &&
      Number.isInteger(frame.table) &&
      Number.isInteger(frame.seq)
    ) {
      connection.received = { epoch: frame.epoch, table: frame.table, seq: frame.seq };
    }
  }

  function refused(frame) {
    const reason = typeof frame.reason === "string" ? frame.reason : "";
    if (!reason) return;
    const item = document.createElement("li");
    item.textContent = reason;
    view.logs.answers.append(item);
    announce(reason, true);
  }

  function bye(frame) {
    connection.stopped = true;
    const reason = typeof frame.reason === "string" ? frame.reason : "";
    if (reason) {
      const item = document.createElement("li");
      item.textContent = reason;
      view.logs.events.append(item);
      announce(reason, true);
    }
    status(reason);
    showLogin();
  }

  const QUESTIONS = {
    color: [
      ["RED", "red"],
      ["GREEN", "green"],
      ["BLUE", "blue"],
      ["YELLOW", "yellow"],
    ],
    choice: [
      ["YES", "yes"],
      ["NO", "no"],
    ],
  };

  function prompt(frame) {
    const ask = typeof frame.ask === "string" ? frame.ask : null;
    state.ask = ask;
    state.prompt = Number.isInteger(frame.number) ? frame.number : null;
    view.prompt.textContent = typeof frame.text === "string" ? frame.text : "";
    setQuestion(ask !== null && Object.hasOwn(QUESTIONS, ask) ? ask : null);
    setSecret(ask !== null && Object.hasOwn(PASSWORDS, ask) ? ask : null, view.prompt.textContent);
    if (ask === "line" && inGame() && !isTextField(document.activeElement)) {
      view.line.focus(); // the command line was opened (the "/" key): type there
    }
  }

  // ------------------------------------------------------------------ a password asked
  // `password` in the lobby: the server asks for the current password and the new one
  // (twice), each by a prompt of its own, answered from this password field alone (a
  // `secret` frame). What is typed is never shown, announced or kept: the field is
  // emptied as it is sent, and only the outcome is said (a `message` frame).
  const PASSWORDS = { password: "current-password", new_password: "new-password" };

  /** The password field, asking `ask` (its label the prompt's text), or hidden. Each
   * prompt gets a new field, focused, so that the screen reader says its label. */
  function setSecret(ask, text) {
    if (ask === null) {
      if (view.secretForm.hidden) return;
      const hadFocus = view.secretForm.contains(document.activeElement);
      view.secret.value = "";
      view.secretForm.hidden = true;
      if (hadFocus || focusLost()) focusSomewhere(view.line);
      return;
    }
    const field = view.secret.cloneNode(false);
    field.value = "";
    field.autocomplete = PASSWORDS[ask];
    field.addEventListener("keydown", secretKeys);
    view.secret.replaceWith(field);
    view.secret = field;
    view.secretLabel.textContent = text;
    view.secretForm.hidden = false;
    field.focus();
  }

  function sendSecret(event) {
    event.preventDefault();
    const typed = view.secret.value;
    view.secret.value = "";
    answer({ type: "secret", text: typed });
  }

  function secretKeys(event) {
    if (event.key !== "Escape" || event.isComposing) return;
    event.preventDefault();
    view.secret.value = "";
    answer({ type: "press", command: "CLOSE" }); // gives up, as the Cancel button does
  }

  function inGame() {
    return view.game.contains(document.activeElement) && !view.game.hidden;
  }

  /** The buttons of a colour or yes-or-no question, or none. */
  function setQuestion(ask) {
    const had = view.question.dataset.ask || null;
    if (had === ask) return;
    const hadFocus = view.question.contains(document.activeElement);
    view.question.replaceChildren();
    view.question.dataset.ask = ask || "";
    view.question.hidden = ask === null;
    if (ask === null) {
      if (hadFocus || focusLost()) focusSomewhere(handButton(state.place), firstAction(), view.line);
      return;
    }
    const group = document.createElement("div");
    group.className = `answers ${ask}`;
    group.setAttribute("role", "group");
    group.setAttribute("aria-labelledby", "prompt");
    for (const [command, label] of QUESTIONS[ask]) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.press = command;
      button.className = `answer ${label}`;
      button.textContent = word(label);
      group.append(button);
    }
    view.question.append(group);
    if ((inGame() && !isTextField(document.activeElement)) || focusLost()) {
      group.firstElementChild.focus();
    }
  }

  // ------------------------------------------------------------------ the hand
  function handButton(index) {
    const items = view.hand.children;
    if (items.length === 0) return null;
    const item = items[Math.max(0, Math.min(index, items.length - 1))];
    return item.firstElementChild;
  }

  function cleanCard(card) {
    const color = ["blue", "red", "green", "yellow", "wild"].includes(card.color)
      ? card.color
      : "wild";
    return {
      label: typeof card.label === "string" ? card.label : "",
      code: typeof card.code === "string" ? card.code : "",
      braille: typeof card.braille === "string" ? card.braille : "",
      color: color,
      playable: card.playable === true,
    };
  }

  function hand(frame) {
    const cards = Array.isArray(frame.cards) ? frame.cards.map(cleanCard) : [];
    const focused = view.hand.contains(document.activeElement);
    const selected = Number.isInteger(frame.selected) ? frame.selected : null;
    state.cards = cards;
    // the buttons already there are kept (relabelled) so that focus stays where it was
    while (view.hand.childElementCount > cards.length) view.hand.lastElementChild.remove();
    while (view.hand.childElementCount < cards.length) view.hand.append(newCardItem());
    cards.forEach((card, index) => drawCard(view.hand.children[index].firstElementChild, card, index, cards.length));
    if (!focused && selected !== null) state.place = selected;
    state.place = Math.max(0, Math.min(state.place, cards.length - 1));
    rove(state.place, false);
    view.handSection.hidden = cards.length === 0 || state.screen !== "table";
    if (focused && focusLost()) {
      // the card that had focus went (played): the card now at its place, or the last one
      focusSomewhere(handButton(state.place), firstAction(), view.line);
    }
  }

  function newCardItem() {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card";
    button.tabIndex = -1;
    item.append(button);
    return item;
  }

  function span(className, text) {
    const made = document.createElement("span");
    made.className = className;
    made.textContent = text;
    return made;
  }

  /** The shown pieces of a card's name: each a span of its words, the punctuation and
   * spaces between them kept at the end of the piece before (so the text seen, read
   * through, is the name itself). */
  function nameParts(parts) {
    const made = [];
    let pending = "";
    for (const [className, text] of parts) {
      if (className === null) {
        if (made.length > 0) made[made.length - 1].textContent += text;
        else pending += text;
      } else if (text) {
        made.push(span(className, pending + text));
        pending = "";
      }
    }
    return made;
  }

  function around(text, className) {
    const [, lead, words, trail] = /^([\s,;:.]*)([\s\S]*?)([\s,;:.]*)$/.exec(text);
    return [
      [null, lead],
      [className, words],
      [null, trail],
    ];
  }

  /** A card's button, named "⠃⠼⠛ Blue 7, 3 of 7, can be played" (the braille cells only
   * with braille on). The name is given whole (aria-label), since browsers put spaces
   * between the shown pieces; the text shown is the same name, so what is seen is what
   * is said (and what speech input users say to press it). */
  function drawCard(button, card, index, count) {
    button.dataset.index = String(index);
    button.className = `card ${card.color}${card.playable ? " playable" : ""}`;
    const mark = "\u0000";
    const place = fill(word("card_of"), { label: mark, place: index + 1, count: count });
    const [before, after = ""] = place.split(mark);
    const state = word(card.playable ? "playable" : "not_playable");
    const label = card.braille ? `${card.braille} ${card.label}` : card.label;
    button.setAttribute("aria-label", `${before}${label}${after}, ${state}`);
    const swatch = span("swatch", "");
    swatch.setAttribute("aria-hidden", "true");
    const parts = [
      ...around(before, "place"),
      ...(card.braille ? [["cells", card.braille], [null, " "]] : []),
      ["label", card.label],
      ...around(after, "place"),
      [null, ", "],
      ["state", state],
    ];
    button.replaceChildren(swatch, ...nameParts(parts));
  }

  /** The roving tab stop: only one card of the hand is in the Tab order. */
  function rove(index, focus) {
    const buttons = view.hand.querySelectorAll("button.card");
    if (buttons.length === 0) return;
    state.place = Math.max(0, Math.min(index, buttons.length - 1));
    buttons.forEach((button, at) => {
      button.tabIndex = at === state.place ? 0 : -1;
    });
    if (focus) buttons[state.place].focus();
  }

  function handKeys(event) {
    const button = event.target.closest("button.card");
    if (!button || event.ctrlKey || event.altKey || event.metaKey) return;
    const index = Number(button.dataset.index);
    const last = view.hand.childElementCount - 1;
    const moves = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: last,
    };
    if (!Object.hasOwn(moves, event.key)) return;
    event.preventDefault();
    rove(moves[event.key], true);
  }

  function handClick(event) {
    const button = event.target.closest("button.card");
    if (!button) return;
    const index = Number(button.dataset.index);
    rove(index, false);
    answer({ type: "card", index: index });
  }

  // ------------------------------------------------------------------ the table
  function table(frame) {
    view.summary.textContent = typeof frame.summary === "string" ? frame.summary : "";
    const top = frame.top && typeof frame.top === "object" ? cleanCard(frame.top) : null;
    view.topCard.hidden = top === null;
    if (top !== null) {
      view.topCard.className = `top-card card ${top.color}`;
      const swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.setAttribute("aria-hidden", "true");
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = top.braille ? `${top.braille} ${top.label}` : top.label;
      view.topCard.replaceChildren(swatch, label);
    }
    const players = Array.isArray(frame.players) ? frame.players : [];
    view.players.replaceChildren(
      ...players.map((player) => {
        const item = document.createElement("li");
        const name = document.createElement("span");
        name.className = "name";
        name.textContent = typeof player.name === "string" ? player.name : "";
        const cards = document.createElement("span");
        cards.className = "count";
        cards.textContent = Number.isInteger(player.cards) ? String(player.cards) : "";
        item.append(name, " ", cards);
        if (player.turn === true) item.setAttribute("aria-current", "true");
        if (player.you === true) item.classList.add("you");
        return item;
      }),
    );
  }

  // ------------------------------------------------------------------ keys and buttons
  const NAMED_KEYS = {
    Enter: "enter",
    Escape: "escape",
    ArrowLeft: "left",
    ArrowRight: "right",
    ArrowUp: "up",
    ArrowDown: "down",
    Home: "home",
    End: "end",
    PageUp: "pageup",
    PageDown: "pagedown",
    F1: "f1",
    F2: "f2",
    " ": "space",
    Backspace: "backspace",
    Delete: "delete",
  };

  function isTextField(element) {
    if (!element) return false;
    if (element.isContentEditable) return true;
    const tag = element.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
  }

  /** While focus is in the game area, not in a text box, the terminal's keys work as they
   * are: each goes to the server as a `key` frame. Tab, and keys held with Ctrl, Alt or
   * Command (the screen reader's and the browser's own), are never taken. */
  function gameKeys(event) {
    if (event.defaultPrevented || event.isComposing) return;
    const altGraph = event.getModifierState && event.getModifierState("AltGraph");
    if ((event.ctrlKey || event.altKey || event.metaKey) && !altGraph) return;
    const target = event.target;
    if (isTextField(target)) return;
    const named = Object.hasOwn(NAMED_KEYS, event.key) ? NAMED_KEYS[event.key] : null;
    const name = named || (event.key.length === 1 ? event.key : null);
    if (name === null) return;
    const pressable = target.closest("button, a, summary");
    if (pressable && (name === "enter" || name === "space")) return; // the button's own
    const typing = state.ask === "line" || state.screen === "lobby";
    if (typing && event.key.length === 1 && event.key !== " ") {
      // the command line is open (or this is the lobby, where every command is typed):
      // what is typed goes into it
      event.preventDefault();
      view.line.focus();
      view.line.value += event.key;
      return;
    }
    event.preventDefault();
    answer({ type: "key", key: name });
  }

  function pressClick(event) {
    const button = event.target.closest("button[data-press]");
    if (!button) return;
    answer({ type: "press", command: button.dataset.press });
  }

  function sendLine(event) {
    event.preventDefault();
    const text = view.line.value;
    if (answer({ type: "line", text: text })) view.line.value = "";
    view.line.focus();
  }

  // ------------------------------------------------------------------ logging in and out
  function showLogin(reason) {
    view.login.hidden = false;
    if (reason) loginError(reason);
    if (!connection.opened || connection.stopped) {
      setSecret(null);
      view.game.hidden = true;
      view.logout.hidden = true;
      view.history.hidden = view.logs.events.childElementCount === 0;
      if (focusLost() || !view.login.contains(document.activeElement)) {
        focusSomewhere(view.loginName);
      }
    }
  }

  function loginError(reason) {
    view.loginError.textContent = reason;
    view.loginError.hidden = reason === "";
    for (const field of [view.loginName, view.loginPassword, view.loginInvite]) {
      if (reason) {
        field.setAttribute("aria-describedby", "login-error");
      } else {
        field.removeAttribute("aria-describedby");
      }
    }
  }

  async function logIn(event) {
    event.preventDefault();
    const body = {
      name: view.loginName.value.trim(),
      password: view.loginPassword.value,
    };
    const invite = view.loginInvite.value.trim();
    if (invite) body.invite = invite;
    view.loginSubmit.disabled = true;
    status(word("connecting"));
    let answer = null;
    try {
      const response = await fetch("/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(body),
      });
      answer = await response.json();
    } catch (error) {
      answer = { ok: false, reason: word("connection_lost") };
    } finally {
      view.loginSubmit.disabled = false;
    }
    status("");
    if (answer && answer.ok === true) {
      loginError("");
      connection.stopped = false;
      connection.opened = false;
      connection.afterLogin = true;
      connection.received = null; // another person's place is none of this one's
      connect();
      return;
    }
    const reason = answer && typeof answer.reason === "string" ? answer.reason : word("connection_lost");
    loginError(reason);
    announce(reason, true);
    view.loginPassword.value = "";
    focusSomewhere(view.loginPassword);
  }

  async function logOut() {
    connection.stopped = true;
    try {
      await fetch("/logout", { method: "POST", credentials: "same-origin" });
    } catch (error) {
      // gone already: the login form all the same
    }
    if (connection.socket !== null) connection.socket.close();
    connection.opened = false;
    connection.received = null;
    showLogin();
  }

  // ------------------------------------------------------------------ start
  function start() {
    putWords();
    loadSwitches();
    view.loginForm.addEventListener("submit", logIn);
    view.logout.addEventListener("click", logOut);
    view.lineForm.addEventListener("submit", sendLine);
    view.secretForm.addEventListener("submit", sendSecret);
    view.secret.addEventListener("keydown", secretKeys);
    view.hand.addEventListener("keydown", handKeys);
    view.hand.addEventListener("click", handClick);
    view.game.addEventListener("click", pressClick);
    view.game.addEventListener("keydown", gameKeys);
    view.game.hidden = true;
    view.login.hidden = false;
    connect(); // a session kept from before goes straight in; else the login form stays
  }

  start();
})();
