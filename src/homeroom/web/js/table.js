// The generic table page: plays every game through the protocol in homeroom/server/PROTOCOL.md.
// A game's board module (BOARDS.md) plugs into #board-host; without one the observation is shown
// in the generic layout. Text from the server is always inserted as text.
import { $, clockText, copyText, fill, h, humanize, kindLabel, toast } from "./dom.js";
import * as API from "./api.js";
import * as store from "./store.js";
import { icon, logo, seatClass, seatColourName, seatSymbol } from "./seats.js";
import { renderObservation } from "./obsview.js";
import { TableSocket } from "./socket.js";
import { loadBoard } from "./board-host.js";
import { Chat } from "./chat.js";
import { setupDelete } from "./host-delete.js";
import * as learn from "./learn.js";
import * as announce from "./announce.js";
import { trackStatusHeight, watchLegal, zoomControl } from "./fit.js";

const TURN_ENDING = /(^|[a-z])(EndTurn|Done|Pass|Finish|EndPhase)$/;

const page = {
  tableId: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  secret: null, // this seat's secret (null for a spectator)
  hostSecret: null,
  game: null, // game info from /api/games
  live: null, // the latest live view
  shown: null, // the view on screen (live, or a past step)
  viewingStep: null, // null = live
  pending: null, // {action json, text} waiting for the server's answer
  confirm: null, // {action, text} waiting for the player's confirm
  wasMyTurn: false,
  seenActions: new Map(), // json -> text, every action this seat was offered (for "why not?")
  whyWaiters: new Map(), // json -> [resolve]
  board: null,
  socket: null,
  notices: [], // [{afterStep, text}]
  clockBase: 0, // performance.now() when the live view arrived
  historyToken: 0,
};

