// Learner mode at the table: what each decision is, "Suggest a move" (the medium bot's pick and
// why, asked of the server for this seat only), and links from rule sections and phase names to the
// game's "How to play" page. The words come from the game's folder: /boards/<game>/learn.json
// ({howto, sections: {rulebook section: anchor}, phases: {phase: {name, anchor}}, decisions:
// {action type: {text, anchor}}}). Text is always inserted as text.
import { $, fill, h } from "./dom.js";

const learn = {
  game: null,
  data: null, // learn.json, or null if the game has none
  send: null, // (message) => bool
  on: false,
  asking: false, // a suggestion is on its way
  suggestion: null, // the last answer {version, text, why}
  version: null,
};

const KEY_ON = (game) => `homeroom.learn.${game}`;
const KEY_DONE = (game) => `homeroom.learn.finished.${game}`;

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** Learner mode is on by default until the player has finished a game of this game here. */
function remembered(game) {
  const chosen = read(KEY_ON(game));
  if (chosen === "on" || chosen === "off") return chosen === "on";
  return read(KEY_DONE(game)) !== "1";
}

export function howtoUrl(anchor) {
  if (!learn.game) return "/";
  const base = learn.data && learn.data.howto ? learn.data.howto : `/how-to-play/${encodeURIComponent(learn.game)}`;
  return anchor ? `${base}#${anchor}` : base;
}

/** The how-to anchor of a rulebook section as the engine cites it ("Phase 4: Effects of
 * Contribution", "Hookups, Bonds", "Action Spaces: Library"), or null. */
export function sectionAnchor(section) {
  const map = (learn.data && learn.data.sections) || {};
  const name = section.trim().replace(/^"|"$/g, "");
  if (map[name]) return map[name];
  for (const part of name.split(/,\s*|;\s*/)) {
    const p = part.trim().replace(/^"|"$/g, "");
    if (map[p]) return map[p];
    const head = p.split(":")[0].trim();
    if (map[head]) return map[head];
    const slash = p.split("/")[0].trim();
    if (map[slash]) return map[slash];
  }
  return null;
}

/** A "why not" reason with its "(rulebook: SECTION)" turned into a link to the how-to section. */
export function linkReason(text) {
  const m = /\(rulebook:\s*(.*)\)/.exec(text || "");
  if (!m || !learn.game) return document.createTextNode(text || "");
  const anchor = sectionAnchor(m[1]);
  const link = h("a.rule-link", { href: howtoUrl(anchor), target: "_blank", rel: "noopener", dataset: { section: m[1], anchor: anchor || "" } }, `rulebook: ${m[1]}`);
  const out = document.createDocumentFragment();
  out.append(text.slice(0, m.index), "(", link, ")", text.slice(m.index + m[0].length));
  return out;
}

async function loadData(game) {
  try {
    const res = await fetch(`/boards/${encodeURIComponent(game)}/learn.json`);
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

/** Called once the game is known: the header link, the toggle, the panel's button. */
export async function setup(game, send) {
  learn.game = game;
  learn.send = send;
  learn.on = remembered(game);
  const link = $("#howto-link");
  if (link) {
    link.href = howtoUrl(null);
    link.classList.remove("hidden");
  }
  const toggle = $("#learn-toggle");
  if (toggle) {
    toggle.checked = learn.on;
    toggle.addEventListener("change", () => {
      learn.on = toggle.checked;
      write(KEY_ON(game), learn.on ? "on" : "off");
      render();
    });
  }
  const button = $("#suggest-btn");
  if (button) button.addEventListener("click", ask);
  learn.data = await loadData(game);
  render();
}

let lastView = null;
let lastMine = false;

/** Called after every render of the live view. */
export function update(view, mine) {
  lastView = view;
  lastMine = mine;
  if (view && view.terminal && view.role === "seat" && learn.game) write(KEY_DONE(learn.game), "1");
  if (view && learn.version !== null && view.version !== learn.version) {
    learn.suggestion = null; // it was for another position
    learn.version = null;
  }
  render();
}

function decisionLines(view) {
  const table = (learn.data && learn.data.decisions) || {};
  const seen = [];
  for (const a of view.legal || []) {
    if (!seen.includes(a.kind)) seen.push(a.kind);
  }
  return seen.filter((k) => table[k]).slice(0, 2).map((k) => h("p.learn-text", { dataset: { kind: k } }, table[k].text, " ",
    table[k].anchor ? h("a", { href: howtoUrl(table[k].anchor), target: "_blank", rel: "noopener" }, "More…") : null));
}

function phaseLine(view) {
  const phases = (learn.data && learn.data.phases) || {};
  const obs = view.observation || {};
  const p = phases[String(obs.phase)];
  if (!p) return null;
  return h("p.small.learn-phase", "Now: ", h("a.phase-link", { href: howtoUrl(p.anchor), target: "_blank", rel: "noopener" }, p.name));
}

function render() {
  const panel = $("#learn-panel");
  if (!panel) return;
  const view = lastView;
  const show = learn.on && !!view && !view.terminal && view.role === "seat";
  panel.classList.toggle("hidden", !show);
  if (!show) return;
  const body = $("#learn-body");
  // the automatic rules about to hit the player are the status bar's (the engine's own warnings,
  // announce.js): the panel does not say them a second time
  const parts = [phaseLine(view)];
  if (lastMine) parts.push(...decisionLines(view));
  else parts.push(h("p.learn-text.muted", "When it is your decision, this panel says what it is about and can suggest a move."));
  fill(body, ...parts.filter(Boolean));
  const button = $("#suggest-btn");
  button.classList.toggle("hidden", !lastMine);
  button.disabled = learn.asking;
  button.textContent = learn.asking ? "Thinking…" : "Suggest a move";
  markSuggested(lastMine ? learn.suggestion : null);
  const out = $("#suggestion");
  if (learn.suggestion && lastMine) {
    fill(out, h("p.learn-suggest-text", `Suggested: ${learn.suggestion.text}`),
      h("ul.learn-why", ...learn.suggestion.why.map((w) => h("li", w))));
    out.classList.remove("hidden");
  } else {
    fill(out);
    out.classList.add("hidden");
  }
}

/** Mark the choice button the suggestion names (the choices are rebuilt on every render). */
function markSuggested(suggestion) {
  for (const button of document.querySelectorAll("#groups button")) {
    const hit = !!suggestion && button.textContent.includes(suggestion.text);
    button.classList.toggle("suggested", hit);
    if (hit) button.dataset.suggested = "true";
    else delete button.dataset.suggested;
  }
}

function ask() {
  if (learn.asking || !learn.send) return;
  learn.asking = true;
  if (!learn.send({ type: "suggest" })) learn.asking = false;
  render();
  setTimeout(() => {
    if (learn.asking) {
      learn.asking = false;
      render();
    }
  }, 30000);
}

/** The server's answer to "suggest". */
export function onSuggestion(msg) {
  learn.asking = false;
  learn.suggestion = { text: msg.text, why: msg.why || [] };
  learn.version = msg.version;
  render();
}

/** An error arrived: if a suggestion was on its way, it is not coming. */
export function onError() {
  if (!learn.asking) return;
  learn.asking = false;
  render();
}
