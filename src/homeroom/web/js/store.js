// What this browser remembers: the seat and host secrets it has seen (so "my tables" and a reload
// work) and the player's preferences. Everything lives in localStorage on this device only.

const SECRETS = "homeroom.secrets.v1";
const PREFS = "homeroom.prefs.v1";
const MAX_SECRETS = 200; // the server's /api/my-tables limit

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode or full storage: the page still works, it just forgets */
  }
}

/** [{secret, table_id, seat (number|null), role: "seat"|"host", game_name, name, added}] newest first. */
export function secrets() {
  const list = read(SECRETS, []);
  return Array.isArray(list) ? list.filter((s) => s && typeof s.secret === "string") : [];
}

export function remember(entry) {
  const list = secrets().filter((s) => !(s.secret === entry.secret && s.table_id === entry.table_id));
  list.unshift({ ...entry, added: entry.added || new Date().toISOString() });
  write(SECRETS, list.slice(0, MAX_SECRETS));
}

export function forgetTable(tableId) {
  write(SECRETS, secrets().filter((s) => s.table_id !== tableId));
}

export function hostSecret(tableId) {
  const hit = secrets().find((s) => s.table_id === tableId && s.role === "host");
  return hit ? hit.secret : null;
}

export function seatSecret(tableId) {
  const hit = secrets().find((s) => s.table_id === tableId && s.role === "seat");
  return hit ? hit.secret : null;
}

const DEFAULT_PREFS = { confirm: "turn-end", name: "", sound: false };

export function prefs() {
  return { ...DEFAULT_PREFS, ...read(PREFS, {}) };
}

export function setPref(key, value) {
  write(PREFS, { ...read(PREFS, {}), [key]: value });
}