// ------------------------------------------------------------------ credentials from the link
function readCredentials() {
  const frag = new URLSearchParams(location.hash.replace(/^#/, ""));
  const fromLink = frag.get("seat");
  if (fromLink) {
    page.secret = fromLink;
  } else if (!frag.has("spectate")) {
    page.secret = store.seatSecret(page.tableId);
  }
  page.hostSecret = store.hostSecret(page.tableId);
}

// ------------------------------------------------------------------ small helpers
const isSeat = () => page.live && page.live.seat !== null && page.live.seat !== undefined && page.live.role === "seat";
const mySeat = () => (isSeat() ? page.live.seat : null);
const seatName = (view, seat) => {
  const s = view && view.seats ? view.seats.find((x) => x.seat === seat) : null;
  return s ? s.name : `Seat ${seat + 1}`;
};
const online = () => !!page.socket && page.socket.isOpen();
const myTurn = () => !!page.live && !page.live.terminal && isSeat() && page.live.to_move === page.live.seat && page.live.legal.length > 0;

function actionKey(action) {
  return JSON.stringify(action);
}

// ------------------------------------------------------------------ status bar
function renderStatus() {
  const v = page.live;
  const bar = $("#status");
  const headline = $("#status-headline");
  const sub = $("#status-sub");
  bar.className = "status";
  fill($("#status-sym"));
  if (!v) return;
  if (!online() && !v.terminal) {
    // offline: say so where the player looks, and claim nothing about who is thinking
    bar.classList.add("offline");
    headline.textContent = "Offline: moves and Undo are off until the connection is back";
    sub.textContent = `Nothing you played is lost. ${v.to_move !== null && v.to_move !== undefined ? `Last seen: ${myTurn() ? "your turn" : `${seatName(v, v.to_move)} to move`}.` : ""}`;
  } else if (v.terminal) {
    bar.classList.add("over");
    headline.textContent = `Game over: ${v.outcome || "the game has ended"}`;
    sub.textContent = "Step through the replay below, or click any line of the log.";
  } else if (v.to_move === null || v.to_move === undefined) {
    headline.textContent = "Setting up…";
    sub.textContent = "";
  } else {
    const who = seatName(v, v.to_move);
    const seatInfo = v.seats.find((s) => s.seat === v.to_move) || {};
    bar.classList.add(seatClass(v.to_move));
    $("#status-sym").appendChild(seatSymbol(v.to_move, `${who} (${seatColourName(v.to_move)})`));
    if (myTurn()) {
      bar.classList.add("mine");
      headline.textContent = v.turn_seat !== null && v.turn_seat !== v.seat ? `Your decision (during ${seatName(v, v.turn_seat)}'s turn)` : "Your turn";
      sub.textContent = whatToDo(v.legal);
    } else {
      // a bot's name often says so already ("Bot 2 (random)"): no "(bot) (bot)"
      headline.textContent = seatInfo.bot ? `${/\bbot\b/i.test(who) ? who : `${who} (bot)`} is thinking…` : `Waiting for ${who}`;
      const parts = [];
      if (v.turn_seat !== null && v.turn_seat !== undefined && v.turn_seat !== v.to_move) parts.push(`It is ${seatName(v, v.turn_seat)}'s turn; ${who} must decide something first.`);
      if (!seatInfo.bot && seatInfo.connected === false) parts.push(`${who} is not connected right now: the game waits for them (turn-based play is fine).`);
      if (v.role !== "seat") parts.push("You are watching this table.");
      sub.textContent = parts.join(" ");
    }
  }
  if (v.archived) sub.textContent = `This table is archived: it can be read, not played. ${sub.textContent}`;
  $("#undo-btn").classList.toggle("hidden", !isSeat() || v.terminal);
  $("#undo-btn").disabled = !v.can_undo || page.viewingStep !== null || !!page.pending || !online();
}

function whatToDo(legal) {
  if (legal.length === 1) return `One choice: ${legal[0].text}`;
  const kinds = [...new Set(legal.map((a) => kindLabel(a.kind)))];
  const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} or ${kinds[kinds.length - 1]}` : kinds[0];
  return `Choose one of ${legal.length} moves: ${list}.`;
}

// ------------------------------------------------------------------ turn alert (title + favicon)
let blinkTimer = null;
function renderAlert() {
  const game = page.game ? page.game.name : page.live ? page.live.game : "homeroom";
  const mine = myTurn();
  const title = `${game} · homeroom`;
  document.title = mine ? `▶ Your turn · ${title}` : title;
  // in a background tab the title blinks until the player comes back
  clearInterval(blinkTimer);
  if (mine && document.hidden) {
    let on = true;
    blinkTimer = setInterval(() => {
      on = !on;
      document.title = on ? `▶ Your turn · ${title}` : `(!) ${title}`;
    }, 1000);
  }
  const fav = $("#favicon");
  const want = mine ? "/static/img/favicon-turn.svg" : page.socket && page.socket.isOpen() ? "/static/img/favicon.svg" : "/static/img/favicon-off.svg";
  if (fav.getAttribute("href") !== want) fav.setAttribute("href", want);
  if (mine && !page.wasMyTurn && document.hidden) toast("It is your turn", "good");
  page.wasMyTurn = mine;
}

// ------------------------------------------------------------------ players
function renderPlayers() {
  const v = page.shown;
  if (!v) return;
  const live = page.live;
  const places = v.placings || null;
  const box = $("#players");
  // panels are kept and updated in place: a button in one must survive a bot's quick moves
  if (!page.playerNodes || page.playerNodes.length !== v.seats.length) {
    page.playerNodes = v.seats.map((s) => {
      const node = { sym: h("span.sym-wrap"), name: h("div.name"), score: h("div.score"), meta: h("div.meta"), tools: h("div.host-tools"), sigs: {} };
      node.root = h("div.player", { dataset: { seat: String(s.seat) } }, node.sym, node.name, node.score, node.meta, node.tools);
      return node;
    });
    page.automaSig = null;
  }
  // a solo game's automa (Ed E. Tor) is a player too: shown after the seats, never with seat tools
  const automa = Object.entries(v.automa_scores || {});
  const automaSig = JSON.stringify(automa.map(([name]) => name));
  if (page.automaSig !== automaSig) {
    page.automaSig = automaSig;
    page.automaNodes = automa.map(([name]) => {
      const node = { score: h("div.score") };
      node.root = h("div.player.automa", { dataset: { automa: name } }, h("span.sym-wrap", icon("bot")), h("div.name", { title: name }, name),
        node.score, h("div.meta", h("span.pill.bot", "automa")));
      return node;
    });
    fill(box, page.playerNodes.map((n) => n.root), page.automaNodes.map((n) => n.root));
  }
  // during the game the points are what each would score if it ended now, not a final result
  const running = !v.terminal;
  $("#players-note").classList.toggle("hidden", !running);
  const scoreTitle = running ? "points if the game ended now" : "final points";
  automa.forEach(([, sc], i) => {
    const node = page.automaNodes[i];
    fill(node.score, sc && sc.total !== undefined ? String(sc.total) : "", h("small", "points"));
    node.score.title = scoreTitle;
  });
  v.seats.forEach((s, i) => {
    const node = page.playerNodes[i];
    const score = v.scores && v.scores[s.seat] ? v.scores[s.seat].total : null;
    const classes = ["player", seatClass(s.seat)];
    if (!v.terminal && v.to_move === s.seat) classes.push("to-move");
    if (live && s.seat === mySeat()) classes.push("me");
    node.root.className = classes.join(" ");
    node.root.dataset.seat = String(s.seat);
    const update = (key, sig, build) => {
      if (node.sigs[key] !== sig) {
        node.sigs[key] = sig;
        build();
      }
    };
    update("sym", `${s.seat}|${s.name}`, () => fill(node.sym, seatSymbol(s.seat, `${s.name} (${seatColourName(s.seat)})`)));
    update("name", s.name, () => {
      node.name.textContent = s.name;
      node.name.title = s.name;
    });
    update("score", String(score), () => fill(node.score, score === null ? "" : String(score), h("small", "points")));
    node.score.title = scoreTitle;
    const place = places && places[s.seat] ? places[s.seat] : null;
    const toMove = !v.terminal && v.to_move === s.seat;
    const clockSig = s.clock ? `${s.clock.running}|${s.clock.remaining_ms}` : "";
    update("meta", JSON.stringify([s.seat, s.bot, s.kind, s.connected, clockSig, toMove, place]), () => fill(node.meta,
      h("span", { title: seatColourName(s.seat) }, seatColourName(s.seat)),
      s.bot ? h("span.pill.bot", { title: `played by the ${s.kind} bot` }, icon("bot"), "bot") : null,
      !s.bot ? h("span", h(`span.online${s.connected ? ".yes" : ""}`), s.connected ? " online" : " offline") : null,
      s.clock ? h(`span.clock${s.clock.running ? ".running" : ""}${s.clock.remaining_ms < 30000 ? ".low" : ""}`, { dataset: { seat: String(s.seat) } }, clockText(s.clock.remaining_ms)) : null,
      toMove ? h("span.pill.turn", "to move") : null,
      place ? h("span.place", ordinal(place)) : null));
    const tools = hostTools(s);
    update("tools", tools ? tools.sig : "", () => {
      fill(node.tools, tools ? tools.el : null);
      node.tools.classList.toggle("hidden", !tools);
    });
  });
}

function ordinal(n) {
  const s = ["th", "st", "nd", "rd"][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] || "th";
  return `${n}${s} place`;
}

function hostTools(s) {
  if (!page.hostSecret || !page.live || page.live.terminal || page.viewingStep !== null) return null;
  if (s.bot && !createdHuman(s.seat)) return null; // a seat created for a bot has no human to give it back to
  if (!s.bot && s.connected) return null; // a player who is here keeps their seat (PROTOCOL.md: the zombie rule)
  const el = s.bot
    ? h("button", { type: "button", dataset: { host: "human" }, on: { click: () => setSeat(s, "human") } }, "Give back to a human")
    : h("details.seat-menu",
      // handing a seat away is never one stray click: it sits in a menu and asks first
      h("summary", { title: `Seat menu for ${s.name}`, "aria-label": `Seat menu for ${s.name}` }, "…"),
      h("div.seat-menu-items",
        h("button", { type: "button", dataset: { host: "bot" }, on: { click: () => confirmBot(s) } }, icon("bot"), "Let a bot play…"),
        !s.open && hostEntry() && hostEntry().listed !== false
          ? h("button", { type: "button", dataset: { host: "open" }, title: "Give the seat a new link (the old one stops working) and let anyone in the lobby take it",
            on: { click: () => reopenSeat(s) } }, "Open to the lobby")
          : null));
  return { el, sig: `${s.seat}|${s.bot}|${s.name}|${s.connected}|${s.open}` };
}

function hostEntry() {
  return store.secrets().find((e) => e.table_id === page.tableId && e.role === "host");
}

async function reopenSeat(s) {
  try {
    await API.reopenSeat(page.tableId, s.seat, page.hostSecret);
    toast(`${s.name}'s seat is open: anyone in the lobby may take it`, "good");
  } catch (e) {
    toast(e.message, "error");
  }
}

