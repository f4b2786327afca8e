// Seat colours, each with its own shape, so players who cannot tell the colours apart can still
// tell the seats apart (circle, triangle, square, diamond, star), and small SVG icons.
import { svg } from "./dom.js";

export const SEAT_COLOURS = ["red", "blue", "green", "yellow", "purple"];
export const SEAT_SHAPES = ["circle", "triangle", "square", "diamond", "star"];

const SHAPES = {
  circle: () => svg("circle", { cx: 12, cy: 12, r: 9 }),
  triangle: () => svg("path", { d: "M12 2.8 L21.6 20 H2.4 Z" }),
  square: () => svg("rect", { x: 3.5, y: 3.5, width: 17, height: 17, rx: 2 }),
  diamond: () => svg("path", { d: "M12 1.8 L22.2 12 L12 22.2 L1.8 12 Z" }),
  star: () => svg("path", { d: "M12 1.8l3 6.9 7.4.6-5.6 4.9 1.7 7.3L12 17.6l-6.5 3.9 1.7-7.3L1.6 9.3 9 8.7z" }),
};

/** The seat's symbol: its shape filled with its colour (class seat-N sets --seat). */
export function seatSymbol(seat, title) {
  const n = ((seat ?? 0) % 5 + 5) % 5;
  const shape = SHAPES[SEAT_SHAPES[n]]();
  shape.setAttribute("fill", "var(--seat)");
  shape.setAttribute("stroke", "rgba(0,0,0,0.35)");
  shape.setAttribute("stroke-width", "1.2");
  const el = svg("svg", { viewBox: "0 0 24 24", class: `sym seat-${n}`, role: "img", "aria-label": title || seatColourName(n) });
  const t = svg("title");
  t.textContent = title || seatColourName(n);
  el.appendChild(t);
  el.appendChild(shape);
  return el;
}

export function seatColourName(seat) {
  const n = ((seat ?? 0) % 5 + 5) % 5;
  return `${SEAT_COLOURS[n]} ${SEAT_SHAPES[n]}`;
}

export function seatClass(seat) {
  return `seat-${((seat ?? 0) % 5 + 5) % 5}`;
}

const ICONS = {
  // path data for 24x24 icons (stroke style)
  copy: "M9 9h10v12H9zM5 15V3h10",
  undo: "M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3",
  bot: "M5 8h14v11H5zM12 8V4M9 13h.01M15 13h.01M9 16h6",
  eye: "M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  trophy: "M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H3v2a4 4 0 0 0 4 4M17 6h4v2a4 4 0 0 1-4 4",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2",
  back: "M15 18l-6-6 6-6",
  play: "M6 4l14 8-14 8z",
  link: "M10 14a4 4 0 0 0 5.6 0l3-3a4 4 0 0 0-5.6-5.6l-1 1M14 10a4 4 0 0 0-5.6 0l-3 3a4 4 0 0 0 5.6 5.6l1-1",
  first: "M6 5v14M18 6l-8 6 8 6z",
  prev: "M16 6l-8 6 8 6z",
  next: "M8 6l8 6-8 6z",
  last: "M18 5v14M6 6l8 6-8 6z",
  help: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01",
};

export function icon(name, cls = "") {
  return svg(
    "svg",
    { viewBox: "0 0 24 24", width: 16, height: 16, class: `icon ${cls}`, fill: "none", stroke: "currentColor",
      "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round", "aria-hidden": "true" },
    svg("path", { d: ICONS[name] }),
  );
}

/** The homeroom logo: a school bell on a chalkboard-blue tile. */
export function logo() {
  return svg(
    "svg",
    { viewBox: "0 0 32 32", "aria-hidden": "true" },
    svg("rect", { x: 1, y: 1, width: 30, height: 30, rx: 7, fill: "#e0a526" }),
    svg("path", { d: "M16 6c-4 0-6.5 3-6.5 7v5l-2.5 3h18l-2.5-3v-5c0-4-2.5-7-6.5-7z", fill: "#1f3a5f" }),
    svg("circle", { cx: 16, cy: 24.5, r: 2.2, fill: "#1f3a5f" }),
  );
}

/** A game's accent colour for its card in the lobby. */
export function gameAccent(gameId) {
  const known = { "class-of-89": "#c8414c", "academic-society": "#2a78a8", "high-school-drama": "#7b57a8" };
  if (known[gameId]) return known[gameId];
  let hash = 0;
  for (const ch of String(gameId)) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return `hsl(${Math.abs(hash) % 360} 45% 45%)`;
}
