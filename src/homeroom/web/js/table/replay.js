// The log (with notices where they happened), the end panel, rematch, and looking back at a past step.
import { $, fill, h, toast } from "../dom.js";
import * as API from "../api.js";
import * as store from "../store.js";
import { icon, seatClass } from "../seats.js";
import { isSeat, page, seatName } from "./page.js";
import { ordinal } from "./players.js";
import { cancelConfirm } from "./actions.js";
import { renderAll } from "./render.js";
import { markLog, renderAnalysis } from "./analysis.js";

// ------------------------------------------------------------------ log
export function renderLog() {
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
  markLog();
}

export function logItem(e) {
  if (e.notice !== undefined) return h("li.notice", e.notice);
  return h("li",
    { tabindex: "0", dataset: { step: String(e.step) }, title: `See the table after move ${e.step}` },
    h("span.step", e.step ? String(e.step) : "·"), h("span", e.text));
}

// ------------------------------------------------------------------ end of game and replay
export function renderEnd() {
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
  renderAnalysis();
}

export function rematchId(r) {
  if (!r) return null;
  if (typeof r === "string") return r;
  return r.table_id || null;
}

export function rematchUrl(id) {
  const secret = page.secret || page.hostSecret;
  return `/t/${encodeURIComponent(id)}${page.secret ? `#seat=${encodeURIComponent(secret)}` : "#spectate"}`;
}

export async function doRematch() {
  try {
    const res = await API.rematch(page.tableId, page.secret || page.hostSecret);
    rememberAt(res.table_id);
    location.href = rematchUrl(res.table_id);
  } catch (e) {
    toast(`No rematch: ${e.message}`, "error");
  }
}

export function rememberAt(tableId) {
  // the rematch table keeps the same secrets (PROTOCOL.md)
  if (page.secret && page.live && isSeat()) store.remember({ secret: page.secret, table_id: tableId, seat: page.live.seat, role: "seat", game_name: page.game ? page.game.name : page.live.game, name: seatName(page.live, page.live.seat) });
  if (page.hostSecret) {
    const old = store.secrets().find((e) => e.table_id === page.tableId && e.role === "host") || {};
    const swap = (url) => (url ? url.replace(`/t/${page.tableId}`, `/t/${tableId}`) : url);
    store.remember({ secret: page.hostSecret, table_id: tableId, seat: null, role: "host", game_name: page.game ? page.game.name : "", name: "host",
      invites: (old.invites || []).map((i) => ({ ...i, url: swap(i.url) })), spectator_url: swap(old.spectator_url) });
  }
}

export function renderReplayLabel() {
  const v = page.live;
  if (!v) return;
  const k = page.viewingStep === null ? v.step : page.viewingStep;
  $("#replay-label").textContent = `move ${k} of ${v.step}`;
}

// ------------------------------------------------------------------ looking back
export async function showStep(step) {
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

export function backToLive() {
  page.historyToken++;
  page.viewingStep = null;
  page.shown = page.live;
  renderHistoryBanner();
  renderAll();
}

export function renderHistoryBanner() {
  const old = $("#history-banner");
  if (old) old.remove();
  if (page.viewingStep === null) return;
  const live = page.live;
  const banner = h("div.banner.replay#history-banner", { role: "status" },
    icon("eye"), `You are looking at the table after move ${page.viewingStep}${live ? ` of ${live.step}` : ""} (read-only).`,
    h("button.primary", { type: "button", id: "back-live", on: { click: backToLive } }, live && live.terminal ? "Back to the final position" : "Back to live"));
  $("#banners").prepend(banner);
}


// ------------------------------------------------------------------ wiring (once, at start)
/** The log's click-back, its follow-the-bottom scrolling, the rematch button and the replay controls. */
export function setupReplay() {
  for (const [id, name] of [["#replay-first", "first"], ["#replay-prev", "prev"], ["#replay-next", "next"], ["#replay-last", "last"]]) {
    $(id).appendChild(icon(name));
  }
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
}