function createdHuman(seat) {
  const host = hostEntry();
  const invite = host && Array.isArray(host.invites) ? host.invites.find((i) => i.seat === seat) : null;
  return invite ? !!invite.url || invite.kind === "human" : true;
}

/** Ask before a bot takes a seat: the player loses it until the host gives it back. */
function confirmBot(s) {
  const ok = window.confirm(`Let a bot play for ${s.name}? The bot moves for them until you choose "Give back to a human".`);
  if (ok) setSeat(s, "greedy");
}

async function setSeat(s, kind) {
  try {
    await API.setSeatKind(page.tableId, s.seat, kind, page.hostSecret);
    toast(kind === "human" ? `${s.name}'s seat is a human's again` : `A bot now plays for ${s.name}`, "good");
  } catch (e) {
    toast(e.message, "error");
  }
}

// ------------------------------------------------------------------ live clocks
function tickClocks() {
  const v = page.live;
  if (!v || page.viewingStep !== null) return;
  const elapsed = performance.now() - page.clockBase;
  for (const s of v.seats) {
    if (!s.clock) continue;
    const el = document.querySelector(`.clock[data-seat="${s.seat}"]`);
    if (!el) continue;
    const ms = s.clock.running ? s.clock.remaining_ms - elapsed : s.clock.remaining_ms;
    el.textContent = clockText(ms);
    el.classList.toggle("low", ms < 30000);
  }
}

// ------------------------------------------------------------------ actions
function renderActions() {
  const v = page.live;
  const panel = $("#actions-panel");
  const groupsBox = $("#groups");
  const filter = $("#filter");
  if (!v) return;
  if (v.terminal) {
    panel.classList.add("hidden");
    return;
  }
  panel.classList.remove("hidden");
  if (!isSeat()) {
    $("#actions-title").textContent = "Spectating";
    $("#action-tools").classList.add("hidden");
    $("#keys-hint").classList.add("hidden");
    fill(groupsBox, h("p.muted", icon("eye"), " You are watching: you see what every player can see, never a player's hidden cards."));
    return;
  }
  $("#actions-title").textContent = myTurn() ? "Your choices" : "Your choices (not your turn)";
  if (page.viewingStep !== null) {
    $("#action-tools").classList.add("hidden");
    fill(groupsBox, h("p.muted", "You are looking at an earlier moment. ", h("button", { type: "button", on: { click: backToLive } }, "Back to live"), " to play."));
    return;
  }
  if (!myTurn()) {
    $("#action-tools").classList.add("hidden");
    $("#keys-hint").classList.add("hidden");
    const who = v.to_move !== null ? seatName(v, v.to_move) : "the next player";
    fill(groupsBox, h("div.waiting", h("span.spinner"), `Waiting for ${who}. Your moves will appear here when it is your turn.`));
    return;
  }
  $("#action-tools").classList.toggle("hidden", v.legal.length < 8);
  $("#keys-hint").classList.remove("hidden");
  const needle = filter.value.trim().toLowerCase();
  const groups = new Map();
  v.legal.forEach((a, index) => {
    if (needle && !a.text.toLowerCase().includes(needle) && !kindLabel(a.kind).toLowerCase().includes(needle)) return;
    if (!groups.has(a.kind)) groups.set(a.kind, []);
    groups.get(a.kind).push({ ...a, index });
  });
  let n = 0;
  const blocks = [];
  for (const [kind, list] of groups) {
    blocks.push(
      h("div.group", { dataset: { kind } },
        groups.size > 1 || list.length > 1 ? h("h3", `${kindLabel(kind)} (${list.length})`) : null,
        h("div.buttons", list.map((a) => {
          n += 1;
          const key = n <= 9 ? String(n) : n === 10 ? "0" : "";
          const off = !!page.pending || !!page.confirm || !page.socket.isOpen();
          return h(
            `button.act${TURN_ENDING.test(a.kind) ? ".ends-turn" : ""}`,
            { type: "button", dataset: off ? { index: String(a.index), kind: a.kind, key } : { index: String(a.index), kind: a.kind, key, legal: "" }, disabled: off,
              title: TURN_ENDING.test(a.kind) ? "ends your turn" : "", on: { click: () => choose(a.action, a.text, a.kind) } },
            key ? h("span.key", key) : null,
            a.text,
          );
        })),
      ),
    );
  }
  fill(groupsBox, blocks.length ? blocks : h("p.empty", `No choice matches “${filter.value}”.`));
  if (page.pending) groupsBox.prepend(h("div.waiting", h("span.spinner"), `Sending: ${page.pending.text}`));
}

