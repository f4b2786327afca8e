// Academic Society: how every legal action is made on the board, as a sequence of clicks on pieces.
//
// Each piece the board draws that can be clicked carries a key (data-key): "space:library-1",
// "tr:12", "slot:chemistry:1", "auth:5", "cell:1", "th:physics", ... plan() turns the legal actions
// of a decision into click sequences; Picker follows the clicks of a player and says which pieces
// are legal next, when an action is complete, and when a click is not legal at all.

export const SUBJECT_IDS = ["math", "physics", "astronomy", "chemistry"];

/** The click sequence of one action (before trimming), and whether it may be shortened. */
function stepsFor(obs, seat, a) {
  switch (a.type) {
    case "Declare":
      return { steps: [`rc:${a.tile}:${a.achieve ? "yes" : "no"}`], trim: false };
    case "Place":
      return { steps: [`space:${a.space}`, `pawn:${a.pawn}`], trim: true };
    case "Sabbatical": {
      const row = SUBJECT_IDS.indexOf(a.subject);
      const at = seat === null || seat === undefined ? 0 : (obs.sabbatical[seat] || [])[row] || 0;
      return { steps: [`sab:${a.subject}:${a.advance ? at + 1 : 1}`], trim: false };
    }
    case "TakeTreatise":
      return { steps: [`tr:${a.tile}`, `slot:${a.subject}:${a.slot}`], trim: false };
    case "Spend":
    case "Gain": {
      const steps = [];
      a.counts.forEach((n, i) => { for (let k = 0; k < n; k += 1) steps.push(`th:${SUBJECT_IDS[i]}`); });
      return { steps, trim: false, bag: true };
    }
    case "Move":
      return { steps: [`auth:${a.cell}`, `cell:${a.to}`], trim: false };
    case "Maintain":
      return { steps: [`${a.keep ? "keep" : "lay"}:${a.cell}`], trim: false };
    case "Salon":
      return { steps: [`salon:${a.exchange ? "x" : "i"}`], trim: false };
    case "Bonus":
      return { steps: ["bonus"], trim: false };
    case "Activate":
      return { steps: [`act:${a.tile}`], trim: false };
    case "Done":
      return { steps: ["done"], trim: false };
    default:
      return { steps: [`unknown:${JSON.stringify(a)}`], trim: false };
  }
}

const startsWith = (seq, prefix) => prefix.every((k, i) => seq[i] === k);

/**
 * The gestures of a decision: [{action, text, kind, steps, bag}], one per legal action. A trimmable
 * sequence is cut to its shortest prefix no other action shares (a Place needs the pawn click only
 * when a Secretary could go to the same space).
 */
export function plan(obs, seat, legal) {
  const full = legal.map((l) => ({ ...l, ...stepsFor(obs, seat, l.action) }));
  for (const g of full) {
    if (!g.trim) continue;
    for (let n = 1; n <= g.steps.length; n += 1) {
      const prefix = g.steps.slice(0, n);
      if (full.filter((o) => startsWith(o.steps, prefix)).length === 1) {
        g.steps = prefix;
        break;
      }
    }
  }
  return full;
}

/** Follows the clicks of a player through the gestures of one decision. */
export class Picker {
  constructor(gestures) {
    this.gestures = gestures;
    this.bag = gestures.length > 0 && gestures.every((g) => g.bag);
    this.prefix = [];
  }

  reset() {
    this.prefix = [];
  }

  live() {
    if (this.bag) {
      const have = this.prefix.slice().sort();
      return this.gestures.filter((g) => contains(g.steps, have));
    }
    return this.gestures.filter((g) => startsWith(g.steps, this.prefix));
  }

  /** Keys that are legal as the next click. */
  targets() {
    const out = new Set();
    for (const g of this.live()) {
      if (this.bag) {
        const rest = g.steps.slice();
        for (const k of this.prefix) rest.splice(rest.indexOf(k), 1);
        rest.forEach((k) => out.add(k));
      } else if (g.steps.length > this.prefix.length) {
        out.add(g.steps[this.prefix.length]);
      }
    }
    return out;
  }

  /** Click a key: {status: "illegal"} | {status: "more"} | {status: "done", gesture}. */
  click(key) {
    if (!this.targets().has(key)) return { status: "illegal" };
    this.prefix.push(key);
    const live = this.live();
    const have = this.prefix.slice().sort();
    const done = live.find((g) => (this.bag
      ? g.steps.length === have.length && contains(g.steps, have)
      : g.steps.length === this.prefix.length));
    if (done) {
      this.prefix = [];
      return { status: "done", gesture: done };
    }
    return { status: "more" };
  }
}

function contains(steps, have) {
  const rest = steps.slice();
  for (const k of have) {
    const i = rest.indexOf(k);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

/** The action a click on a key would most plausibly mean, to ask the engine why it is not legal. */
export function guessAction(key, obs, seat) {
  const [kind, a, b] = key.split(":");
  switch (kind) {
    case "space": return { type: "Place", space: a, pawn: "scholar" };
    case "rc": return { type: "Declare", tile: Number(a), achieve: b === "yes" };
    case "keep": case "lay": return { type: "Maintain", cell: Number(a), keep: kind === "keep" };
    case "salon": return { type: "Salon", exchange: a === "x" };
    case "bonus": return { type: "Bonus" };
    case "done": return { type: "Done" };
    case "act": return { type: "Activate", tile: Number(a) };
    case "sab": return { type: "Sabbatical", subject: a, advance: Number(b) > 1 };
    case "auth": return { type: "Move", cell: Number(a), to: Number(a) };
    case "cell": return { type: "Move", cell: Number(a), to: Number(a) };
    case "tr": {
      const row = seat === null || seat === undefined ? [] : obs.presentation[seat];
      return { type: "TakeTreatise", tile: Number(a), subject: "math", slot: row.length ? row[0].length : 0, replace: false };
    }
    default: return null;
  }
}
