// The table's WebSocket: hello with the seat secret, the secret again on every message
// (PROTOCOL.md), a ping to notice a dead connection, and reconnection with back-off after a
// dropped connection or a server restart.

const PING_EVERY_MS = 20000;
const PONG_WITHIN_MS = 10000;
const BACKOFF_MS = [500, 1000, 2000, 3000, 5000];

export class TableSocket {
  constructor(tableId, secret, { onMessage, onState }) {
    this.tableId = tableId;
    this.secret = secret;
    this.onMessage = onMessage;
    this.onState = onState;
    this.ws = null;
    this.attempt = 0;
    this.everOpened = false;
    this.serverRun = null; // the `server` of the last welcome
    this.lostAt = null;
    this.stopped = false;
    this.retryTimer = null;
    this.countdown = null;
    this.pingTimer = null;
    this.pongTimer = null;
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.tableId)}`;
  }

  isOpen() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    clearInterval(this.countdown);
    this.onState("connecting", this.lostAt ? { kind: "warn", text: "Reconnecting to the table…" } : null);
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify(this.secret ? { type: "hello", secret: this.secret } : { type: "hello", spectate: true }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      clearTimeout(this.pongTimer);
      if (msg.type === "welcome" || (msg.type === "view" && this.attempt > 0) || (msg.type === "view" && !this.everOpened)) {
        const wasLost = this.lostAt !== null;
        // the welcome names the server's run: another name after a reconnection is a restart
        const restarted = msg.type === "welcome" && !!msg.server && !!this.serverRun && msg.server !== this.serverRun;
        if (msg.type === "welcome" && msg.server) this.serverRun = msg.server;
        this.attempt = 0;
        this.lostAt = null;
        this.everOpened = true;
        this.onState("open", restarted ? { kind: "good", text: "Reconnected after the server restarted: the table is exactly where it was.", restarted: true }
          : wasLost ? { kind: "good", text: "Reconnected: the table is exactly where it was." } : null);
        this.startPing();
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => this.closed(ev);
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  closed(ev) {
    this.stopPing();
    if (this.ws && this.ws !== null) this.ws = null;
    if (this.stopped) return;
    if (ev.code === 4401) {
      this.stopped = true;
      this.onState("closed", { kind: "bad", text: "This link's key does not open a seat at this table (the seat may have been taken over with a new link).", lobby: true });
      return;
    }
    if (ev.code === 4400) {
      this.stopped = true;
      this.onState("closed", { kind: "bad", text: "The server did not understand this page's greeting: reload the page.", lobby: true });
      return;
    }
    if (ev.code === 4410) {
      this.stopped = true;
      this.onState("closed", { kind: "bad", text: "The host deleted this table.", lobby: true });
      return;
    }
    if (ev.code === 4404) {
      this.stopped = true;
      this.onState("closed", { kind: "bad", text: "There is no such table on this server.", lobby: true });
      return;
    }
    if (this.lostAt === null) this.lostAt = Date.now();
    this.rateLimited = ev.code === 4429; // the server's rate limits (PROTOCOL.md): wait and retry
    this.scheduleRetry();
  }

  scheduleRetry() {
    const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    let left = Math.ceil(wait / 1000);
    const say = () =>
      this.onState("closed", {
        kind: "warn",
        text: this.rateLimited
          ? `Too many connections or messages from your address: close some tables. Reconnecting in ${left} s…`
          : `Connection to the table lost (the server may be restarting; nothing you played is lost). Reconnecting in ${left} s…`,
        retry: true,
      });
    say();
    clearInterval(this.countdown);
    this.countdown = setInterval(() => {
      left = Math.max(0, left - 1);
      say();
    }, 1000);
    this.retryTimer = setTimeout(() => {
      clearInterval(this.countdown);
      this.connect();
    }, wait);
  }

  retryNow() {
    clearTimeout(this.retryTimer);
    clearInterval(this.countdown);
    this.connect();
  }

  /** Send a message (the secret is added); false if the socket is not open. */
  send(msg) {
    if (!this.isOpen()) return false;
    const out = { ...msg };
    if (this.secret) out.secret = this.secret;
    this.ws.send(JSON.stringify(out));
    return true;
  }

  startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: "ping" })) return;
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => {
        // no answer: treat the connection as dead and reconnect
        if (this.ws) this.ws.close();
      }, PONG_WITHIN_MS);
    }, PING_EVERY_MS);
  }

  stopPing() {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }
}

/** The view a page holds after an `update` (PROTOCOL.md "Small updates"): every field it carries
 * replaces the held one, the log is kept up to `log_from` and the new lines appended; `chat`
 * (only the first view carries it) is dropped so the chat is not reset. Fields not carried are
 * copied, so each view the page gets is its own, as one parsed from a whole message was. */
export function applyUpdate(view, update) {
  // a deep copy: the page and boards may change what they were given, as they could a fresh view
  const out = structuredClone(view);
  delete out.chat;
  for (const [key, value] of Object.entries(update)) {
    if (key !== "type" && key !== "log" && key !== "log_from") out[key] = value;
  }
  if (update.log_from !== undefined && update.log_from !== null) {
    out.log = (view.log || []).slice(0, update.log_from).concat(update.log || []);
  }
  out.type = "view";
  return out;
}
