// A game's options in its rulebook's words (issue 31): the label and value words each OptionSpec
// declares (GET /api/games: label, value_labels, seat_choice), for the lobby's create form, the
// lobby's table list and the table page. Never shows an option's id or a raw value such as "0".
import { h } from "./dom.js";

/** The option's name as pages show it. */
export function optionLabel(spec) {
  return spec.label || String(spec.description || "").split(":")[0] || "Option";
}

/** Words for one value of an option; `names` (seat names, seat 0 first) name a chosen seat. */
export function valueLabel(spec, value, names = []) {
  const hit = (spec.value_labels || []).find(([v]) => String(v) === String(value));
  if (hit) return hit[1];
  if (spec.seat_choice && Number(value) >= 1) {
    const n = Number(value);
    const name = names[n - 1];
    return name ? `Seat ${n} (${name})` : `Seat ${n}`;
  }
  if (typeof spec.default === "boolean") return value ? optionLabel(spec) : `Not: ${optionLabel(spec)}`;
  if (typeof value === "number") return `${optionLabel(spec)}: ${value}`;
  return String(value);
}

/** How a chosen value reads in a list of the table's rules: "Club objective set B", "Seat 2 (Ben)
 * starts", "Take a second ABC token (easier)". */
export function describe(spec, value, names = []) {
  if (typeof spec.default === "boolean") {
    return value ? optionLabel(spec) : valueLabel(spec, false, names);
  }
  if (spec.seat_choice && Number(value) >= 1) return `${valueLabel(spec, value, names)} starts`;
  return valueLabel(spec, value, names);
}

/** [spec, value] for a table's options that differ from the game's defaults (variant expanded). */
export function chosen(game, options) {
  const opts = { ...(options || {}) };
  const variant = opts.variant ? (game.variants || []).find((v) => v.name === opts.variant) : null;
  const values = { ...(variant ? variant.options : {}), ...opts };
  return (game.options || []).filter((s) => s.name in values && values[s.name] !== s.default).map((s) => [s, values[s.name]]);
}

/** One line of text for a table's rules: "Standard rules" or its variant and chosen options. */
export function rulesLine(game, options, names = []) {
  if (!game) return "";
  const variant = options && options.variant ? (game.variants || []).find((v) => v.name === options.variant) : null;
  const parts = chosen(game, options).map(([spec, value]) => describe(spec, value, names));
  if (variant && variant.description) parts.unshift(variant.description);
  return parts.length ? [...new Set(parts)].join(" · ") : "Standard rules";
}

/** The table page's "Rules:" tag for the header (null when nothing to say). */
export function rulesTag(game, summary) {
  if (!game || !summary) return null;
  const names = (summary.seats || []).map((s) => s.name);
  const text = rulesLine(game, summary.options, names);
  return h("span.tag.rules-tag", { title: `This table's rules: ${text}` }, `Rules: ${text}`);
}

/** The <option> list of a choice or seat-choice option for a <select>; `players` caps the seats. */
export function selectChoices(spec, value, players, names = []) {
  let values = Array.isArray(spec.choices) ? spec.choices : [];
  if (spec.seat_choice) {
    const top = Math.min(spec.maximum ?? players, players);
    values = [];
    for (let v = spec.minimum ?? 0; v <= top; v++) values.push(v);
  }
  return values.map((c) => h("option", { value: String(c), selected: String(c) === String(value) }, valueLabel(spec, c, names)));
}