function needsConfirm(kind) {
  const pref = store.prefs().confirm;
  if (pref === "all") return true;
  if (pref === "never") return false;
  return TURN_ENDING.test(kind);
}

/** The one way an action leaves the page (buttons, keys and the board all come here).
 * Returns "sent", "confirm" (waiting for the player's Confirm) or null (nothing sent). */
function choose(action, text, kind) {
  if (page.viewingStep !== null) {
    toast("You are looking at an earlier moment: go back to live to play.", "error");
    return null;
  }
  if (!myTurn() || page.pending) return null;
  const offered = page.live.legal.find((a) => actionKey(a.action) === actionKey(action));
  if (!offered) {
    // not one of the offered moves (a board may propose anything): ask the server why
    explain(action).then((reason) => toast(reason ? `Not allowed: ${reason}` : "That move is allowed: try again", "error", 6000));
    return null;
  }
  text = text || offered.text;
  kind = kind || offered.kind;
  if (needsConfirm(kind)) {
    page.confirm = { action, text };
    $("#confirm-what").textContent = `${text}?`;
    $("#confirm-box").classList.remove("hidden");
    renderActions();
    $("#confirm-yes").focus();
    return "confirm";
  }
  return send(action, text) ? "sent" : null;
}

function send(action, text) {
  if (!page.socket.send({ type: "act", version: page.live.version, action })) {
    toast("Not connected to the table right now: your move was not sent. Try again once reconnected.", "error", 6000);
    return false;
  }
  page.pending = { action, text };
  renderActions();
  renderStatus();
  return true;
}

function cancelConfirm() {
  page.confirm = null;
  $("#confirm-box").classList.add("hidden");
  renderActions();
}

function confirmYes() {
  const c = page.confirm;
  cancelConfirm();
  if (c) send(c.action, c.text);
}

// ------------------------------------------------------------------ log
function renderLog() {
  const v = page.live;
  if (!v) return;
  const box = $("#log");
  // the entries the log should show: the lines (newest last) with the notices where they happened
  const wanted = [];
  const notices = [...page.notices];
  for (const line of v.log) {
    while (notices.length && notices[0].afterStep < line.step) wanted.push({ notice: notices.shift().text });
    wanted.push(line);
  }
  for (const nt of notices) wanted.push({ notice: nt.text });
  const keys = wanted.map((e) => (e.notice !== undefined ? `n|${e.notice}` : `${e.step}|${e.text}`));
  // only append what is new (a game's log grows by a few lines a move); rebuild after an undo
  const have = page.logKeys || [];
  let same = have.length <= keys.length;
  for (let i = have.length - 1; same && i >= 0 && i >= have.length - 3; i--) same = have[i] === keys[i];
  if (same && have.length && keys.length && have[0] !== keys[0]) same = false;
  const start = same ? have.length : 0;
  if (start < keys.length || !same) {
    const nearBottom = page.logAtBottom !== false;
    const frag = document.createDocumentFragment();
    for (const e of wanted.slice(start)) frag.appendChild(logItem(e));
    if (!same) box.replaceChildren();
    box.appendChild(frag);
    page.logKeys = keys;
    if (nearBottom && !page.logScrollQueued) {
      // scroll in the next frame: reading the layout now would force it in the middle of rendering
      page.logScrollQueued = true;
      requestAnimationFrame(() => {
        page.logScrollQueued = false;
        box.scrollTop = box.scrollHeight;
      });
    }
  }
  for (const li of box.querySelectorAll("li.viewing")) li.classList.remove("viewing");
  if (page.viewingStep !== null) {
    const hits = box.querySelectorAll(`li[data-step="${page.viewingStep}"]`);
    for (const li of hits) li.classList.add("viewing");
  }
}

function logItem(e) {
  if (e.notice !== undefined) return h("li.notice", e.notice);
  return h("li",
    { tabindex: "0", dataset: { step: String(e.step) }, title: `See the table after move ${e.step}` },
    h("span.step", e.step ? String(e.step) : "·"), h("span", e.text));
}

// ------------------------------------------------------------------ scores
function renderScores() {
  const v = page.shown;
  const box = $("#scores");
  if (!v || !v.scores || !v.scores.length) {
    fill(box, h("p.empty", "No scores yet."));
    page.scoreSig = null;
    return;
  }
  const sig = JSON.stringify([v.scores, v.automa_scores, v.seats.map((s) => s.name)]);
  if (sig === page.scoreSig) return;
  page.scoreSig = sig;
  const cols = v.seats.map((s) => ({ label: s.name, seat: s.seat, score: v.scores[s.seat] }));
  for (const [name, score] of Object.entries(v.automa_scores || {})) cols.push({ label: name, seat: null, score });
  const cats = [];
  for (const c of cols) for (const k of Object.keys((c.score && c.score.breakdown) || {})) if (!cats.includes(k)) cats.push(k);
  const best = (vals) => Math.max(...vals.filter((x) => typeof x === "number"));
  const row = (label, vals, tag = "td") => {
    const top = best(vals);
    return h("tr", h(tag === "td" ? "th" : "td", { scope: "row" }, label),
      vals.map((x) => h(`td${x === top && top !== 0 && cols.length > 1 ? ".best" : ""}`, x === undefined ? "—" : String(x))));
  };
  fill(
    box,
    h("table.scores",
      h("thead", h("tr", h("th", "Category"), cols.map((c) => h("th", c.seat === null ? h("span.chip", icon("bot"), c.label) : h(`span.chip.${seatClass(c.seat)}`, seatSymbol(c.seat), c.label))))),
      h("tbody", cats.map((k) => row(humanize(k), cols.map((c) => (c.score && c.score.breakdown ? c.score.breakdown[k] : undefined))))),
      h("tfoot", row("Total", cols.map((c) => (c.score ? c.score.total : undefined)), "tf"))),
  );
}

