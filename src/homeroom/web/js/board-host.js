// Loading a game's board module (the contract is in BOARDS.md): /boards/<game-id>/board.js
// exports createBoard(container, {choose, explain}) returning {update(view), destroy()}.
// Without a module (or if it fails to load) the page uses its generic layout.

export async function loadBoard(gameId, container, hooks, dataSet = null) {
  // a table played with a data set the server offers loads the board from that data set's folder:
  // its components file (fetched or imported relative to board.js) is made from that data
  const base = `/boards/${encodeURIComponent(gameId)}/${dataSet ? `data/${encodeURIComponent(dataSet)}/` : ""}`;
  const url = `${base}board.js`;
  try {
    const probe = await fetch(url);
    if (!probe.ok) return null;
  } catch {
    return null;
  }
  let mod;
  try {
    mod = await import(url);
  } catch (err) {
    console.error(`the board module ${url} failed to load`, err);
    return null;
  }
  if (typeof mod.createBoard !== "function") {
    console.error(`${url} does not export createBoard(container, {choose, explain})`);
    return null;
  }
  try {
    const board = mod.createBoard(container, {
      choose: (action) => hooks.choose(action),
      explain: (action) => hooks.explain(action),
    });
    if (!board || typeof board.update !== "function") {
      console.error(`${url}: createBoard must return {update(view), destroy()}`);
      // the page falls back to its generic layout: whatever the module started is stopped first
      if (board && typeof board.destroy === "function") board.destroy();
      container.replaceChildren();
      return null;
    }
    return board;
  } catch (err) {
    console.error(`${url}: createBoard failed`, err);
    container.replaceChildren();
    return null;
  }
}
