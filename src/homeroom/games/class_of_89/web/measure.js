// How far each yearbook is along each club objective: a port of scoring.measure() (checked against
// the Python by tests/web/test_board_co89.py), so a player sees where every seat stands against
// MIN / T1 / T2 while planning, not only at the end.
import C from "./components.js";

const COLS = 5;
const ROWS = 4;

export const isTeacher = (card) => !!card && card in C.teachers;
const isStudent = (card) => !!card && card in C.students;

/** The initial at a cell as a letter code, or 0 (teacher, empty, covered by an ABC token). */
function letterAt(book, s) {
  const card = book.photo[s];
  if (!card || book.abc_slots.includes(s) || !isStudent(card)) return 0;
  return C.students[card].letter.charCodeAt(0);
}

/** Each class as [teacherSlot, studentSlots]. */
export function classes(book) {
  const out = [];
  book.photo.forEach((c, s) => {
    if (!c) return;
    if (isTeacher(c)) out.push([s, []]);
    else if (out.length) out[out.length - 1][1].push(s);
  });
  return out;
}

export function neighbours(s) {
  const r = Math.floor(s / COLS), c = s % COLS, out = [];
  if (r > 0) out.push(s - COLS);
  if (r < ROWS - 1) out.push(s + COLS);
  if (c > 0) out.push(s - 1);
  if (c < COLS - 1) out.push(s + 1);
  return out;
}

function sequentialPairs(book, studs) {
  const out = [];
  for (let i = 0; i + 1 < studs.length; i++) {
    const a = letterAt(book, studs[i]), b = letterAt(book, studs[i + 1]);
    out.push(!!(a && b && b === a + 1));
  }
  return out;
}

const count = (list, x) => list.filter((y) => y === x).length;

export function measure(book, m) {
  const photo = book.photo, tokens = book.tokens;
  const studs = photo.map((c, s) => (c && !isTeacher(c) ? s : -1)).filter((s) => s >= 0);
  const allTokenLists = [...studs.map((s) => tokens[s]), ...book.superlatives.map((x) => x.tokens)];
  switch (m.kind) {
    case "students_token_same_class":
      return Math.max(0, ...classes(book).map(([, st]) => st.filter((s) => tokens[s].includes(m.token)).length));
    case "tokens_same_row": {
      let best = 0;
      for (let r = 0; r < ROWS; r++) {
        let n = 0;
        for (let c = 0; c < COLS; c++) n += count(tokens[r * COLS + c], m.token);
        best = Math.max(best, n);
      }
      return best;
    }
    case "tokens_same_column": {
      let best = 0;
      for (let c = 0; c < COLS; c++) {
        let n = 0;
        for (let r = 0; r < ROWS; r++) n += count(tokens[r * COLS + c], m.token);
        best = Math.max(best, n);
      }
      return best;
    }
    case "connected_students_token": {
      const have = new Set(studs.filter((s) => tokens[s].includes(m.token)));
      let best = 0;
      while (have.size) {
        const first = have.values().next().value;
        have.delete(first);
        const stack = [first];
        let size = 0;
        while (stack.length) {
          const s = stack.pop();
          size++;
          for (const n of neighbours(s)) if (have.has(n)) { have.delete(n); stack.push(n); }
        }
        best = Math.max(best, size);
      }
      return best;
    }
    case "students_many_tokens":
      return allTokenLists.filter((t) => count(t, m.token) >= m.at_least).length;
    case "full_classes": {
      let n = 0;
      for (const [t, st] of classes(book)) {
        if (st.length < m.students) continue;
        let full = true;
        for (let s = t; s <= st[st.length - 1]; s++) if (!photo[s]) full = false;
        if (full) n++;
      }
      return n;
    }
    case "tokens_adjacent_teacher":
      return studs.filter((s) => neighbours(s).some((n) => isTeacher(photo[n])))
        .reduce((a, s) => a + count(tokens[s], m.token), 0);
    case "tokens_adjacent_token":
      return studs.filter((s) => neighbours(s).some((n) => photo[n] && tokens[n].includes(m.other)))
        .reduce((a, s) => a + count(tokens[s], m.token), 0);
    case "alphabetical_runs": {
      let runs = 0;
      for (const [, st] of classes(book)) {
        let length = 1;
        for (const ok of [...sequentialPairs(book, st), false]) {
          if (ok) length++;
          else { if (length >= m.length) runs++; length = 1; }
        }
      }
      return runs;
    }
    default:
      return 0;
  }
}

/** Club of the half-icon on a card's side ('' if none: a teacher has only a right one). */
export function halfIcon(card, side) {
  if (!card) return "";
  if (card in C.students) return C.students[card][side];
  if (card in C.teachers && side === "right") return C.teachers[card].right;
  return "";
}

/** Matched half-icon pairs as [slotOfRightCard, club] in reading order (across the row wrap too). */
export function pairs(book) {
  const out = [];
  for (let s = 1; s < book.photo.length; s++) {
    const a = book.photo[s - 1], b = book.photo[s];
    if (!a || !b) continue;
    const club = halfIcon(b, "left");
    if (club && club === halfIcon(a, "right")) out.push([s, club]);
  }
  return out;
}
