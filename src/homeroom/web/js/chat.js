// The table chat panel (#chat-panel): the lines kept with the table arrive in the first view after
// hello, each new one as a `chat` message (PROTOCOL.md). Seats and the host write; spectators read.
// Names and lines are inserted as text, never markup. Mute hides the lines (and counts the new ones)
// and is remembered in this browser.
import { $, fill, h } from "./dom.js";
import * as store from "./store.js";
import { seatClass } from "./seats.js";

const MAX_CHARS = 500; // the server's limit (homeroom.server.chat.CHAT_CHARS)
const KEEP = 200; // lines kept on screen, as on the server

export class Chat {
  /** send(message) -> bool sends over the table's socket (false when it is not open). */
  constructor(send) {
    this.send = send;
    this.lines = [];
    this.unread = 0;
    this.muted = !!store.prefs().chatMuted;
    $("#chat-input").maxLength = MAX_CHARS;
    $("#chat-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    $("#chat-mute").addEventListener("click", () => this.setMuted(!this.muted));
    this.setMuted(this.muted);
  }

  /** The first view after hello: its `chat` lines replace what is shown; role and archived decide writing. */
  onView(view) {
    if (Array.isArray(view.chat)) {
      this.lines = view.chat.slice(-KEEP);
      this.unread = 0;
      this.render();
    }
    const writer = view.role === "seat" || view.role === "host";
    const open = writer && !view.archived;
    $("#chat-form").classList.toggle("hidden", !open);
    const note = $("#chat-readonly");
    note.textContent = view.archived ? "This table is archived: its chat can be read, not written."
      : writer ? "" : "Spectators read the chat; the players and the host write.";
    note.classList.toggle("hidden", open);
  }

  /** A `chat` message: one new line. */
  onLine(line) {
    if (!line || this.lines.some((l) => l.id === line.id)) return;
    this.lines.push(line);
    if (this.lines.length > KEEP) this.lines.shift();
    if (this.muted) this.unread += 1;
    this.render();
  }

  submit() {
    const input = $("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    if (this.send({ type: "chat", text })) input.value = "";
  }

  setMuted(muted) {
    this.muted = muted;
    store.setPref("chatMuted", muted);
    if (!muted) this.unread = 0;
    const btn = $("#chat-mute");
    btn.textContent = muted ? "Unmute" : "Mute";
    btn.setAttribute("aria-pressed", String(muted));
    btn.title = muted ? "Show the chat again" : "Hide the chat's lines (remembered in this browser)";
    this.render();
  }

  render() {
    const list = $("#chat-lines");
    list.classList.toggle("hidden", this.muted);
    const note = $("#chat-muted");
    note.classList.toggle("hidden", !this.muted);
    note.textContent = this.unread ? `Chat muted: ${this.unread} new line${this.unread === 1 ? "" : "s"}.` : "Chat muted.";
    if (this.muted) return;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    fill(list, this.lines.map((l) => h(`li.${l.seat === null || l.seat === undefined ? "host" : seatClass(l.seat)}`,
      { title: new Date(l.at * 1000).toLocaleString() },
      h("strong.who", l.role === "host" ? "Host" : l.name), " ", h("span.text", l.text))));
    if (!this.lines.length) list.appendChild(h("li.empty", "No messages yet."));
    if (atBottom || this.lines.length <= 1) list.scrollTop = list.scrollHeight;
  }
}
