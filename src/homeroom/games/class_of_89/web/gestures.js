// Every legal action as the clicks on the board that make it: a list of piece keys. The board
// highlights the next keys of the actions that start with what was clicked so far and sends the
// action whose whole gesture has been clicked. Keys name pieces:
//   member:<m>            a team member in your supply          space:<loc>:<cost> / space:entrance
//   card:<id>             a card or tile (school mat, drawn)    cell:<n> class-photo cell 0-19
//   grid:<n>              a Wildcat Way cell (a tile's top-left) staff  your staff section
//   sup:<k> / storage     a Senior Superlative / token storage  store:<token> a stored token
//   tok:<target>:<token>  a token on a student (paid move)      ability  your placed member's action
//   buy / refresh         the location's signature action       entrance-take  the School Entrance
//   end / forgo           end the turn / forgo it               side:<A|B>  a column board side
//   choose:<token>        a token of the supply (any token)     reward:<choice> a track leader's reward
//   decline               decline / discard the offered thing
import C from "./components.js";

export function targetKey(t) {
  if (t === -1) return "storage";
  if (t >= 100) return `sup:${t - 100}`;
  return `cell:${t}`;
}

/** Where a card or tile taken at `at` lands. */
export function placeKey(card, at) {
  if (card in C.staff) return "staff";
  if (card in C.tiles) return `grid:${at}`;
  return `cell:${at}`;
}

export function gesture(a) {
  switch (a.type) {
    case "ChooseSide": return [`side:${a.side}`];
    case "Place": return [`member:${a.member}`, a.location === "entrance" ? "space:entrance" : `space:${a.location}:${a.cost}`];
    case "Take": return [`card:${a.card}`, placeKey(a.card, a.at)];
    case "Keep": return [`card:${a.card}`, placeKey(a.card, a.at)];
    case "Photograph": return ["ability", `card:${a.card}`, placeKey(a.card, a.at)];
    case "TakeEntrance": return ["entrance-take"];
    case "BuyToken": return ["buy"];
    case "Refresh": return ["refresh"];
    case "UseMember": return ["ability"];
    case "Unstore": return [`store:${a.token}`, targetKey(a.target)];
    case "ShiftToken": return [`tok:${targetKey(a.source)}:${a.token}`];
    case "EndTurn": return ["end"];
    case "Forgo": return ["forgo"];
    case "ChooseToken": return [`choose:${a.token}`];
    case "PutToken": return [targetKey(a.target)];
    case "PlaceOneByOne": return [`grid:${a.at}`];
    case "Decline": return ["decline"];
    case "Reward": return [`reward:${a.choice}`];
    default: return [`unknown:${JSON.stringify(a)}`];
  }
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const startsWith = (g, sel) => sel.length <= g.length && sel.every((x, i) => x === g[i]);

/** The state of a selection: legal entries still possible, the keys clickable next, the finished one. */
export function step(legal, sel) {
  const live = legal.filter((l) => startsWith(gesture(l.action), sel));
  const next = new Set();
  let done = null;
  for (const l of live) {
    const g = gesture(l.action);
    if (g.length === sel.length) done = l;
    else next.add(g[sel.length]);
  }
  return { live, next, done };
}

/** A board action a click proposes although it is not legal (to ask the engine why), or null. */
export function propose(obs, sel, key, seat) {
  const [kind, a, b] = key.split(":");
  const first = sel[0] || "";
  const book = seat !== null && obs.books[seat];
  if (kind === "space") {
    const member = first.startsWith("member:") ? first.slice(7)
      : (book ? C.members.find((m) => !book.used.includes(m)) || "editor" : "editor");
    return a === "entrance" ? { type: "Place", member, location: "entrance", cost: 0 }
      : { type: "Place", member, location: a, cost: Number(b) };
  }
  if (kind === "member") return null;
  if (kind === "card") {
    const cls = obs.pending.length ? "Keep" : "Take";
    return { type: cls, card: a, at: 0, abc: false };
  }
  if ((kind === "cell" || kind === "grid" || kind === "staff") && first.startsWith("card:")) {
    const card = first.slice(5);
    const at = kind === "staff" ? 0 : Number(a);
    const cls = obs.pending.length ? "Keep" : "Take";
    return { type: cls, card, at, abc: false };
  }
  if (kind === "buy") return { type: "BuyToken", token: obs.location >= 0 && obs.location < 5 ? C.locations[obs.location].token : "" };
  if (kind === "refresh") return { type: "Refresh" };
  if (kind === "end") return { type: "EndTurn" };
  if (kind === "entrance-take") return { type: "TakeEntrance" };
  if (kind === "side") return { type: "ChooseSide", side: a };
  return null;
}

export { same };
