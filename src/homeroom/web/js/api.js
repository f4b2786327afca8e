// HTTP calls to the homeroom server (see homeroom/server/PROTOCOL.md). Errors become exceptions
// carrying the server's one-line reason.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

export async function api(method, path, { body, secret } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (secret) headers.Authorization = `Bearer ${secret}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError("the server cannot be reached (it may be restarting); try again in a moment", 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const reason = data && typeof data.error === "string" ? data.error : `${res.status} ${res.statusText}`;
    throw new ApiError(reason, res.status);
  }
  return data;
}

export const getGames = () => api("GET", "/api/games");
export const listTables = () => api("GET", "/api/tables");
export const tableSummary = (id) => api("GET", `/api/tables/${encodeURIComponent(id)}`);
export const createTable = (body) => api("POST", "/api/tables", { body });
export const joinTable = (id, seat, name) =>
  api("POST", `/api/tables/${encodeURIComponent(id)}/join`, { body: { seat, name } });
export const myTables = (secrets) => api("POST", "/api/my-tables", { body: { secrets } });
export const viewAt = (id, step, secret) =>
  api("GET", `/api/tables/${encodeURIComponent(id)}/view?step=${encodeURIComponent(step)}`, { secret });
export const setSeatKind = (id, seat, kind, hostSecret) =>
  api("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { body: { kind }, secret: hostSecret });
export const reopenSeat = (id, seat, hostSecret) =>
  api("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/open`, { secret: hostSecret });
export const deleteTable = (id, hostSecret) => api("DELETE", `/api/tables/${encodeURIComponent(id)}`, { secret: hostSecret });
export const rematch = (id, secret) =>
  api("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { secret });
