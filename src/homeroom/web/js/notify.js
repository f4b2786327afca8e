// The turn alert (issue 31): a short chime and a browser notification when it becomes your turn.
// Opt-in with a toggle in the table page's top bar, remembered in this browser (store.js pref
// "turnAlert"); never for spectators or the host's watching page; only when the turn passes to
// you (not on every update, not for the position the page opens on).
import { h } from "./dom.js";
import * as store from "./store.js";

const state = {
  mine: null, // was it my turn at the last update (null: no update yet)
  seatRole: false, // this page plays a seat
  title: "homeroom",
  toggle: null,
};

export function enabled() {
  return store.prefs().turnAlert === true;
}

/** Put the toggle in the top bar (before `before`); `title` names the table in the notification. */
export function setup(before, title) {
  state.title = title || state.title;
  const box = h("input", { type: "checkbox", id: "turn-alert-toggle", checked: enabled() });
  box.addEventListener("change", () => {
    store.setPref("turnAlert", box.checked);
    if (box.checked && "Notification" in window && Notification.permission === "default") {
      // asked once, on the player's own click; a refusal still leaves the chime
      Promise.resolve(Notification.requestPermission()).catch(() => {});
    }
  });
  state.toggle = h("label.learn-toggle.hidden#turn-alert", { title: "Play a chime and show a notification when it becomes your turn" },
    box, " Turn alert");
  if (before && before.parentNode) before.parentNode.insertBefore(state.toggle, before);
  return state.toggle;
}

/** After each live view: alert when the turn has just passed to this seat. */
export function update(view, mine) {
  if (!view || view.replay) return;
  state.seatRole = view.role === "seat";
  if (state.toggle) state.toggle.classList.toggle("hidden", !state.seatRole);
  const was = state.mine;
  state.mine = !!mine;
  if (was === null || was || !mine || !state.seatRole || !enabled()) return;
  chime();
  notification(view);
}

function notification(view) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  if (!document.hidden && document.hasFocus()) return; // the page in front says it already
  try {
    const n = new Notification("Your turn", { body: `${state.title}: it is your turn to play.`, tag: `homeroom-turn-${view.table_id || ""}` });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    /* some browsers only notify from a service worker: the chime still sounds */
  }
}

let chimeUrl = null;

/** Two short notes as a WAV file made here (no asset to fetch). */
function chimeSource() {
  if (chimeUrl) return chimeUrl;
  const rate = 8000;
  const notes = [[659, 0.12], [880, 0.2]];
  const samples = [];
  for (const [freq, secs] of notes) {
    const n = Math.round(rate * secs);
    for (let i = 0; i < n; i++) {
      const fade = Math.min(1, i / 80, (n - i) / 400);
      samples.push(128 + Math.round(60 * fade * Math.sin((2 * Math.PI * freq * i) / rate)));
    }
  }
  const bytes = new Uint8Array(44 + samples.length);
  const view = new DataView(bytes.buffer);
  const text = (at, s) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + samples.length, true);
  text(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, "data");
  view.setUint32(40, samples.length, true);
  bytes.set(samples, 44);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  chimeUrl = `data:audio/wav;base64,${btoa(bin)}`;
  return chimeUrl;
}

function chime() {
  try {
    const audio = new Audio(chimeSource());
    audio.volume = 0.6;
    const played = audio.play();
    if (played && played.catch) played.catch(() => {}); // autoplay refused before any click: stay quiet
  } catch {
    /* no audio on this device */
  }
}
