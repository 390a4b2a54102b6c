// The token, the API calls and the connection indicator: every request to the server goes through api() (or, for the
// streams, authHeaders), which asks for the token on a 401 and tries again with it.

import { $, enc } from './helpers.js';

// The token. With --token the API answers 401 until the page sends `Authorization: Bearer …`; the page asks once and
// keeps the token in sessionStorage: for this tab only, gone when it closes.

const TOKEN_KEY = 'appsim.token';
let token = sessionStorage.getItem(TOKEN_KEY);
let tokenRequest = null;

/** Asks for the token (once, however many requests are waiting for it); rejects if the dialog is dismissed. */
export function askForToken(message) {
  if (tokenRequest) return tokenRequest;
  tokenRequest = new Promise((resolve, reject) => {
    const dialog = $('token-dialog');
    const error = $('token-error');
    error.textContent = message || '';
    error.hidden = !message;
    $('token-input').value = '';
    setConnection('token', 'Waiting for the token');
    const submit = (event) => {
      event.preventDefault();
      const value = $('token-input').value.trim();
      if (!value) return;
      token = value;
      sessionStorage.setItem(TOKEN_KEY, value);
      finish();
      resolve();
    };
    const cancel = () => {
      forgetToken(); // none was given, or the one given was refused
      finish();
      setConnection('token', 'This server needs its token');
      showTokenButton('Enter token');
      reject(new ApiError(401, { detail: 'this server needs the token it was started with (--token); choose “Enter token”' }));
    };
    const finish = () => {
      $('token-form').removeEventListener('submit', submit);
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      tokenRequest = null;
      showTokenButton(token ? 'Forget token' : null);
    };
    $('token-form').addEventListener('submit', submit);
    dialog.addEventListener('cancel', cancel);
    dialog.showModal();
    $('token-input').focus();
  });
  return tokenRequest;
}

export function showTokenButton(label) {
  const button = $('token-button');
  button.hidden = !label;
  if (label) button.textContent = label;
}

export function forgetToken() {
  token = null;
  sessionStorage.removeItem(TOKEN_KEY);
}

/** Whether the page has a token to send (the one entered, or kept from earlier in this tab). */
export function hasToken() {
  return Boolean(token);
}

// The API

/** A refusal: the problem JSON (RFC 9457) the server answered, with its `detail` and, for events, `allowedEvents`. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
  }
}

export function authHeaders(headers = {}) {
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** One API call; JSON in and out. Asks for the token on 401 and tries again with it. */
export async function api(method, path, body) {
  for (;;) {
    const headers = authHeaders({ Accept: 'application/json' });
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response;
    try {
      response = await fetch(path, { method, headers, cache: 'no-store', body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new ApiError(0, { title: 'Unreachable', detail: 'the server did not answer: is appsim still running?' });
    }
    if (response.status === 401) {
      await askForToken(token ? 'The server refused that token. Enter the one it was started with.' : '');
      continue;
    }
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { detail: text };
    }
    if (!response.ok) throw new ApiError(response.status, json);
    return json;
  }
}

/** Every item of a paged list (`{items, next}`), following `next`. */
export async function allPages(path, keep = Infinity) {
  let items = [];
  let after = null;
  for (;;) {
    const page = await api('GET', `${path}${path.includes('?') ? '&' : '?'}limit=1000${after === null ? '' : `&after=${enc(after)}`}`);
    items = items.concat(page.items);
    if (items.length > keep) items = items.slice(-keep);
    if (page.next === null || page.next === undefined) return items;
    after = String(page.next);
  }
}

// The connection indicator: the token asked for, the streams followed (streams.js), or neither.

export function setConnection(stateName, text) {
  const node = $('connection');
  node.dataset.state = stateName;
  node.textContent = text;
}
