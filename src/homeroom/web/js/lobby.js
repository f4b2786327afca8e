// The lobby: the games, creating a table (every option and variant the engine declares, seat
// kinds, listing, clock), the invite links, my tables (from the secrets this browser keeps) and
// the open public tables.
import { $, ago, copyText, fill, h, humanize, plural, toast } from "./dom.js";
import * as API from "./api.js";
import * as store from "./store.js";
import { gameAccent, icon, logo, seatClass, seatColourName, seatSymbol } from "./seats.js";
import { describe, optionLabel, rulesLine, selectChoices } from "./options.js";

const state = {
  games: [],
  kinds: [], // [{kind, label}] for the seat selects
  game: null, // the chosen game info
  players: 2,
  listed: true,
  variantOptions: null, // the option values of the chosen variant
  created: null, // the last POST /api/tables answer
};

const MAX_NAME = 24;

function cleanName(text) {
  // the server cleans names too; this just keeps the field honest
  return String(text || "").replace(/[\u0000-\u001f\u007f]/g, "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
}

function myName() {
  return cleanName($("#my-name").value) || "";
}

/** Keep `name` as this browser's player name (the lobby's "Your name", prefilled next time). */
function rememberName(name) {
  const clean = cleanName(name);
  if (!clean) return;
  $("#my-name").value = clean;
  store.setPref("name", clean);
}

// ------------------------------------------------------------------ games and the create form
function kindChoices(data) {
  const out = [{ kind: "human", label: "Human (gets an invite link)" }];
  const seen = new Set(["human"]);
  for (const p of data.bot_presets || []) {
    if (p && typeof p.kind === "string" && !seen.has(p.kind)) {
      seen.add(p.kind);
      out.push({ kind: p.kind, label: p.label ? String(p.label) : `${humanize(p.kind)} bot` });
    }
  }
  for (const k of data.seat_kinds || []) {
    const base = String(k);
    if (!seen.has(base) && ![...seen].some((s) => s.split(":")[0] === base)) {
      seen.add(base);
      out.push({ kind: base, label: `${humanize(base)} bot` });
    }
  }
  return out;
}

function renderGames() {
  const box = $("#games");
  if (!state.games.length) {
    fill(box, h("p.empty", "No games are installed on this server."));
    return;
  }
  fill(
    box,
    state.games.map((g) => {
      const counts = g.players || [];
      const range = counts.length ? (counts.length > 1 ? `${counts[0]}-${counts[counts.length - 1]} players` : plural(counts[0], "player")) : "";
      const extras = [
        g.options && g.options.length ? plural(g.options.length, "option") : null,
        g.variants && g.variants.length ? plural(g.variants.length, "variant") : null,
      ].filter(Boolean);
      const card = h(
        "button.game-card",
        { type: "button", "aria-pressed": String(state.game === g), dataset: { game: g.id }, on: { click: () => chooseGame(g) } },
        h("div.art", { style: { background: gameAccent(g.id) } }),
        h("strong", g.name),
        h("span.summary", g.summary || ""),
        h("span.small.muted", [range, ...extras].join(" · ")),
      );
      // the game's "How to play" page (a link cannot sit inside the button)
      return h("div.game-slot", card, h("a.howto-link.small", { href: `/how-to-play/${encodeURIComponent(g.id)}`, target: "_blank", rel: "noopener", dataset: { howto: g.id } }, `How to play ${g.name}`));
    }),
  );
}

/** The data set picker: shown only when the server offers more than the packaged data for the game. */
function renderDataSets() {
  const sets = (state.game && state.game.data_sets) || [];
  const select = $("#data-set");
  fill(select, sets.map((d) => h("option", { value: d.packaged ? "" : d.name },
    d.packaged ? "Packaged data (the rulebook's, with stand-ins)" : `${d.name} (data set ${d.digest})`)));
  for (const row of document.querySelectorAll(".data-set-row")) row.classList.toggle("hidden", sets.length < 2);
}

function chooseGame(g) {
  state.game = g;
  const counts = g.players || [2];
  if (!counts.includes(state.players)) state.players = counts.includes(2) ? 2 : counts[0];
  renderGames();
  $("#create-form").classList.remove("hidden");
  $("#create-bar").classList.remove("hidden");
  store.setPref("game", g.id);
  renderPlayers();
  renderVariants();
  renderOptions();
  renderSeats();
  renderDataSets();
  $("#create-error").textContent = "";
}

function renderPlayers() {
  const g = state.game;
  $("#create-what").textContent = `${g.name} · ${plural(state.players, "player")}`;
  fill(
    $("#players"),
    (g.players || []).map((n) =>
      h(
        "button",
        {
          type: "button",
          "aria-pressed": String(n === state.players),
          dataset: { players: String(n) },
          on: {
            click: () => {
              state.players = n;
              renderPlayers();
              renderOptions();
              renderSeats();
            },
          },
        },
        n === 1 ? "1 (solo)" : String(n),
      ),
    ),
  );
}

function renderVariants() {
  const g = state.game;
  const sel = $("#variant");
  const variants = g.variants || [];
  fill(sel, h("option", { value: "" }, variants.length ? "Standard rules" : "Standard rules (this game has no named variants)"),
    variants.map((v) => h("option", { value: v.name }, v.description || humanize(v.name))));
  sel.disabled = !variants.length;
  sel.onchange = () => {
    const v = variants.find((x) => x.name === sel.value);
    $("#variant-help").textContent = v
      ? `Sets: ${Object.entries(v.options).map(([k, val]) => {
        const spec = (g.options || []).find((o) => o.name === k);
        return spec ? describe(spec, val, seatNames()) : `${humanize(k)} ${fmt(val)}`;
      }).join(", ")}.`
      : "";
    // a variant is a set of option values: show them in the option fields
    state.variantOptions = v ? v.options : null;
    renderOptions(true);
  };
  $("#variant-help").textContent = "";
  state.variantOptions = null;
}

function fmt(value) {
  if (value === true) return "on";
  if (value === false) return "off";
  return String(value);
}

function optionApplies(opt) {
  return !opt.players || opt.players.includes(state.players);
}

function currentOptionValues() {
  // what the player has set so far (kept when the player count changes)
  const out = {};
  if (!state.game || $("#options").dataset.game !== state.game.id) return out;
  for (const el of $("#options").querySelectorAll("[data-opt]")) {
    out[el.dataset.opt] = el.dataset.type === "bool" ? el.checked : el.dataset.type === "number" ? Number(el.value) : el.value;
  }
  return out;
}

/** The names typed in the seat rows (seat 0 first; "" where none), for "Seat 2 (Ben)". */
function seatNames() {
  return [...document.querySelectorAll("#seats .seat-row input[type=text]")].map((el) => cleanName(el.value));
}

/** Re-word the seat choices ("Who starts") after a seat's name changed, keeping the choice. */
function refreshSeatChoices() {
  if (!state.game) return;
  for (const el of $("#options").querySelectorAll("select[data-seat-choice='1']")) {
    const spec = (state.game.options || []).find((o) => o.name === el.dataset.opt);
    if (spec) fill(el, selectChoices(spec, el.value, state.players, seatNames()));
  }
}

function renderOptions(fromVariant = false) {
  const g = state.game;
  const kept = fromVariant ? {} : currentOptionValues();
  const preset = { ...(state.variantOptions || {}), ...kept };
  $("#options").dataset.game = g.id;
  const box = $("#options");
  const opts = g.options || [];
  if (!opts.length) {
    fill(box, h("span.muted.small", { style: { "padding-top": "6px" } }, "This game has no options."));
    return;
  }
  fill(
    box,
    opts.map((opt) => {
      const id = `opt-${opt.name}`;
      const applies = optionApplies(opt);
      const value = opt.name in preset ? preset[opt.name] : opt.default;
      let field;
      if (typeof opt.default === "boolean") {
        field = h("input", { type: "checkbox", id, checked: !!value, disabled: !applies, dataset: { opt: opt.name, type: "bool" } });
      } else if (Array.isArray(opt.choices) || opt.seat_choice) {
        // every value in the rulebook's words; a seat choice names the seats as typed below
        field = h(
          "select",
          { id, disabled: !applies, dataset: { opt: opt.name, type: typeof opt.default, seatChoice: opt.seat_choice ? "1" : "" } },
          selectChoices(opt, value, state.players, seatNames()),
        );
      } else if (typeof opt.default === "number") {
        field = h("input", { type: "number", id, value: String(value), disabled: !applies, style: { width: "7em" }, dataset: { opt: opt.name, type: "number" } });
      } else {
        field = h("input", { type: "text", id, value: String(value ?? ""), disabled: !applies, dataset: { opt: opt.name, type: "string" } });
      }
      const note = applies ? (typeof opt.default === "boolean" ? `default: ${fmt(opt.default)}` : "")
        : `only with ${opt.players.join(" or ")} player${opt.players.length === 1 && opt.players[0] === 1 ? "" : "s"}`;
      return h(
        "div.option",
        h("div.row", typeof opt.default === "boolean" ? [field, h("label.name", { for: id }, optionLabel(opt))] : [h("label.name", { for: id }, optionLabel(opt)), field],
          note ? h("span.default", note) : null),
      );
    }),
  );
}

function readOptions() {
  const out = {};
  for (const el of $("#options").querySelectorAll("[data-opt]")) {
    if (el.disabled) continue;
    const name = el.dataset.opt;
    const spec = (state.game.options || []).find((o) => o.name === name);
    let value;
    if (el.dataset.type === "bool") value = el.checked;
    else if (el.dataset.seatChoice) value = Number(el.value);
    else if (el.dataset.type === "number") {
      value = Number(el.value);
      if (el.value.trim() === "" || !Number.isFinite(value)) throw new Error(`option ${spec ? optionLabel(spec) : humanize(name)} needs a number`);
    } else value = el.value;
    if (spec && value !== spec.default) out[name] = value;
  }
  const variant = $("#variant").value;
  if (variant) out.variant = variant;
  return out;
}

function renderSeats() {
  const box = $("#seats");
  const old = [...box.querySelectorAll(".seat-row")].map((row) => ({
    name: row.querySelector("input[type=text]").value,
    kind: row.querySelector("select").value,
    open: row.querySelector("input[type=checkbox]").checked,
  }));
  const rows = [];
  for (let i = 0; i < state.players; i++) {
    const prev = old[i];
    const kind = prev ? prev.kind : i === 0 ? "human" : defaultBotKind();
    const name = prev ? prev.name : i === 0 ? myName() : "";
    const nameInput = h("input", {
      type: "text", maxlength: String(MAX_NAME), value: name, dataset: { seat: String(i) },
      placeholder: kind === "human" ? `Player ${i + 1}` : "bot name (optional)", "aria-label": `Seat ${i + 1} name`,
    });
    const select = h(
      "select",
      { "aria-label": `Seat ${i + 1} kind`, dataset: { seat: String(i) } },
      state.kinds.map((k) => h("option", { value: k.kind, selected: k.kind === kind }, k.label)),
    );
    // an invited seat belongs to its link; an open one may be taken by anyone from the lobby
    const openBox = h("input", { type: "checkbox", checked: !!(prev && prev.open), dataset: { open: String(i) },
      "aria-label": `Seat ${i + 1} open to anyone in the lobby` });
    const openLabel = h("label.seat-open", { title: "Anyone in the lobby may take this seat (listed tables only); otherwise only its invite link opens it" },
      openBox, "open");
    openLabel.classList.toggle("hidden", kind !== "human");
    nameInput.addEventListener("input", refreshSeatChoices);
    select.addEventListener("change", () => {
      nameInput.placeholder = select.value === "human" ? `Player ${i + 1}` : "bot name (optional)";
      openLabel.classList.toggle("hidden", select.value !== "human");
    });
    rows.push(h(`div.seat-row.${seatClass(i)}`, seatSymbol(i, `Seat ${i + 1}: ${seatColourName(i)}`), nameInput,
      h("div.seat-kind", select, openLabel)));
  }
  fill(box, rows);
  refreshSeatChoices();
}

function defaultBotKind() {
  const pick = state.kinds.find((k) => k.kind === "medium") || state.kinds.find((k) => k.kind.startsWith("greedy"))
    || state.kinds.find((k) => k.kind !== "human");
  return pick ? pick.kind : "human";
}

function readClock() {
  const v = $("#clock").value;
  if (!v) return null;
  if (v === "custom") {
    const min = Number($("#clock-min").value);
    const inc = Number($("#clock-inc").value);
    if (!(min > 0) || !(inc >= 0)) throw new Error("the clock needs a positive number of minutes and seconds");
    return { initial_seconds: Math.round(min * 60), increment_seconds: Math.round(inc) };
  }
  const [initial, inc] = v.split(",").map(Number);
  return { initial_seconds: initial, increment_seconds: inc };
}

async function createTable(ev) {
  ev.preventDefault();
  const err = $("#create-error");
  err.textContent = "";
  let body;
  try {
    const seats = [...$("#seats").querySelectorAll(".seat-row")].map((row) => {
      const name = cleanName(row.querySelector("input[type=text]").value);
      const seat = { kind: row.querySelector("select").value };
      if (name) seat.name = name;
      if (seat.kind === "human" && row.querySelector("input[type=checkbox]").checked) seat.open = true;
      return seat;
    });
    body = { game: state.game.id, players: state.players, options: readOptions(), seats, listed: state.listed, clock: readClock() };
    if ($("#data-set").value) body.data_set = $("#data-set").value;
    const seed = $("#seed").value.trim();
    if (seed) {
      if (!/^\d+$/.test(seed)) throw new Error("the seed must be a whole number");
      body.seed = Number(seed);
    }
  } catch (e) {
    err.textContent = e.message;
    return;
  }
  // the name typed for my own seat (seat 1) is my name at the next table too
  const mine = body.seats[0];
  if (mine && mine.kind === "human" && mine.name) rememberName(mine.name);
  const btn = $("#create-btn");
  btn.disabled = true;
  try {
    const res = await API.createTable(body);
    state.created = res;
    const invites = res.seats.map((s) => ({ seat: s.seat, name: s.name, kind: s.kind, open: !!s.open, url: s.invite_url ? absolute(s.invite_url) : null }));
    store.remember({
      secret: res.host_secret, table_id: res.table_id, seat: null, role: "host",
      game_name: state.game.name, name: "host", invites, spectator_url: absolute(res.spectator_url), listed: body.listed,
    });
    showReady(res.table_id, state.game.name, invites, absolute(res.spectator_url));
    refreshMine();
    refreshOpen();
  } catch (e) {
    err.textContent = e.message;
  } finally {
    btn.disabled = false;
  }
}

function absolute(path) {
  return new URL(path, location.origin).href;
}


function showReady(tableId, gameName, invites, spectatorUrl) {
  $("#create-card").classList.add("hidden");
  $("#create-bar").classList.add("hidden");
  const card = $("#ready-card");
  card.classList.remove("hidden");
  card.dataset.table = tableId;
  $("#ready-title").textContent = `Your ${gameName} table is ready`;
  const rows = invites.map((s) => {
    const label = h("strong", s.name, s.open ? [" ", h("span.pill.open", { title: "anyone in the lobby may take this seat" }, "open")] : null);
    if (!s.url) {
      return h(`div.invite.${seatClass(s.seat)}`, seatSymbol(s.seat), label, h("span.muted.small", `${humanize(s.kind.split(":")[0])} bot: plays by itself`), h("span"), h("span"));
    }
    return h(
      `div.invite.${seatClass(s.seat)}`,
      seatSymbol(s.seat),
      label,
      h("code", { title: "invite link" }, s.url),
      h("button", { type: "button", class: "copy", dataset: { seat: String(s.seat) }, "aria-label": `Copy ${s.name}'s link`,
        on: { click: async () => toast((await copyText(s.url)) ? `Copied ${s.name}'s link` : "Copy failed: select the link by hand", "good", 2500) } },
        icon("copy"), "Copy"),
      h("a.btn", { href: s.url, dataset: { seat: String(s.seat) }, class: "btn sit" }, "Sit here"),
    );
  });
  rows.push(
    h("div.invite", h("span.sym", icon("eye")), h("strong", "Spectators"), h("code", spectatorUrl),
      h("button", { type: "button", on: { click: async () => toast((await copyText(spectatorUrl)) ? "Copied the spectator link" : "Copy failed", "good", 2500) } }, icon("copy"), "Copy"),
      h("a.btn", { href: spectatorUrl }, "Watch")),
  );
  fill($("#invites"), rows);
  const mine = invites.find((s) => s.url);
  const sit = $("#sit-btn");
  sit.classList.toggle("hidden", !mine);
  sit.onclick = () => {
    if (mine) location.href = mine.url;
  };
  sit.focus();
}

// ------------------------------------------------------------------ my tables and open tables
async function refreshMine() {
  const list = store.secrets();
  const box = $("#mine");
  if (!list.length) {
    fill(box, h("li.empty", "Tables you create or join appear here."));
    $("#mine-count").textContent = "0";
    return;
  }
  let rows;
  try {
    rows = (await API.myTables(list.map((s) => s.secret))).tables || [];
  } catch (e) {
    fill(box, h("li.empty", `Could not load your tables: ${e.message}`));
    return;
  }
  // the server answers per secret; pair each answer with what this browser knows about it
  const known = new Map(list.map((s) => [`${s.table_id}|${s.seat ?? "host"}`, s]));
  const items = [];
  const seenTables = new Set();
  for (const r of rows) {
    const key = `${r.table_id}|${r.seat ?? "host"}`;
    const entry = known.get(key) || list.find((s) => s.table_id === r.table_id && (r.seat === null || r.seat === undefined ? s.role === "host" : s.seat === r.seat));
    if (r.seat === null || r.seat === undefined) {
      // a host entry: show it only if this browser has no seat at that table
      if (list.some((s) => s.table_id === r.table_id && s.role === "seat")) continue;
    }
    if (seenTables.has(key)) continue;
    seenTables.add(key);
    items.push(mineItem(r, entry));
  }
  $("#mine-count").textContent = String(items.length);
  fill(box, items.length ? items : h("li.empty", "Tables you create or join appear here."));
}

function mineItem(r, entry) {
  const isSeat = r.seat !== null && r.seat !== undefined;
  const href = isSeat && entry ? `/t/${encodeURIComponent(r.table_id)}#seat=${encodeURIComponent(entry.secret)}` : `/t/${encodeURIComponent(r.table_id)}#spectate`;
  const status = r.terminal
    ? h("span.pill.done", r.outcome || "Finished")
    : r.your_turn
      ? h("span.pill.turn", "Your turn")
      : h("span.pill", isSeat ? "Waiting for others" : "In progress");
  const right = h("div", { style: { display: "flex", gap: "6px", "align-items": "center" } },
    !isSeat && entry && entry.invites ? h("button", { type: "button", on: { click: () => showReady(r.table_id, r.game_name, entry.invites, entry.spectator_url) } }, "Invite links") : null,
    h("a.btn", { href, class: r.your_turn ? "btn primary" : "btn" }, r.terminal ? "Review" : r.your_turn ? "Play" : "Open"));
  return h(
    `li.table-item${r.your_turn ? ".your-turn" : ""}`,
    { dataset: { table: r.table_id } },
    h("div",
      h("div", h("strong", r.game_name || r.game), " ", status),
      h("div.who", isSeat ? [seatSymbol(r.seat), ` You play ${r.name}`] : "You are the host", r.updated_at ? ` · ${ago(r.updated_at)}` : "")),
    right,
  );
}

async function refreshOpen() {
  const box = $("#open");
  let tables;
  try {
    tables = (await API.listTables()).tables || [];
  } catch (e) {
    fill(box, h("li.empty", `Could not load the open tables: ${e.message}`));
    return;
  }
  $("#open-count").textContent = String(tables.length);
  if (!tables.length) {
    fill(box, h("li.empty", "No open tables right now: start one!"));
    return;
  }
  fill(box, tables.map(openItem));
}

function openItem(t) {
  // never offer to join my own table: taking a seat gives it a fresh key and the invite link sent stops working
  const mine = store.secrets().some((e) => e.table_id === t.table_id);
  const openSeats = mine ? [] : (t.seats || []).filter((s) => s.open);
  const chips = (t.seats || []).map((s) =>
    h(`span.chip.${seatClass(s.seat)}`, seatSymbol(s.seat), s.name, s.bot ? h("span.pill.bot", "bot") : null, s.open ? h("span.pill.open", "open") : null),
  );
  const stage = t.terminal ? "finished" : t.step ? `move ${t.step}` : openSeats.length ? "waiting for players" : "starting";
  return h(
    "li.table-item",
    { dataset: { table: t.table_id } },
    h("div",
      h("div", h("strong", t.game_name || t.game), h("span.muted.small", ` · ${plural(t.players, "player")} · ${stage}`),
        t.seed_chosen ? h("span.pill.seed", { title: "The host chose this table's seed, which fixes every deal: the host can know every card." }, "seed chosen by the host") : null,
        t.data_set ? h("span.pill.data-set", { title: "This table is played with a data set this server offers, not the packaged data." }, `cards: ${t.data_set}`) : null),
      h("div.seat-chips", chips),
      rulesOf(t)),
    h("div", { style: { display: "flex", gap: "6px", "flex-wrap": "wrap", "justify-content": "flex-end" } },
      openSeats.map((s) => h("button", { type: "button", class: "primary", dataset: { join: String(s.seat) }, on: { click: () => join(t, s.seat) } }, `Join`)).slice(0, 1),
      mine ? h("span.pill", "your table") : null,
      h("a.btn", { href: `/t/${encodeURIComponent(t.table_id)}#spectate` }, "Watch")),
  );
}

/** The table's rules in the rulebook's words ("Club objective set B · Seat 2 (Ben) starts"). */
function rulesOf(t) {
  const game = state.games.find((g) => g.id === t.game);
  if (!game) return null;
  return h("div.rules.small.muted", rulesLine(game, t.options, (t.seats || []).map((s) => s.name)));
}

async function join(t, seat) {
  let name = myName();
  if (!name) {
    name = cleanName(prompt("Your name at the table?", "") || "");
    if (!name) return;
    rememberName(name);
  }
  try {
    const res = await API.joinTable(t.table_id, seat, name);
    store.remember({ secret: res.secret, table_id: t.table_id, seat: res.seat, role: "seat", game_name: t.game_name, name });
    location.href = absolute(res.invite_url);
  } catch (e) {
    toast(`Could not join: ${e.message}`, "error");
    refreshOpen();
  }
}

// ------------------------------------------------------------------ start
async function main() {
  fill($("#brand"), logo(), "homeroom");
  const nameField = $("#my-name");
  nameField.value = store.prefs().name || "";
  // remembered as it is typed, so a click on Join or Create right after typing carries it
  let typed = nameField.value;
  nameField.addEventListener("input", () => {
    store.setPref("name", cleanName(nameField.value));
    // my seat in the (already open) create form follows, unless I typed another name there
    const first = $("#seats input[data-seat='0']");
    if (first && (!first.value || first.value === typed)) first.value = nameField.value;
    typed = nameField.value;
    refreshSeatChoices();
  });
  nameField.addEventListener("change", () => {
    nameField.value = cleanName(nameField.value);
    store.setPref("name", nameField.value);
    const first = $("#seats input[data-seat='0']");
    if (first && !first.value) first.value = nameField.value;
  });
  $("#create-form").addEventListener("submit", createTable);
  const setListed = (v) => {
    state.listed = v;
    $("#listed-yes").setAttribute("aria-pressed", String(v));
    $("#listed-no").setAttribute("aria-pressed", String(!v));
  };
  $("#listed-yes").addEventListener("click", () => setListed(true));
  $("#listed-no").addEventListener("click", () => setListed(false));
  $("#clock").addEventListener("change", () => $("#clock-custom").classList.toggle("hidden", $("#clock").value !== "custom"));
  $("#again-btn").addEventListener("click", () => {
    $("#ready-card").classList.add("hidden");
    $("#create-card").classList.remove("hidden");
    $("#create-bar").classList.toggle("hidden", !state.game);
    const first = $("#seats input[data-seat='0']");
    if (first && !first.value) first.value = myName();
  });
  refreshMine();
  refreshOpen();
  setInterval(() => {
    if (!document.hidden) {
      refreshMine();
      refreshOpen();
    }
  }, 10000);
  try {
    const data = await API.getGames();
    state.games = data.games || [];
    state.kinds = kindChoices(data);
  } catch (e) {
    fill($("#games"), h("p.error-line", `Could not load the games: ${e.message}`));
    return;
  }
  renderGames();
  refreshOpen(); // again, now that the games' option words are known
  const wanted = new URLSearchParams(location.search).get("game");
  // the game asked for, else the last one chosen here, else the first: the form (and its
  // "Create table") is there from the start
  const pick = state.games.find((g) => g.id === wanted) || state.games.find((g) => g.id === store.prefs().game)
    || state.games[0];
  if (pick) chooseGame(pick);
}

main();
