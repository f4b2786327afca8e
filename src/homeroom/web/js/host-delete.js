// The host's "Delete table" button (in the host's menu, the Invite links dialog): asks for
// confirmation, then DELETE /api/tables/{id} with the host secret (PROTOCOL.md). The server tells
// every page at the table and closes its connection; this page forgets the table and goes to the lobby.
import { $, toast } from "./dom.js";
import * as API from "./api.js";
import * as store from "./store.js";

export function setupDelete(tableId, hostSecret) {
  const btn = $("#delete-btn");
  if (!hostSecret || !btn) return;
  btn.classList.remove("hidden");
  btn.addEventListener("click", async () => {
    const sure = window.confirm("Delete this table for everyone? Its game, seats and chat are removed for good, "
      + "and everyone at it is disconnected.");
    if (!sure) return;
    btn.disabled = true;
    try {
      await API.deleteTable(tableId, hostSecret);
    } catch (e) {
      btn.disabled = false;
      toast(`Could not delete the table: ${e.message}`, "error", 7000);
      return;
    }
    store.forgetTable(tableId);
    location.assign("/");
  });
}