// ------------------------------------------------------------------ board or generic layout
function renderBoard() {
  const v = page.shown;
  if (!v) return;
  const note = $("#board-note");
  if (page.board) {
    try {
      page.board.update(boardView(v));
    } catch (err) {
      console.error("board update failed", err);
      note.textContent = "the board failed to draw this position; the generic view is shown";
      fill($("#obs"), renderObservation(v.observation, { seats: v.seats, mySeat: v.role === "seat" ? v.seat : null }));
      page.obsSig = null;
      return;
    }
    fill($("#obs"));
    page.obsSig = null;
    note.textContent = "";
    return;
  }
  $("#board-title").textContent = v.role === "seat" ? "What you can see" : "What the players can see";
  note.textContent = v.replay ? `after move ${v.step}` : "";
  // redraw only when what is shown changed (most moves change a few fields of a big observation)
  const sig = JSON.stringify([v.observation, v.seats.map((s) => s.name)]);
  if (sig === page.obsSig) return;
  page.obsSig = sig;
  fill($("#obs"), renderObservation(v.observation, { seats: v.seats, mySeat: v.role === "seat" ? v.seat : null }));
}

/** What a board's update() receives: the view message plus a few conveniences (see BOARDS.md). */
function boardView(v) {
  const connected = online();
  return {
    ...v,
    legal: connected ? v.legal : [], // offline: nothing can be sent, so nothing is offered
    live: page.viewingStep === null,
    my_turn: page.viewingStep === null && myTurn() && connected,
    pending: !!page.pending,
    connected,
  };
}

// ------------------------------------------------------------------ end of game and replay
function renderEnd() {
  const v = page.live;
  const panel = $("#end-panel");
  $("#why-panel").classList.toggle("hidden", !v || v.role !== "seat" || !!v.terminal);
  if (!v || !v.terminal) {
    panel.classList.add("hidden");
    $("#replay-panel").classList.add("hidden");
    return;
  }
  panel.classList.remove("hidden");
  fill($("#end-trophy"), icon("trophy", "trophy"));
  $("#end-outcome").textContent = v.outcome || "The game is over.";
  const order = v.seats.map((s) => ({ s, total: v.scores[s.seat] ? v.scores[s.seat].total : 0, place: v.placings ? v.placings[s.seat] : null }));
  order.sort((a, b) => (a.place && b.place ? a.place - b.place : b.total - a.total));
  // the winner's spot is gold: from placings, else only when one seat alone has the top score
  const top = order.length ? order[0].total : null;
  const alone = order.filter((o) => o.total === top).length === 1;
  const wins = (o) => (o.place ? o.place === 1 : alone && o.total === top) && !/^Nobody/.test(v.outcome || "");
  fill($("#podium"), order.map((o, i) => h(`div.spot.${seatClass(o.s.seat)}${wins(o) ? ".first" : ""}`,
    h("div.rank", o.place ? ordinal(o.place) : `#${i + 1}`),
    h("div", h("strong", o.s.name)), h("div.pts", `${o.total}`), h("div.small.muted", "points"))));
  $("#replay-download").href = `/api/tables/${encodeURIComponent(page.tableId)}/replay`;
  const rematchTarget = rematchId(v.rematch);
  const link = $("#rematch-link");
  const btn = $("#rematch-btn");
  if (rematchTarget) {
    link.classList.remove("hidden");
    link.href = rematchUrl(rematchTarget);
    btn.classList.add("hidden");
  } else {
    link.classList.add("hidden");
    btn.classList.toggle("hidden", !(page.secret || page.hostSecret));
  }
  const replay = $("#replay-panel");
  replay.classList.remove("hidden");
  const slider = $("#replay-slider");
  slider.max = String(v.step);
  if (page.viewingStep === null) slider.value = String(v.step);
  renderReplayLabel();
}

function rematchId(r) {
  if (!r) return null;
  if (typeof r === "string") return r;
  return r.table_id || null;
}

function rematchUrl(id) {
  const secret = page.secret || page.hostSecret;
  return `/t/${encodeURIComponent(id)}${page.secret ? `#seat=${encodeURIComponent(secret)}` : "#spectate"}`;
}

async function doRematch() {
  try {
    const res = await API.rematch(page.tableId, page.secret || page.hostSecret);
    rememberAt(res.table_id);
    location.href = rematchUrl(res.table_id);
  } catch (e) {
    toast(`No rematch: ${e.message}`, "error");
  }
}

function rememberAt(tableId) {
  // the rematch table keeps the same secrets (PROTOCOL.md)
  if (page.secret && page.live && isSeat()) store.remember({ secret: page.secret, table_id: tableId, seat: page.live.seat, role: "seat", game_name: page.game ? page.game.name : page.live.game, name: seatName(page.live, page.live.seat) });
  if (page.hostSecret) {
    const old = store.secrets().find((e) => e.table_id === page.tableId && e.role === "host") || {};
    const swap = (url) => (url ? url.replace(`/t/${page.tableId}`, `/t/${tableId}`) : url);
    store.remember({ secret: page.hostSecret, table_id: tableId, seat: null, role: "host", game_name: page.game ? page.game.name : "", name: "host",
      invites: (old.invites || []).map((i) => ({ ...i, url: swap(i.url) })), spectator_url: swap(old.spectator_url) });
  }
}

