// "Why not?": asking the server why a move is not allowed, for the board and the Why panel.
import { $, fill, h } from "../dom.js";
import * as learn from "../learn.js";
import * as announce from "../announce.js";
import { actionKey, myTurn, page } from "./page.js";

// ------------------------------------------------------------------ why not?
export function explain(action) {
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

export function rememberOffered(view) {
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

export async function askWhy(ev) {
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

export function showWhy(kind, text) {
  const out = $("#why-result");
  out.className = `why-result ${kind}`;
  fill(out, learn.linkReason(text));
}