function renderReplayLabel() {
  const v = page.live;
  if (!v) return;
  const k = page.viewingStep === null ? v.step : page.viewingStep;
  $("#replay-label").textContent = `move ${k} of ${v.step}`;
}

// ------------------------------------------------------------------ looking back
async function showStep(step) {
  if (!page.live) return;
  if (step >= page.live.step && !page.live.terminal) {
    backToLive();
    return;
  }
  const token = ++page.historyToken;
  try {
    const view = await API.viewAt(page.tableId, step, page.secret);
    if (token !== page.historyToken) return;
    page.viewingStep = step;
    page.shown = view;
    cancelConfirm();
    renderHistoryBanner();
    renderAll();
  } catch (e) {
    toast(`Could not show move ${step}: ${e.message}`, "error");
  }
}

function backToLive() {
  page.historyToken++;
  page.viewingStep = null;
  page.shown = page.live;
  renderHistoryBanner();
  renderAll();
}

function renderHistoryBanner() {
  const old = $("#history-banner");
  if (old) old.remove();
  if (page.viewingStep === null) return;
  const live = page.live;
  const banner = h("div.banner.replay#history-banner", { role: "status" },
    icon("eye"), `You are looking at the table after move ${page.viewingStep}${live ? ` of ${live.step}` : ""} (read-only).`,
    h("button.primary", { type: "button", id: "back-live", on: { click: backToLive } }, live && live.terminal ? "Back to the final position" : "Back to live"));
  $("#banners").prepend(banner);
}

// ------------------------------------------------------------------ why not?
function explain(action) {
  return new Promise((resolve) => {
    const key = actionKey(action);
    if (!page.whyWaiters.has(key)) page.whyWaiters.set(key, []);
    page.whyWaiters.get(key).push(resolve);
    if (!page.socket.send({ type: "why", action })) {
      page.whyWaiters.get(key).pop();
      resolve("not connected to the table right now");
      return;
    }
    setTimeout(() => {
      const list = page.whyWaiters.get(key);
      if (list && list.includes(resolve)) {
        list.splice(list.indexOf(resolve), 1);
        resolve("the server did not answer (check the connection)");
      }
    }, 8000);
  });
}

function rememberOffered(view) {
  let added = false;
  for (const a of view.legal || []) {
    const key = actionKey(a.action);
    if (!page.seenActions.has(key)) {
      page.seenActions.set(key, a.text);
      added = true;
    }
  }
  if (!added) return;
  while (page.seenActions.size > 300) page.seenActions.delete(page.seenActions.keys().next().value);
  const list = $("#why-list");
  fill(list, [...page.seenActions.values()].reverse().slice(0, 150).map((t) => h("option", { value: t })));
}

async function askWhy(ev) {
  ev.preventDefault();
  const text = $("#why-input").value.trim();
  const out = $("#why-result");
  if (!text) return;
  let action = null;
  if (text.startsWith("{")) {
    try {
      action = JSON.parse(text);
    } catch {
      showWhy("illegal", "That is not valid JSON: an action looks like {\"type\": \"Draw\"}.");
      return;
    }
  } else {
    const needle = text.toLowerCase();
    const exact = [...page.seenActions.entries()].find(([, t]) => t.toLowerCase() === needle);
    if (!exact) {
      // a piece's name or part of a choice: the server finds it among the choices now
      out.classList.add("hidden");
      showWhy(...announce.whySentence(await announce.whyByText(text), myTurn()));
      return;
    }
    action = JSON.parse(exact[0]);
  }
  out.classList.add("hidden");
  const reason = await explain(action);
  const label = page.seenActions.get(actionKey(action)) || JSON.stringify(action);
  if (reason) showWhy("illegal", `${label}: ${reason}`);
  else showWhy("legal", `${label}: this move is allowed right now${myTurn() ? "" : " (for the seat to move)"}.`);
}

function showWhy(kind, text) {
  const out = $("#why-result");
  out.className = `why-result ${kind}`;
  fill(out, learn.linkReason(text));
}

// ------------------------------------------------------------------ everything
function renderAll() {
  // a few facts on <body> for tests and user styles (never secrets)
  const v = page.live;
  if (v) {
    Object.assign(document.body.dataset, {
      version: String(v.version), step: String(v.step), terminal: String(!!v.terminal), myTurn: String(myTurn()),
      role: v.role || "", viewing: page.viewingStep === null ? "live" : String(page.viewingStep),
    });
  }
  renderStatus();
  renderEnd();
  renderActions();
  renderPlayers();
  renderBoard();
  renderScores();
  renderLog();
  renderAlert();
  renderReplayLabel();
  learn.update(page.live, myTurn());
  announce.update(page.live, myTurn(), page.viewingStep === null);
}

function onView(view) {
  const first = !page.live;
  if (!view.replay) {
    for (const nt of page.notices) {
      if (nt.fresh) {
        nt.afterStep = Math.min(nt.afterStep, view.step);
        nt.fresh = false;
      }
    }
    page.live = view;
    page.clockBase = performance.now();
    page.pending = null;
    if (page.confirm && !myTurn()) cancelConfirm();
    rememberOffered(view);
    page.chat.onView(view);
    if (page.viewingStep === null) page.shown = view;
    if (first) onFirstView(view);
    renderAll();
    if (page.viewingStep !== null) renderHistoryBanner();
  }
}

function onFirstView(view) {
  if (page.secret && view.role === "seat") {
    store.remember({ secret: page.secret, table_id: page.tableId, seat: view.seat, role: "seat", game_name: page.game ? page.game.name : view.game, name: seatName(view, view.seat) });
  }
  const tag = view.role === "seat" ? `you play ${seatName(view, view.seat)}` : view.role === "host" ? "host (watching)" : "spectator";
  $("#table-tag").textContent = `table ${page.tableId} · ${tag}`;
  if (view.seed_chosen) {
    // the seed fixes every deal: a table whose creator chose it says so to everyone
    $("#table-tag").append(" · ", h("span.pill.seed", { title: "The host chose this table's seed, which fixes every deal: the host can know every card." }, "seed chosen by the host"));
  }
}

function onMessage(msg) {
  switch (msg.type) {
    case "view":
      onView(msg);
      break;
    case "welcome":
      break;
    case "seats":
      // who is connected changed; nothing else did
      if (page.live && Array.isArray(msg.seats)) {
        page.live = { ...page.live, seats: msg.seats };
        if (page.viewingStep === null) page.shown = page.live;
        renderPlayers();
        renderStatus();
      }
      break;
    case "error":
      learn.onError(msg);
      onError(msg);
      break;
    case "suggestion":
      learn.onSuggestion(msg);
      break;
    case "why": {
      if (announce.onWhy(msg)) break;
      const key = actionKey(msg.action);
      const list = page.whyWaiters.get(key) || [];
      page.whyWaiters.delete(key);
      for (const resolve of list) resolve(msg.reason);
      break;
    }
    case "notice":
      // placed after the position it explains: the next view's step if one follows (an undo
      // notice then sits where the moves were taken back)
      page.notices.push({ afterStep: page.live ? page.live.step : 0, text: msg.text, fresh: true });
      toast(msg.text);
      renderLog();
      break;
    case "chat":
      page.chat.onLine(msg.line);
      break;
    case "pong":
      break;
    default:
      break;
  }
}

function onError(msg) {
  const wasPending = page.pending;
  page.pending = null;
  if (msg.code === "stale") {
    toast("The table moved on before your move arrived: here is the current position.", "error", 5000);
  } else if (msg.code === "illegal" || msg.code === "not_your_turn") {
    toast(`Not allowed: ${msg.message}`, "error", 7000);
  } else if (msg.code === "unauthorized" || msg.code === "not_found") {
    // the socket closes; the close handler shows a banner
  } else {
    toast(msg.message || "Something went wrong", "error", 6000);
  }
  if (wasPending) {
    renderActions();
    renderStatus();
  }
}

// ------------------------------------------------------------------ connection banner
let hideGoodTimer = null;
function setConnection(state, detail) {
  const conn = $("#conn");
  const restarted = state === "open" && detail && detail.restarted;
  const everOpen = page.socket && page.socket.everOpened;
  conn.className = `conn ${state === "open" ? "online" : state === "closed" ? "offline" : "connecting"}${restarted ? " restarted" : ""}`;
  $("#conn-text").textContent = state === "open" ? (restarted ? "Online (the server restarted)" : "Online")
    : state === "closed" ? "Offline" : everOpen ? "Reconnecting…" : "Connecting…";
  const old = $("#conn-banner");
  if (old) old.remove();
  clearTimeout(hideGoodTimer);
  if (detail) {
    const banner = h(`div.banner.${detail.kind}#conn-banner`, { role: "alert" }, detail.text,
      detail.retry ? h("button", { type: "button", on: { click: () => page.socket.retryNow() } }, "Retry now") : null,
      detail.lobby ? h("a.btn", { href: "/" }, "Go to the lobby") : null);
    $("#banners").appendChild(banner);
    if (detail.kind === "good") hideGoodTimer = setTimeout(() => banner.remove(), 4000);
    if (detail.kind === "bad" && !page.live) {
      $("#status-headline").textContent = "This table cannot be opened";
      $("#status-sub").textContent = detail.text;
      $("#actions-panel").classList.add("hidden");
    }
  }
  renderAlert();
  if (page.live) {
    // no moves can be sent while offline: the buttons, the board and Undo say so
    renderActions();
    renderStatus();
    renderBoard();
  }
}

// ------------------------------------------------------------------ keyboard
function onKey(e) {
  if (e.target.closest && e.target.closest("input, textarea, select, dialog")) {
    if (e.key === "Escape" && e.target.id === "filter") e.target.value = "";
    return;
  }
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === "Escape") {
    if (page.confirm) cancelConfirm();
    else if (page.viewingStep !== null) backToLive();
    return;
  }
  if (page.confirm && e.key === "Enter" && document.activeElement === document.body) {
    e.preventDefault();
    confirmYes();
    return;
  }
  if (/^[0-9]$/.test(e.key) && myTurn() && !page.confirm && page.viewingStep === null) {
    const btn = $(`#groups button.act[data-key="${e.key}"]`);
    if (btn && !btn.disabled) {
      e.preventDefault();
      btn.click();
    }
    return;
  }
  if (page.live && page.live.terminal) {
    const ids = { ArrowLeft: "#replay-prev", ArrowRight: "#replay-next", Home: "#replay-first", End: "#replay-last" };
    if (ids[e.key]) {
      e.preventDefault();
      $(ids[e.key]).click();
      return;
    }
  }
  if ((e.key === "u" || e.key === "U") && !$("#undo-btn").disabled && !$("#undo-btn").classList.contains("hidden")) {
    e.preventDefault();
    undo();
  }
  if (e.key === "/") {
    e.preventDefault();
    $("#filter").focus();
  }
}

function undo() {
  if (!page.live || !page.live.can_undo) return;
  if (!page.socket.send({ type: "undo", version: page.live.version })) toast("Not connected to the table right now.", "error");
}

// ------------------------------------------------------------------ the host's invite links
function setupInvites() {
  const host = store.secrets().find((e) => e.table_id === page.tableId && e.role === "host");
  const invites = host && Array.isArray(host.invites) ? host.invites.filter((i) => i.url) : [];
  if (!host) return;
  setupDelete(page.tableId, host.secret);
  const btn = $("#invite-btn");
  btn.classList.remove("hidden");
  btn.addEventListener("click", () => {
    fill($("#invite-rows"), invites.map((i) => h(`div.invite.${seatClass(i.seat)}`,
      seatSymbol(i.seat), h("strong", i.name), h("code", i.url),
      h("button", { type: "button", on: { click: async () => toast((await copyText(i.url)) ? `Copied ${i.name}'s link` : "Copy failed", "good", 2500) } }, icon("copy"), "Copy"),
      h("span"))));
    $("#invites-dialog").showModal();
  });
}

// ------------------------------------------------------------------ start
async function main() {
  fill($("#brand"), logo(), "homeroom");
  readCredentials();
  if (!page.tableId) {
    $("#status-headline").textContent = "No table in this address";
    return;
  }
  $("#undo-btn").prepend(icon("undo"));
  for (const [id, name] of [["#replay-first", "first"], ["#replay-prev", "prev"], ["#replay-next", "next"], ["#replay-last", "last"]]) {
    $(id).appendChild(icon(name));
  }
  $("#undo-btn").addEventListener("click", undo);
  $("#filter").addEventListener("input", renderActions);
  $("#confirm-yes").addEventListener("click", confirmYes);
  $("#confirm-no").addEventListener("click", cancelConfirm);
  $("#why-form").addEventListener("submit", askWhy);
  const logLine = (e) => e.target.closest && e.target.closest("#log li[data-step]");
  $("#log").addEventListener("click", (e) => {
    const li = logLine(e);
    if (li) showStep(Number(li.dataset.step));
  });
  // the log follows new lines unless the player scrolled up to read (only their own scrolling counts)
  let userScrollAt = 0;
  for (const ev of ["wheel", "touchmove", "mousedown", "keydown"]) {
    $("#log").addEventListener(ev, () => { userScrollAt = performance.now(); }, { passive: true });
  }
  $("#log").addEventListener("scroll", () => {
    if (performance.now() - userScrollAt > 1500) return;
    const box = $("#log");
    page.logAtBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  }, { passive: true });
  $("#log").addEventListener("keydown", (e) => {
    const li = logLine(e);
    if (li && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      showStep(Number(li.dataset.step));
    }
  });
  $("#rematch-btn").addEventListener("click", doRematch);
  document.addEventListener("visibilitychange", renderAlert);
  $("#share-btn").addEventListener("click", async () => {
    const url = new URL(`/t/${encodeURIComponent(page.tableId)}#spectate`, location.origin).href;
    toast((await copyText(url)) ? "Copied the link to watch this table" : `Copy failed: ${url}`, "good", 3000);
  });
  setupInvites();
  $("#settings-btn").addEventListener("click", () => {
    $("#pref-confirm").value = store.prefs().confirm;
    $("#settings").showModal();
  });
  $("#pref-confirm").addEventListener("change", () => store.setPref("confirm", $("#pref-confirm").value));
  document.addEventListener("keydown", onKey);
  const slider = $("#replay-slider");
  let sliderTimer = null;
  slider.addEventListener("input", () => {
    $("#replay-label").textContent = `move ${slider.value} of ${page.live ? page.live.step : "?"}`;
    clearTimeout(sliderTimer);
    sliderTimer = setTimeout(() => stepTo(Number(slider.value)), 120);
  });
  const stepTo = (k) => {
    if (!page.live) return;
    const target = Math.max(0, Math.min(page.live.step, k));
    slider.value = String(target);
    if (target === page.live.step) backToLive();
    else showStep(target);
  };
  const current = () => (page.viewingStep === null ? (page.live ? page.live.step : 0) : page.viewingStep);
  $("#replay-first").addEventListener("click", () => stepTo(0));
  $("#replay-prev").addEventListener("click", () => stepTo(current() - 1));
  $("#replay-next").addEventListener("click", () => stepTo(current() + 1));
  $("#replay-last").addEventListener("click", () => stepTo(page.live ? page.live.step : 0));
  setInterval(tickClocks, 500);

  try {
    const data = await API.getGames();
    const summary = await API.tableSummary(page.tableId).catch(() => null);
    const gameId = summary ? summary.game : null;
    page.game = (data.games || []).find((g) => g.id === gameId) || null;
    if (page.game) $("#game-title").textContent = page.game.name;
    if (gameId) {
      learn.setup(gameId, (m) => !!page.socket && page.socket.send(m));
      announce.setup({ choose, send, socketSend: (m) => !!page.socket && page.socket.send(m) });
      page.board = await loadBoard(gameId, $("#board-host"), {
        choose: (action) => choose(action),
        explain: (action) => explain(action),
      });
      if (page.board) {
        $("#board-title").textContent = page.game ? page.game.name : "The board";
        document.body.classList.add("has-board");
        $("#board-panel > header").appendChild(zoomControl(gameId, $("#board-host")));
      }
    }
  } catch (e) {
    toast(`Could not load the game's details: ${e.message}`, "error");
  }

  trackStatusHeight($("#status"));
  // the pieces to click now come into view when the decision changes (not while the player reads)
  watchLegal(page.board ? $("#board-host") : $("#groups"), {
    enabled: () => page.viewingStep === null && myTurn() && online(),
    decision: () => (page.live ? page.live.version : ""),
  });
  page.chat = new Chat((msg) => page.socket.send(msg));
  // without a seat, the host's page says hello with the host secret (role "host": it may chat)
  page.socket = new TableSocket(page.tableId, page.secret || page.hostSecret, { onMessage, onState: setConnection });
  page.socket.connect();
}

main();
