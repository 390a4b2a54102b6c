// The appsim dashboard: plain JavaScript served by appsim itself (Dashboard.swift), no build step, nothing from any
// other host. It reads and changes everything through the public REST API (openapi.yaml) and follows it live through
// the device and instance event streams: no polling, no reloads.

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

const $ = (id) => document.getElementById(id);

/** An element with attributes and children (strings become text nodes: data is never parsed as HTML). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : value);
  }
  node.append(...present(children));
  return node;
}

/** Children to insert, without the absent ones (`append(null)` would insert the text "null"). */
const present = (children) => children.flat().filter((child) => child !== null && child !== undefined && child !== false);

/** Replaces a node's children. */
const fill = (node, ...children) => node.replaceChildren(...present(children));

/** Renders a list of buttons again without losing the keyboard focus: the button with the same `data-key` gets it
 *  back (the lists are redrawn whenever the streams say something changed). */
function keepingFocus(container, render) {
  const key = container.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;
  render();
  if (key !== undefined) container.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const enc = encodeURIComponent;

/** Device time (milliseconds) for people: `5.000 s`, `1:05.000`, `2:01:05.000`. */
function formatTime(ms) {
  if (ms === null || ms === undefined) return '–';
  const total = ms / 1000;
  if (total < 60) return `${total.toFixed(3)} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = (total % 60).toFixed(3).padStart(6, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const formatJSON = (value) => (value === null || value === undefined ? 'null' : JSON.stringify(value, null, 2));

const XCUI_STATES = { 1: 'notRunning', 2: 'runningBackgroundSuspended', 3: 'runningBackground', 4: 'runningForeground' };

function stateBadge(state) {
  return el('span', { class: `badge state-${state}` }, state);
}

// ---------------------------------------------------------------------------------------------------------------
// The token. With --token the API answers 401 until the page sends `Authorization: Bearer …`; the page asks once and
// keeps the token in sessionStorage: for this tab only, gone when it closes.

const TOKEN_KEY = 'appsim.token';
let token = sessionStorage.getItem(TOKEN_KEY);
let tokenRequest = null;

/** Asks for the token (once, however many requests are waiting for it); rejects if the dialog is dismissed. */
function askForToken(message) {
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

function showTokenButton(label) {
  const button = $('token-button');
  button.hidden = !label;
  if (label) button.textContent = label;
}

function forgetToken() {
  token = null;
  sessionStorage.removeItem(TOKEN_KEY);
}

$('token-button').addEventListener('click', () => {
  if (token) {
    forgetToken();
    location.reload();
  } else {
    askForToken().then(start, () => {});
  }
});

// ---------------------------------------------------------------------------------------------------------------
// The API

/** A refusal: the problem JSON (RFC 9457) the server answered, with its `detail` and, for events, `allowedEvents`. */
class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
  }
}

function authHeaders(headers = {}) {
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** One API call; JSON in and out. Asks for the token on 401 and tries again with it. */
async function api(method, path, body) {
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
async function allPages(path, keep = Infinity) {
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

// ---------------------------------------------------------------------------------------------------------------
// Server-Sent Events.
//
// The streams are read with fetch() and a ReadableStream rather than EventSource, because EventSource cannot send the
// Authorization header. The other way, the token in the URL (`?access_token=`, RFC 6750 §2.3), would put the token
// where URLs go (proxy logs, the browser's network log, copied links) and give the server a second way to check it;
// RFC 6750 itself advises against it where a header is possible. fetch also shows why a stream failed (401 asks for
// the token, 404 means the device or app is gone), where EventSource only says "error". Like EventSource, it
// reconnects after the server's `retry` and sends Last-Event-ID, so the server resumes with no gap or duplicate.
//
// A browser holds at most six connections to one server, across all its tabs, and each open stream keeps one: a tab
// that is hidden lets go of its streams and resumes them (from Last-Event-ID) when it is shown again, so that a few
// forgotten tabs cannot leave the others without connections.

const openStreams = new Set();

class EventStream {
  constructor(path, { lastEventId = null, onMessage, onGone, onState }) {
    Object.assign(this, { path, lastEventId, onMessage, onGone, onState });
    this.retry = 1000;
    this.abort = null;
    this.closed = false;
    this.paused = document.hidden;
    this.wake = null;
    openStreams.add(this);
    this.run();
  }

  close() {
    this.closed = true;
    openStreams.delete(this);
    this.abort?.abort();
    this.wake?.();
  }

  pause() {
    this.paused = true;
    this.abort?.abort();
  }

  resume() {
    this.paused = false;
    this.wake?.();
  }

  async run() {
    while (!this.closed) {
      if (this.paused) {
        this.onState?.('paused');
        await new Promise((resolve) => { this.wake = resolve; });
        continue;
      }
      this.abort = new AbortController();
      try {
        const headers = authHeaders({ Accept: 'text/event-stream' });
        if (this.lastEventId !== null) headers['Last-Event-ID'] = String(this.lastEventId);
        const response = await fetch(this.path, { headers, cache: 'no-store', signal: this.abort.signal });
        if (response.status === 401) {
          await askForToken(token ? 'The server refused that token. Enter the one it was started with.' : '');
          continue;
        }
        if (response.status === 404) {
          this.onGone?.();
          return;
        }
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        this.onState?.('live');
        await this.read(response.body);
      } catch (error) {
        if (this.closed) return;
        if (error instanceof ApiError) {
          this.onState?.('token');
          return;
        }
      }
      if (this.closed) return;
      if (this.paused) continue;
      this.onState?.('reconnecting');
      await sleep(this.retry);
    }
  }

  /** Parses the stream as the EventSource specification does: fields until a blank line, then one message. */
  async read(body) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let type = '';
    let data = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        if (line === '') {
          if (data.length) this.onMessage(type || 'message', data.join('\n'));
          type = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue; // a comment: the opening line and the heartbeat
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const fieldValue = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') type = fieldValue;
        else if (field === 'data') data.push(fieldValue);
        else if (field === 'id') this.lastEventId = fieldValue;
        else if (field === 'retry' && /^\d+$/.test(fieldValue)) this.retry = Number(fieldValue);
      }
    }
  }
}

document.addEventListener('visibilitychange', () => {
  for (const stream of openStreams) {
    if (document.hidden) stream.pause();
    else stream.resume();
  }
});

const streamStates = new Map();

function streamState(name, value) {
  if (value === null) streamStates.delete(name);
  else streamStates.set(name, value);
  const values = [...streamStates.values()];
  if (values.includes('token')) setConnection('token', 'This server needs its token');
  else if (values.includes('reconnecting')) setConnection('reconnecting', 'Reconnecting to the server…');
  else if (values.length && values.every((value) => value === 'paused')) setConnection('idle', 'Paused while the tab is hidden');
  else if (values.length) {
    const watched = [view.deviceId && `device ${view.deviceId}`, view.appId && `app ${view.appId}`].filter(Boolean);
    setConnection('live', `Live: following ${watched.join(' and ')}`);
  } else {
    setConnection('idle', 'Not watching anything yet');
  }
}

function setConnection(stateName, text) {
  const node = $('connection');
  node.dataset.state = stateName;
  node.textContent = text;
}

// ---------------------------------------------------------------------------------------------------------------
// Events: what each takes. A hand-written table of openapi.yaml's event schemas.

const firstScene = (app) => app?.scenes?.[0]?.id ?? '';
const firstTaskIdentifier = (app) => app?.info.taskIdentifiers?.[0] ?? '';

const APP_EVENTS = 'App events (the user or the system)';
const APP_ACTIONS = "App actions (the app's own code)";
const DEVICE_EVENTS = 'Device events (the whole device)';

const EVENTS = [
  { type: 'launch', group: APP_EVENTS },
  { type: 'home', group: APP_EVENTS },
  {
    type: 'openURL', group: APP_EVENTS, fields: [
      { name: 'url', label: 'URL', required: true, value: (app) => `${app?.info.urlSchemes[0] || 'notes'}://item/1` },
      { name: 'sourceApplication', label: 'Source application (bundle id)', placeholder: 'com.apple.mobilesafari' },
    ],
  },
  { type: 'push', group: APP_EVENTS, fields: [{ name: 'payload', label: 'Payload (JSON with aps)', kind: 'json', required: true, value: '{"aps": {"alert": "Hello"}}' }] },
  { type: 'tapNotification', group: APP_EVENTS },
  { type: 'backgroundFetch', group: APP_EVENTS },
  { type: 'incomingCall', group: APP_EVENTS },
  { type: 'answerCall', group: APP_EVENTS },
  { type: 'declineCall', group: APP_EVENTS },
  { type: 'endCall', group: APP_EVENTS },
  { type: 'alert', group: APP_EVENTS },
  { type: 'dismissAlert', group: APP_EVENTS },
  { type: 'notificationCenter', group: APP_EVENTS },
  { type: 'dismissNotificationCenter', group: APP_EVENTS },
  { type: 'memoryWarning', group: APP_EVENTS, scope: 'app' },
  { type: 'forceQuit', group: APP_EVENTS },
  { type: 'terminate', group: APP_EVENTS },
  { type: 'crash', group: APP_EVENTS, fields: [{ name: 'duringLaunch', label: 'During launch', kind: 'bool' }] },
  { type: 'openScene', group: APP_EVENTS },
  { type: 'closeScene', group: APP_EVENTS, fields: [{ name: 'scene', label: 'Scene', required: true, value: firstScene }] },
  { type: 'disconnectScene', group: APP_EVENTS, fields: [{ name: 'scene', label: 'Scene', required: true, value: firstScene }] },
  {
    type: 'edit', group: APP_ACTIONS, fields: [
      { name: 'memory', label: 'memory: keys to set, null removes one (JSON)', kind: 'json', value: '{"draft": "hello"}' },
      { name: 'ui', label: 'ui: the UI state to preserve (JSON; empty leaves it)', kind: 'json', value: '{"screen": "editor"}' },
      { name: 'scene', label: "Scene whose UI state it is (a scene app's)", value: firstScene },
    ],
  },
  { type: 'beginBackgroundTask', group: APP_ACTIONS, fields: [{ name: 'name', label: 'Task name', value: 'upload' }] },
  { type: 'endBackgroundTask', group: APP_ACTIONS, fields: [{ name: 'taskId', label: 'Task id', kind: 'int', required: true, value: (app) => app?.backgroundTasks[0]?.id ?? '' }] },
  { type: 'completeFetch', group: APP_ACTIONS, fields: [{ name: 'result', label: 'Result', kind: 'choice', options: ['newData', 'noData', 'failed'], required: true }] },
  { type: 'setMinimumFetchInterval', group: APP_ACTIONS, fields: [{ name: 'seconds', label: 'Seconds, or never', kind: 'interval', required: true, value: '0' }] },
  {
    type: 'submitTask', group: APP_ACTIONS, fields: [
      { name: 'identifier', label: 'Identifier (one of info.taskIdentifiers)', required: true, value: firstTaskIdentifier },
      { name: 'kind', label: 'Kind', kind: 'choice', required: true, options: ['appRefresh', 'processing'] },
      { name: 'earliestBeginSeconds', label: 'Earliest begin (seconds from now)', kind: 'number' },
      { name: 'requiresExternalPower', label: 'Requires external power (processing)', kind: 'bool' },
    ],
  },
  { type: 'completeTask', group: APP_ACTIONS, fields: [{ name: 'success', label: 'Success', kind: 'bool', required: true, value: true }] },
  { type: 'lock', group: DEVICE_EVENTS },
  { type: 'unlock', group: DEVICE_EVENTS },
  { type: 'reboot', group: DEVICE_EVENTS },
  { type: 'memoryPressure', group: DEVICE_EVENTS, fields: [{ name: 'freeMB', label: 'Free at least (MB; empty: every suspended app)', kind: 'int' }] },
  { type: 'memoryWarning', group: DEVICE_EVENTS, scope: 'device' },
  { type: 'advanceClock', group: DEVICE_EVENTS, fields: [{ name: 'seconds', label: 'Seconds', kind: 'number', required: true, value: '6' }] },
  { type: 'runTask', group: DEVICE_EVENTS, fields: [{ name: 'identifier', label: 'Task identifier', required: true, value: firstTaskIdentifier }] },
  {
    type: 'orientation', group: DEVICE_EVENTS, fields: [
      { name: 'value', label: 'Orientation', kind: 'choice', required: true, options: ['portrait', 'portraitUpsideDown', 'landscapeLeft', 'landscapeRight', 'faceUp', 'faceDown'] },
    ],
  },
  { type: 'timeChange', group: DEVICE_EVENTS },
  {
    type: 'battery', group: DEVICE_EVENTS, fields: [
      { name: 'level', label: 'Level (0 to 1)', kind: 'number', value: '0.2' },
      { name: 'state', label: 'State', kind: 'choice', options: ['', 'unknown', 'unplugged', 'charging', 'full'] },
    ],
  },
  { type: 'proximity', group: DEVICE_EVENTS, fields: [{ name: 'near', label: 'Near', kind: 'bool', required: true }] },
  { type: 'accessory', group: DEVICE_EVENTS, fields: [{ name: 'connected', label: 'Connected', kind: 'bool', required: true, value: true }] },
  { type: 'display', group: DEVICE_EVENTS, fields: [{ name: 'connected', label: 'Connected', kind: 'bool', required: true, value: true }] },
  { type: 'screenMode', group: DEVICE_EVENTS, fields: [{ name: 'value', label: 'Mode', required: true, value: '1170x2532' }] },
  { type: 'settings', group: DEVICE_EVENTS, fields: [{ name: 'changes', label: 'Changes (JSON object)', kind: 'json', required: true, value: '{"darkMode": true}' }] },
  { type: 'locale', group: DEVICE_EVENTS, fields: [{ name: 'value', label: 'Locale', required: true, value: 'fr_FR' }] },
  { type: 'iCloudAccount', group: DEVICE_EVENTS },
];

/** The events a form offers: an app takes every event (device events go to its device), a device its own only. */
function eventsFor(scope) {
  return EVENTS.filter((event) => (scope === 'device' ? event.group === DEVICE_EVENTS && event.scope !== 'app' : event.scope !== 'device'));
}

/** Fills an event form: a choice of event, its fields, a button. Rebuilt when the event (or the app) changes. */
function buildEventForm(form) {
  const scope = form.dataset.scope;
  const selectId = `${scope}-event-type`;
  const select = el('select', { id: selectId, name: 'type' });
  const groups = new Map();
  for (const event of eventsFor(scope)) {
    if (!groups.has(event.group)) groups.set(event.group, el('optgroup', { label: event.group }));
    groups.get(event.group).append(el('option', { value: event.type }, event.type));
  }
  select.append(...groups.values());
  const fields = el('div', { class: 'event-fields' });
  form.replaceChildren(
    el('div', { class: 'field' }, el('label', { for: selectId }, 'Event'), select),
    fields,
    el('button', { type: 'submit', class: 'primary' }, 'Post event'),
  );
  select.addEventListener('change', () => renderEventFields(form));
  renderEventFields(form);
}

function renderEventFields(form) {
  const scope = form.dataset.scope;
  const type = form.elements.type.value;
  const event = EVENTS.find((candidate) => candidate.type === type && eventsFor(scope).includes(candidate));
  const app = scope === 'app' ? currentApp() : null;
  const container = form.querySelector('.event-fields');
  container.replaceChildren(...(event.fields || []).map((field) => {
    const id = `${scope}-field-${field.name}`;
    const value = typeof field.value === 'function' ? field.value(app) : field.value;
    if (field.kind === 'bool') {
      return el('div', { class: 'field check' },
        el('input', { id, name: field.name, type: 'checkbox', checked: value === true }),
        el('label', { for: id }, field.label));
    }
    const label = el('label', { for: id }, field.label, field.required ? '' : el('span', { class: 'optional' }, ' (optional)'));
    if (field.kind === 'choice') {
      return el('div', { class: 'field' }, label,
        el('select', { id, name: field.name }, field.options.map((option) => el('option', { value: option }, option || '(none)'))));
    }
    if (field.kind === 'json') {
      return el('div', { class: 'field' }, label,
        el('textarea', { id, name: field.name, rows: 2, spellcheck: 'false' }, value ?? ''));
    }
    const number = field.kind === 'int' || field.kind === 'number';
    return el('div', { class: 'field' }, label,
      el('input', { id, name: field.name, value: value ?? '', placeholder: field.placeholder, autocomplete: 'off', spellcheck: 'false',
        type: number ? 'number' : 'text', step: field.kind === 'int' ? '1' : number ? 'any' : undefined }));
  }));
  if (!event.fields?.length) container.append(el('p', { class: 'hint' }, 'This event takes no fields.'));
}

/** The body of the event a form describes; throws a readable error for a field that cannot be read. */
function eventBody(form) {
  const type = form.elements.type.value;
  const event = EVENTS.find((candidate) => candidate.type === type);
  const body = { type };
  for (const field of event.fields || []) {
    const input = form.elements[field.name];
    if (field.kind === 'bool') {
      if (field.required || input.checked) body[field.name] = input.checked;
      continue;
    }
    const text = input.value.trim();
    if (text === '') continue; // absent: the server says if it is needed
    if (field.kind === 'json') {
      try {
        body[field.name] = JSON.parse(text);
      } catch (error) {
        throw new ApiError(0, { detail: `${field.name} is not valid JSON: ${error.message}` });
      }
    } else if (field.kind === 'int' || field.kind === 'number') {
      body[field.name] = Number(text);
    } else if (field.kind === 'interval') {
      body[field.name] = text === 'never' ? 'never' : Number(text);
    } else {
      body[field.name] = text;
    }
  }
  return body;
}

// ---------------------------------------------------------------------------------------------------------------
// The lifecycle diagram, drawn from data. A layout has nodes (with their positions), groups and the edges drawn at
// rest; any other pair of its states can still be marked as the last transition (drawn when it happens). Scene
// activation states (unattached, foregroundInactive, foregroundActive, background) need only a layout of their own
// and the same drawDiagram.

const APP_LIFECYCLE = {
  viewBox: '0 0 420 334',
  size: { width: 124, height: 36 },
  nodes: {
    notRunning: { x: 210, y: 24, label: 'Not running' },
    inactive: { x: 134, y: 126, label: 'Inactive' },
    active: { x: 286, y: 126, label: 'Active' },
    background: { x: 210, y: 224, label: 'Background' },
    suspended: { x: 210, y: 310, label: 'Suspended' },
  },
  groups: [{ label: 'Foreground', x: 56, y: 70, width: 308, height: 102 }],
  edges: [
    { from: 'notRunning', to: 'inactive', bend: 14 },
    { from: 'inactive', to: 'active', bend: 10 },
    { from: 'active', to: 'inactive', bend: 10 },
    { from: 'inactive', to: 'background', bend: 10 },
    { from: 'background', to: 'inactive', bend: 10 },
    { from: 'background', to: 'suspended', bend: 12 },
    { from: 'suspended', to: 'background', bend: 12 },
    { from: 'notRunning', to: 'background', around: 'left' },
    { from: 'background', to: 'notRunning', around: 'right', lane: 0, endOffset: 6 },
    { from: 'suspended', to: 'notRunning', around: 'right', lane: 1, endOffset: -8 },
    // Drawn only as the last transition: a return from suspended, a crash or a termination in the foreground.
    { from: 'suspended', to: 'inactive', bend: 80, onlyWhenLast: true },
    { from: 'active', to: 'notRunning', bend: -50, onlyWhenLast: true },
    { from: 'inactive', to: 'notRunning', bend: 30, onlyWhenLast: true },
  ],
};

const SVG_NS = $('diagram').namespaceURI;
const svg = (tag, attributes = {}, text) => {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
};

/** Where the line from a node's centre towards (x, y) leaves its box. */
function borderPoint(node, size, x, y) {
  const dx = x - node.x;
  const dy = y - node.y;
  const scale = Math.min(size.width / 2 / Math.abs(dx || 1e-9), size.height / 2 / Math.abs(dy || 1e-9));
  return { x: node.x + dx * scale, y: node.y + dy * scale };
}

function edgePath(layout, edge) {
  const a = layout.nodes[edge.from];
  const b = layout.nodes[edge.to];
  const { width, height } = layout.size;
  if (edge.around) {
    // Around the foreground group, on the outside, so as not to cross it.
    const side = edge.around === 'left' ? -1 : 1;
    const outer = a.x + side * (194 + (edge.lane || 0) * 14);
    const start = { x: a.x + (side * width) / 2, y: a.y + (edge.startOffset || 0) };
    const end = { x: b.x + (side * width) / 2, y: b.y + (edge.endOffset || 0) };
    return `M${start.x},${start.y} C${outer},${start.y} ${outer},${end.y} ${end.x},${end.y}`;
  }
  // A quadratic curve bent to its left by `bend`, so that the two directions of a pair run side by side.
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const bend = edge.bend ?? 30;
  const cx = mx + ((b.y - a.y) / length) * bend;
  const cy = my - ((b.x - a.x) / length) * bend;
  const start = borderPoint(a, { width, height }, cx, cy);
  const end = borderPoint(b, { width, height }, cx, cy);
  return `M${start.x.toFixed(1)},${start.y.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${end.x.toFixed(1)},${end.y.toFixed(1)}`;
}

function drawDiagram(target, layout, current, last) {
  const title = target.querySelector('title');
  const desc = target.querySelector('desc');
  const defs = svg('defs');
  for (const [id, className, size] of [['arrow', 'arrow', 9], ['arrow-last', 'arrow last', 13]]) {
    const marker = svg('marker', {
      id, viewBox: '0 0 10 10', refX: '9', refY: '5', markerUnits: 'userSpaceOnUse', markerWidth: size, markerHeight: size, orient: 'auto',
    });
    marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: className }));
    defs.append(marker);
  }
  const parts = [title, desc, defs];
  for (const group of layout.groups) {
    parts.push(svg('rect', { x: group.x, y: group.y, width: group.width, height: group.height, rx: 12, class: 'group' }));
    parts.push(svg('text', { x: group.x + 10, y: group.y + 16, class: 'group-label' }, group.label));
  }
  const isLast = (edge) => Boolean(last) && edge.from === last.from && edge.to === last.to;
  const edges = layout.edges.filter((edge) => !edge.onlyWhenLast || isLast(edge));
  if (last && !edges.some(isLast) && layout.nodes[last.from] && layout.nodes[last.to]) {
    edges.push({ from: last.from, to: last.to, bend: 40, extra: true }); // a pair the layout does not foresee
  }
  for (const edge of edges) {
    const isLastEdge = isLast(edge);
    const line = svg('path', {
      d: edgePath(layout, edge), class: `edge${isLastEdge ? ' last' : ''}${edge.extra || edge.onlyWhenLast ? ' extra' : ''}`,
      'marker-end': `url(#${isLastEdge ? 'arrow-last' : 'arrow'})`,
    });
    line.append(svg('title', {}, `${edge.from} → ${edge.to}`));
    parts.push(line);
  }
  for (const [name, node] of Object.entries(layout.nodes)) {
    const { width, height } = layout.size;
    const group = svg('g', { class: `node state-${name}${name === current ? ' current' : ''}`, 'data-state': name });
    group.append(
      svg('rect', { x: node.x - width / 2, y: node.y - height / 2, width, height, rx: 9 }),
      svg('text', { x: node.x, y: node.y + 5.5, 'text-anchor': 'middle' }, node.label),
    );
    if (name === current) group.setAttribute('aria-current', 'true');
    parts.push(group);
  }
  target.setAttribute('viewBox', layout.viewBox);
  target.replaceChildren(...parts);
  title.textContent = 'Lifecycle state';
  const now = current ? `The app is ${current}.` : '';
  const was = last ? ` Last transition: ${last.from} to ${last.to}${last.name ? `, by ${last.name}` : ''}.` : '';
  desc.textContent = now + was;
}

// ---------------------------------------------------------------------------------------------------------------
// What the page shows

const TIMELINE_KEEP = 500;
const JOURNAL_KEEP = 200;
const DEVICE_PAGE = 20;

const view = {
  devices: { items: [], next: null, previous: [], cursor: null, query: '', generation: 0 },
  deviceId: null,
  device: null,
  deviceAt: 0, // performance.now() when `device` was read, for the device clock shown between reads
  apps: new Map(),
  appsAt: 0,
  appId: null,
  journal: [],
  journalSeq: 0,
  deviceStream: null,
  appStream: null,
  timeline: [],
  pendingRows: [],
  dropped: 0,
  last: null, // the last transition: {from, to, name, seq}
  lastState: null, // the state after the newest callback seen, to find transitions
};

const currentApp = () => (view.appId ? view.apps.get(view.appId) : null);

/** Keeps what is shown in the address (`#device=…&app=…`), so that a reload or a shared link shows it again. */
function setHash(app = view.appId) {
  const parts = [];
  if (view.deviceId) parts.push(`device=${enc(view.deviceId)}`);
  if (app) parts.push(`app=${enc(app)}`);
  const hash = parts.length ? `#${parts.join('&')}` : '';
  if (location.hash !== hash) history.replaceState(null, '', hash || location.pathname);
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { device: params.get('device'), app: params.get('app') };
}

// --- The device list: pages of the server's list; a search reads pages until it has a page of matches.

function matchesDevice(device, query) {
  const q = query.toLowerCase();
  if (device.id.toLowerCase().includes(q) || device.osVersion.toLowerCase().startsWith(q) || `ios ${device.osVersion}`.includes(q)) return true;
  return Object.entries(device.labels || {}).some(([key, value]) => `${key}=${value}`.toLowerCase().includes(q));
}

async function loadDevices(cursor = null) {
  const list = view.devices;
  const generation = ++list.generation;
  const query = $('device-query').value.trim();
  const status = $('device-list-status');
  list.cursor = cursor;
  let items = [];
  let next = null;
  try {
    if (!query) {
      const page = await api('GET', `/v1/devices?limit=${DEVICE_PAGE}${cursor ? `&after=${enc(cursor)}` : ''}`);
      items = page.items;
      next = page.next;
    } else {
      status.textContent = 'Searching…';
      let after = cursor;
      let scanned = 0;
      scan: for (;;) {
        const page = await api('GET', `/v1/devices?limit=500${after ? `&after=${enc(after)}` : ''}`);
        if (generation !== list.generation) return;
        for (const device of page.items) {
          scanned += 1;
          after = device.id;
          if (!matchesDevice(device, query)) continue;
          items.push(device);
          if (items.length === DEVICE_PAGE) {
            next = device.id;
            break scan;
          }
        }
        if (page.next === null) break;
        after = page.next;
      }
      const found = items.length === 1 ? '1 device matches' : `${items.length || 'No'} devices match`;
      status.textContent = `${found} “${query}” (${scanned} searched${next ? ', more on the next page' : ''})`;
    }
  } catch (error) {
    if (generation === list.generation) status.textContent = `Could not list devices: ${error.message}`;
    return;
  }
  if (generation !== list.generation) return;
  list.items = items;
  list.next = next;
  if (!query) status.textContent = items.length ? '' : 'No devices yet: create one with “New device”.';
  if (!query && !items.length && !cursor) $('create-device').open = true;
  renderDeviceList();
}

function renderDeviceList() {
  const list = view.devices;
  keepingFocus($('device-list'), () => $('device-list').replaceChildren(...list.items.map((device) => {
    const shown = device.id === view.deviceId && view.device ? view.device : device;
    const labels = Object.entries(shown.labels || {}).map(([key, value]) => el('span', { class: 'chip' }, `${key}=${value}`));
    return el('li', {},
      el('button', {
        type: 'button', class: 'item', 'aria-current': shown.id === view.deviceId ? 'true' : undefined, 'data-key': shown.id,
        onclick: () => selectDevice(shown.id),
      },
      el('span', { class: 'mono' }, shown.id),
      el('span', { class: 'meta' }, `iOS ${shown.osVersion} · ${shown.clock.mode}${shown.clock.mode === 'realtime' && shown.clock.speed !== 1 ? ` ×${shown.clock.speed}` : ''} · ${shown.instances.length} app${shown.instances.length === 1 ? '' : 's'}${shown.locked ? ' · locked' : ''}`),
      labels.length ? el('span', { class: 'chips' }, labels) : null));
  })));
  $('devices-prev').disabled = list.previous.length === 0;
  $('devices-next').disabled = !list.next;
}

$('devices-next').addEventListener('click', () => {
  view.devices.previous.push(view.devices.cursor);
  loadDevices(view.devices.next);
});
$('devices-prev').addEventListener('click', () => loadDevices(view.devices.previous.pop() ?? null));
$('devices-refresh').addEventListener('click', () => {
  loadDevices(view.devices.cursor);
  scheduleRefresh(); // apps installed elsewhere: an install is no event, so no stream tells it
});
let searchTimer = null;
$('device-query').addEventListener('input', () => {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    view.devices.previous = [];
    loadDevices(null);
  }, 250);
});
$('device-search').addEventListener('submit', (event) => {
  event.preventDefault();
  view.devices.previous = [];
  loadDevices(null);
});

// --- Creating a device

function numberField(form, name) {
  const text = form.elements[name].value.trim();
  return text === '' ? undefined : Number(text);
}

$('device-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const problem = $('device-form-problem');
  problem.hidden = true;
  const body = { osVersion: form.elements.osVersion.value.trim(), memoryMB: numberField(form, 'memoryMB'), passcode: form.elements.passcode.checked };
  body.clock = { mode: form.elements.clockMode.value };
  if (body.clock.mode === 'realtime') body.clock.speed = numberField(form, 'speed');
  const limits = {};
  for (const name of ['suspendDelaySeconds', 'backgroundTaskSeconds', 'launchSeconds', 'backgroundSeconds', 'terminateSeconds', 'fetchSeconds']) {
    const value = numberField(form, name);
    if (value !== undefined) limits[name] = value;
  }
  body.limits = limits;
  const labels = {};
  for (const pair of form.elements.labels.value.split(',')) {
    if (!pair.trim()) continue;
    const [key, ...rest] = pair.split('=');
    labels[key.trim()] = rest.join('=').trim();
  }
  if (Object.keys(labels).length) body.labels = labels;
  try {
    const device = await api('POST', '/v1/devices', body);
    $('create-device').open = false;
    $('device-query').value = '';
    view.devices.previous = [];
    await selectDevice(device.id);
    await loadDevices(null);
    if (!view.devices.items.some((item) => item.id === device.id)) {
      view.devices.items.unshift(device);
      renderDeviceList();
    }
    $('app-bundle').focus();
  } catch (error) {
    showProblem(problem, error);
  }
});

// --- A device: its facts, apps, journal, and its stream

const NO_DEVICE = $('device-empty').textContent;

async function selectDevice(id, appId = null) {
  if (view.deviceStream) view.deviceStream.close();
  if (view.appStream) view.appStream.close();
  streamState('device', null);
  streamState('app', null);
  Object.assign(view, { deviceId: id, device: null, apps: new Map(), appId: null, journal: [], journalSeq: 0, deviceStream: null, appStream: null });
  clearProblem($('device-problem'));
  $('device-status').textContent = '';
  $('device-empty').textContent = NO_DEVICE;
  setHash(appId); // the app asked for stays in the address while the device loads
  renderDeviceList();
  renderDevice();
  renderApp();
  if (!id) return;
  try {
    const device = await api('GET', `/v1/devices/${enc(id)}`);
    if (view.deviceId !== id) return;
    view.device = device;
    view.deviceAt = performance.now();
    const apps = await allPages(`/v1/instances?device=${enc(id)}`);
    if (view.deviceId !== id) return;
    view.apps = new Map(apps.map((app) => [app.id, app]));
    view.appsAt = performance.now();
    const journal = await allPages(`/v1/devices/${enc(id)}/events`, JOURNAL_KEEP);
    if (view.deviceId !== id) return;
    view.journal = journal;
    view.journalSeq = journal.length ? journal.at(-1).seq : 0;
  } catch (error) {
    if (view.deviceId !== id) return;
    if (error.status === 404) {
      view.deviceId = null;
      setHash();
      renderDevice();
      $('device-empty').textContent = `There is no device ${id} (any more). Create one, or pick one from the list.`;
    } else {
      showProblem($('device-problem'), error);
    }
    return;
  }
  $('install').open = view.apps.size === 0;
  renderDevice();
  renderJournal(view.journal, true);
  view.deviceStream = new EventStream(`/v1/devices/${enc(id)}/stream`, {
    lastEventId: Math.max(view.journalSeq, view.device.eventSeq),
    onMessage: (type, data) => { if (type === 'event') deviceMessage(id, JSON.parse(data)); },
    onGone: () => deviceGone(id),
    onState: (value) => streamState('device', value),
  });
  const wanted = appId && view.apps.has(appId) ? appId : view.device.foreground || view.device.instances.at(-1) || null;
  if (wanted) selectApp(wanted, { focus: false });
}

/** A device stream message: an event with its changes and callbacks, committed. */
function deviceMessage(id, message) {
  if (view.deviceId !== id) return;
  for (const change of message.changes) {
    const app = view.apps.get(change.instance);
    if (app) app.state = change.to;
  }
  renderApps();
  if (view.appId) renderDiagram();
  scheduleRefresh();
}

function deviceGone(id) {
  if (view.deviceId !== id) return;
  selectDevice(null);
  $('device-empty').textContent = `Device ${id} was deleted. ${NO_DEVICE}`;
  loadDevices(view.devices.cursor);
}

// Reads the device, its apps and the journal's new entries again after the streams say something changed: a push,
// not a poll. Reads never overlap; changes that arrive during one are read by the next.
const refresher = { running: false, again: false };

async function scheduleRefresh() {
  if (refresher.running) {
    refresher.again = true;
    return;
  }
  refresher.running = true;
  try {
    do {
      refresher.again = false;
      await refreshDevice();
    } while (refresher.again);
  } catch (error) {
    if (error.status !== 404) showProblem($('device-problem'), error);
  } finally {
    refresher.running = false;
  }
}

async function refreshDevice() {
  const id = view.deviceId;
  if (!id) return;
  const [device, apps] = await Promise.all([
    api('GET', `/v1/devices/${enc(id)}`),
    allPages(`/v1/instances?device=${enc(id)}`),
  ]);
  let after = view.journalSeq;
  const entries = [];
  for (;;) {
    const page = await api('GET', `/v1/devices/${enc(id)}/events?after=${after}&limit=1000`);
    entries.push(...page.items);
    if (page.next === null) break;
    after = page.next;
  }
  if (view.deviceId !== id) return;
  view.device = device;
  view.deviceAt = performance.now();
  view.apps = new Map(apps.map((app) => [app.id, app]));
  view.appsAt = performance.now();
  if (entries.length) {
    view.journal = view.journal.concat(entries).slice(-JOURNAL_KEEP);
    view.journalSeq = entries.at(-1).seq;
    renderJournal(entries);
  }
  renderDevice();
  renderDeviceList();
  if (view.appId && !view.apps.has(view.appId)) selectApp(null);
  else renderApp();
}

function fact(term, ...value) {
  return [el('dt', {}, term), el('dd', {}, ...value)];
}

function renderDevice() {
  const device = view.device;
  $('device-empty').hidden = Boolean(view.deviceId);
  $('device-body').hidden = !view.deviceId;
  $('device-title').textContent = view.deviceId ? `Device ${view.deviceId}` : 'Device';
  if (!device) {
    $('device-facts').replaceChildren();
    renderApps();
    return;
  }
  const labels = Object.entries(device.labels || {}).map(([key, value]) => el('span', { class: 'chip' }, `${key}=${value}`));
  $('device-facts').replaceChildren(
    ...fact('iOS', device.osVersion),
    ...fact('Clock', device.clock.mode === 'realtime' ? `realtime ×${device.clock.speed}` : 'manual'),
    ...fact('Device time', el('span', { id: 'device-time', class: 'mono' }, formatTime(device.time))),
    ...fact('Locked', device.locked ? 'yes' : 'no'),
    ...fact('Foreground', device.foreground ? el('span', { class: 'mono' }, device.foreground) : 'none'),
    ...fact('Memory', `${device.usedMemoryMB} of ${device.memoryMB} MB used`),
    ...fact('Orientation', device.orientation),
    ...fact('Call', device.call ? `${device.call.answered ? 'answered' : 'ringing'} over ${device.call.instance}` : 'none'),
    ...fact('Suspend delay', `${device.limits.suspendDelaySeconds} s`),
    ...fact('Background task time', `${device.limits.backgroundTaskSeconds} s`),
    ...(labels.length ? fact('Labels', el('span', { class: 'chips' }, labels)) : []),
  );
  renderApps();
  updateTicker();
}

function renderApps() {
  const apps = [...view.apps.values()];
  $('apps-empty').hidden = apps.length > 0 || !view.device;
  keepingFocus($('apps-list'), () => $('apps-list').replaceChildren(...apps.map((app) => el('li', {},
    el('button', {
      type: 'button', class: 'item', 'aria-current': app.id === view.appId ? 'true' : undefined, 'data-key': app.id,
      onclick: () => selectApp(app.id),
    },
      el('span', {}, el('span', { class: 'mono strong' }, app.id), ' ', el('span', { class: 'meta' }, app.info.bundleId)),
      el('span', { class: 'states' },
        stateBadge(app.state),
        el('span', {}, el('span', { class: 'meta' }, 'applicationState '), app.applicationState),
        el('span', { title: XCUI_STATES[app.xcuiState] }, el('span', { class: 'meta' }, 'xcuiState '), String(app.xcuiState),
          el('span', { class: 'visually-hidden' }, ` (${XCUI_STATES[app.xcuiState]})`))))))));
}

/** Shows journal entries: all of them anew (`reset`), or new ones after those shown. */
function renderJournal(entries, reset = false) {
  const list = $('journal');
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  if (reset) list.replaceChildren();
  for (const entry of entries) {
    const changes = entry.changes.map((change) => `${change.instance} ${change.from} → ${change.to}`).join(', ');
    const body = Object.fromEntries(Object.entries(entry.body || {}).filter(([key]) => key !== 'type'));
    list.append(el('li', {},
      el('span', { class: 'seq' }, `#${entry.seq}`),
      el('span', { class: 'mono strong' }, entry.type),
      el('span', { class: 'meta' }, `at ${formatTime(entry.at)}`),
      entry.instance ? el('span', { class: 'mono meta' }, entry.instance) : null,
      Object.keys(body).length ? el('code', { class: 'body' }, JSON.stringify(body)) : null,
      changes ? el('span', { class: 'changes' }, changes) : null,
      el('span', { class: 'meta' }, `${entry.callbacks.length} callback${entry.callbacks.length === 1 ? '' : 's'}`),
      entry.result ? el('code', { class: 'body' }, `→ ${JSON.stringify(entry.result)}`) : null));
  }
  while (list.children.length > JOURNAL_KEEP) list.firstElementChild.remove();
  if (reset || atEnd) list.scrollTop = list.scrollHeight;
  if (!list.children.length) list.append(el('li', { class: 'empty' }, 'No events yet.'));
  else list.querySelector(':scope > .empty')?.remove();
}

for (const button of document.querySelectorAll('[data-device-event]')) {
  button.addEventListener('click', () => postEvent('device', { type: button.dataset.deviceEvent }));
}

$('clock-form').addEventListener('submit', (event) => {
  event.preventDefault();
  postEvent('device', { type: 'advanceClock', seconds: Number($('clock-seconds').value) });
});

$('delete-device').addEventListener('click', async () => {
  const id = view.deviceId;
  if (!id || !confirm(`Delete device ${id} with its apps, their data and history?`)) return;
  try {
    await api('DELETE', `/v1/devices/${enc(id)}`);
    deviceGone(id);
  } catch (error) {
    showProblem($('device-problem'), error);
  }
});

// --- Installing an app

$('install-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const problem = $('install-problem');
  problem.hidden = true;
  const checked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((input) => input.value);
  const list = (name) => form.elements[name].value.split(',').map((item) => item.trim()).filter(Boolean);
  const info = {
    bundleId: form.elements.bundleId.value.trim(),
    backgroundModes: checked('backgroundModes'),
    exitsOnSuspend: form.elements.exitsOnSuspend.checked,
    urlSchemes: list('urlSchemes'),
    taskIdentifiers: list('taskIdentifiers'),
    userNotifications: form.elements.userNotifications.checked,
    stateRestoration: form.elements.stateRestoration.checked,
    dataProtection: form.elements.dataProtection.checked,
    memoryMB: numberField(form, 'memoryMB'),
    backgroundMemoryMB: numberField(form, 'backgroundMemoryMB'),
  };
  if (form.elements.scenes.checked) info.scenes = { supportsMultiple: form.elements.supportsMultiple.checked };
  const taskSeconds = form.elements.taskSeconds.value.trim();
  const interval = form.elements.minimumFetchInterval.value.trim();
  const behavior = {
    launchSeconds: numberField(form, 'launchSeconds'),
    backgroundSeconds: numberField(form, 'backgroundSeconds'),
    terminateSeconds: numberField(form, 'terminateSeconds'),
    saveOn: checked('saveOn'),
    backgroundTaskSeconds: numberField(form, 'backgroundTaskSeconds'),
    endsTaskOnExpiration: form.elements.endsTaskOnExpiration.checked,
    fetchResult: form.elements.fetchResult.value,
    fetchSeconds: numberField(form, 'fetchSeconds'),
    opensURLs: form.elements.opensURLs.checked,
    minimumFetchInterval: interval === '' || interval === 'never' ? 'never' : Number(interval),
    taskSeconds: taskSeconds === 'manual' ? 'manual' : taskSeconds === '' ? undefined : Number(taskSeconds),
    taskSuccess: form.elements.taskSuccess.checked,
    presentationOptions: checked('presentationOptions'),
  };
  try {
    const app = await api('POST', '/v1/instances', { device: view.deviceId, info, behavior });
    if (view.deviceId !== app.device) return;
    view.apps.set(app.id, app);
    $('install').open = false;
    selectApp(app.id);
    scheduleRefresh(); // an install is no event: the device stream does not tell it
  } catch (error) {
    showProblem(problem, error);
  }
});

// --- An app: state diagram, facts, callbacks, tasks, notifications, data, and its stream

function selectApp(id, { focus = true } = {}) {
  if (view.appStream) view.appStream.close();
  streamState('app', null);
  Object.assign(view, { appId: id, appStream: null, timeline: [], pendingRows: [], dropped: 0, last: null, lastState: null });
  const timeline = $('timeline');
  timeline.replaceChildren();
  timeline.setAttribute('aria-live', 'off'); // the history replayed at first is not read out, only what comes next
  clearProblem($('app-problem'));
  $('app-status').textContent = '';
  setHash();
  renderApps();
  buildEventForm($('app-event-form'));
  renderApp();
  if (!id) return;
  if (focus) $('app-panel').focus();
  view.appStream = new EventStream(`/v1/instances/${enc(id)}/stream`, {
    lastEventId: 0, // replays the history kept, then goes live
    onMessage: (type, data) => appMessage(id, type, JSON.parse(data)),
    onGone: () => {
      if (view.appId !== id) return;
      selectApp(null);
      scheduleRefresh(); // uninstalled elsewhere: no device event says so
    },
    onState: (value) => {
      streamState('app', value);
      if (value === 'live') setTimeout(() => view.appId === id && timeline.setAttribute('aria-live', 'polite'), 500);
    },
  });
}

/** An instance stream message: a callback (`id:` its seq), a state change, or how many old callbacks were dropped. */
function appMessage(id, type, message) {
  if (view.appId !== id) return;
  if (type === 'callback') {
    const from = view.lastState ?? (message.seq === 1 ? 'notRunning' : null);
    if (from && message.state !== from) view.last = { from, to: message.state, name: message.name, seq: message.seq };
    view.lastState = message.state;
    view.timeline.push(message);
    view.pendingRows.push(message);
    if (view.timeline.length > TIMELINE_KEEP) view.timeline.splice(0, view.timeline.length - TIMELINE_KEEP);
    scheduleTimeline();
  } else if (type === 'state') {
    const app = view.apps.get(message.instance);
    if (app) app.state = message.to;
    // A change no callback showed step by step (none should) is still marked.
    if (!view.last || view.last.to !== message.to) view.last = { from: message.from, to: message.to, name: null, seq: null };
    renderApps();
    renderDiagram();
  } else if (type === 'dropped') {
    view.dropped = message.dropped;
    renderTimelineNote();
  }
}

let timelineFrame = null;
function scheduleTimeline() {
  if (timelineFrame === null) timelineFrame = requestAnimationFrame(flushTimeline);
}

function flushTimeline() {
  timelineFrame = null;
  const list = $('timeline');
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  const rows = view.pendingRows.splice(0).slice(-TIMELINE_KEEP).map((callback) => el('li', { class: `kind-${callback.kind}` },
    el('span', { class: 'seq' }, `#${callback.seq}`),
    el('span', { class: 'name mono' }, callback.name),
    el('span', { class: 'then' }, el('span', { class: 'visually-hidden' }, 'then '), stateBadge(callback.state)),
    el('span', { class: 'details' },
      el('span', { class: 'mono' }, formatTime(callback.at)),
      el('span', { class: `kind kind-${callback.kind}` }, callback.kind),
      callback.notification ? el('span', { class: 'note' }, callback.notification) : null,
      el('span', {}, `applicationState ${callback.applicationState}`),
      callback.scene ? el('span', {}, `scene ${callback.scene}`) : null,
      el('span', {}, `event #${callback.event}`),
      callback.args && Object.keys(callback.args).length ? el('code', { class: 'args' }, JSON.stringify(callback.args)) : null)));
  list.append(...rows);
  while (list.children.length > TIMELINE_KEEP) list.firstElementChild.remove();
  if (atEnd) list.scrollTop = list.scrollHeight;
  renderTimelineNote();
  renderDiagram();
}

function renderTimelineNote() {
  const count = view.timeline.length;
  const parts = [];
  if (!count) parts.push('No callbacks yet: launch the app.');
  else if (view.timeline[0].seq > 1) parts.push(`The newest ${count} callbacks; older ones are in GET /v1/instances/${view.appId}/callbacks.`);
  if (view.dropped) parts.push(`${view.dropped} of the oldest are no longer kept (--history-limit).`);
  $('timeline-note').textContent = parts.join(' ');
}

function renderDiagram() {
  const app = currentApp();
  if (!app) return;
  drawDiagram($('diagram'), APP_LIFECYCLE, app.state, view.last);
  const last = view.last;
  fill($('diagram-caption'),
    el('span', {}, 'Now ', stateBadge(app.state)),
    last ? el('span', {}, 'Last transition ', el('strong', {}, `${last.from} → ${last.to}`),
      last.name ? el('span', { class: 'meta' }, ` by ${last.name}${last.seq ? ` (#${last.seq})` : ''}`) : null) : null);
}

function renderApp() {
  const app = currentApp();
  $('app-empty').hidden = Boolean(app);
  $('app-body').hidden = !app;
  $('app-title').textContent = app ? `App ${app.id} · ${app.info.bundleId}` : 'App';
  if (!app) return;
  renderDiagram();
  const info = app.info;
  const tile = (term, ...value) => el('div', {}, ...fact(term, ...value));
  fill($('app-facts'),
    tile('state', stateBadge(app.state)),
    tile('applicationState', app.applicationState),
    tile('xcuiState', String(app.xcuiState), el('span', { class: 'meta small' }, XCUI_STATES[app.xcuiState])),
    tile('Launches', String(app.launchCount)),
    tile('Force-quit', app.forceQuit ? 'yes' : 'no'),
    tile('Memory', `${app.memoryMB} MB`),
    tile('Fetch interval', String(app.minimumFetchInterval)),
    tile('Shown notification', app.shownNotification ? el('code', {}, JSON.stringify(app.shownNotification)) : 'none'),
    tile('Background modes', info.backgroundModes.length ? info.backgroundModes.join(', ') : 'none'),
    tile('URL schemes', info.urlSchemes.length ? info.urlSchemes.join(', ') : 'none'),
    tile('Updated at', formatTime(app.updatedAt)),
  );
  keepingFocus($('tasks'), () => $('tasks').replaceChildren(...app.backgroundTasks.map((task) => el('li', {},
    el('span', { class: 'mono strong' }, `#${task.id}`), ' ', task.name ?? '(unnamed)',
    el('span', { class: 'meta' }, ` · began ${formatTime(task.beganAt)}`),
    el('span', { class: 'meta task-end', 'data-ends': task.endsAt ?? '' }, task.endsAt === null ? ' · runs until ended' : ` · ends ${formatTime(task.endsAt)}`),
    ' ', el('button', {
      type: 'button', class: 'small', 'data-key': task.id, onclick: () => postEvent('app', { type: 'endBackgroundTask', taskId: task.id }),
    }, 'End task')))));
  if (!app.backgroundTasks.length) $('tasks').append(el('li', { class: 'empty' }, 'None.'));
  $('pending').replaceChildren(...app.pendingNotifications.map((item) => el('li', {},
    el('span', { class: 'mono strong' }, item.name),
    item.notification && item.notification !== item.name ? el('span', { class: 'note' }, ` ${item.notification}`) : null,
    el('span', { class: 'meta' }, ` · ${item.kind} · posted ${formatTime(item.postedAt)}`),
    Object.keys(item.args || {}).length ? el('code', { class: 'args' }, ` ${JSON.stringify(item.args)}`) : null)));
  if (!app.pendingNotifications.length) $('pending').append(el('li', { class: 'empty' }, 'None.'));
  $('scenes-card').hidden = !app.scenes;
  fill($('scenes'), (app.scenes || []).map((scene) => el('li', {},
    el('span', { class: 'mono strong' }, scene.id), ' ', el('span', { class: `badge scene-${scene.activationState}` }, scene.activationState),
    el('span', { class: 'meta' }, ` · session ${scene.session}`),
    scene.stateRestorationActivity ? el('code', { class: 'args' }, ` ${JSON.stringify(scene.stateRestorationActivity)}`) : null)));
  if (app.scenes && !app.scenes.length) $('scenes').append(el('li', { class: 'empty' }, 'None connected.'));
  $('task-requests-card').hidden = !app.taskRequests;
  fill($('task-requests'),
    app.runningTask ? el('li', {}, el('span', { class: 'strong' }, 'Running '), el('span', { class: 'mono' }, app.runningTask.identifier),
      el('span', { class: 'meta' }, ` · ${app.runningTask.kind} · started ${formatTime(app.runningTask.startedAt)}${app.runningTask.expiresAt !== null ? ` · expires ${formatTime(app.runningTask.expiresAt)}` : ''}`)) : null,
    (app.taskRequests || []).map((request) => el('li', {}, el('span', { class: 'mono strong' }, request.identifier),
      el('span', { class: 'meta' }, ` · ${request.kind} · not before ${formatTime(request.earliestBeginAt)}${request.requiresExternalPower ? ' · needs power' : ''}`))));
  if (app.taskRequests && !app.taskRequests.length && !app.runningTask) $('task-requests').append(el('li', { class: 'empty' }, 'None submitted.'));
  $('data-memory').textContent = formatJSON(app.data.memory);
  $('data-disk').textContent = formatJSON(app.data.disk);
  $('restoration').textContent = formatJSON(app.restorationArchive);
  tick();
}

$('uninstall-app').addEventListener('click', async () => {
  const id = view.appId;
  if (!id || !confirm(`Uninstall ${id}? Its data and history go.`)) return;
  try {
    await api('DELETE', `/v1/instances/${enc(id)}`);
    selectApp(null);
    scheduleRefresh();
  } catch (error) {
    showProblem($('app-problem'), error);
  }
});

// The device clock and background time, moved on between reads while a realtime clock runs (nothing is asked of the
// server: the next event brings the true values).
let ticker = null;
function updateTicker() {
  const running = view.device?.clock.mode === 'realtime';
  if (running && ticker === null) ticker = setInterval(tick, 250);
  if (!running && ticker !== null) {
    clearInterval(ticker);
    ticker = null;
  }
}

function tick() {
  const device = view.device;
  if (!device) return;
  const speed = device.clock.mode === 'realtime' ? device.clock.speed : 0;
  const deviceNow = device.time + (performance.now() - view.deviceAt) * speed;
  const time = $('device-time');
  if (time) time.textContent = formatTime(Math.round(deviceNow));
  const app = currentApp();
  if (!app) return;
  const remaining = $('bg-remaining');
  if (app.backgroundTimeRemaining === null) {
    remaining.textContent = '';
  } else {
    const left = Math.max(0, app.backgroundTimeRemaining - ((performance.now() - view.appsAt) * speed) / 1000);
    remaining.textContent = `Background time left: ${left.toFixed(1)} s`;
  }
  for (const node of document.querySelectorAll('.task-end[data-ends]')) {
    const ends = Number(node.dataset.ends);
    if (node.dataset.ends === '') continue;
    const left = (ends - deviceNow) / 1000;
    node.textContent = ` · ends ${formatTime(ends)}${left > 0 ? ` (in ${left.toFixed(1)} s)` : ''}`;
  }
}

// --- Posting events

/** Posts an event to the selected app (`app`, any event) or device (`device`, device events); shows what it did or
 *  the refusal. */
async function postEvent(scope, body) {
  const problem = $(`${scope}-problem`);
  const status = $(`${scope}-status`);
  clearProblem(problem);
  status.textContent = '';
  const path = scope === 'app' ? `/v1/instances/${enc(view.appId)}/events` : `/v1/devices/${enc(view.deviceId)}/events`;
  try {
    const result = await api('POST', path, body);
    const changes = result.changes.map((change) => `${change.instance} ${change.from} → ${change.to}`).join(', ');
    status.textContent = `${body.type}: event #${result.event.seq}, ${result.callbacks.length} callback${result.callbacks.length === 1 ? '' : 's'}${changes ? `; ${changes}` : ''}${result.result ? `; ${JSON.stringify(result.result)}` : ''}.`;
  } catch (error) {
    showProblem(problem, error, body.type, scope);
  }
}

for (const form of document.querySelectorAll('.event-form')) {
  buildEventForm(form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    let body;
    try {
      body = eventBody(form);
    } catch (error) {
      showProblem($(`${form.dataset.scope}-problem`), error);
      return;
    }
    postEvent(form.dataset.scope, body);
  });
}

for (const button of document.querySelectorAll('[data-app-event]')) {
  button.addEventListener('click', () => postEvent('app', { type: button.dataset.appEvent }));
}

function clearProblem(node) {
  node.hidden = true;
  node.replaceChildren();
}

/** Shows a refusal: the server's `detail`, and for an event the state it was refused in and what is allowed now (each
 *  a button that picks that event in the form). */
function showProblem(node, error, eventType, scope) {
  const problem = error instanceof ApiError ? error.problem : { detail: String(error) };
  const status = error instanceof ApiError && error.status ? `${error.status}${problem.title ? ` ${problem.title}` : ''}` : '';
  const heading = eventType ? `${eventType} was refused` : 'Refused';
  const allowed = Array.isArray(problem.allowedEvents) ? problem.allowedEvents : null;
  fill(node,
    el('p', {}, el('strong', {}, heading), status ? el('span', { class: 'meta' }, ` (${status})`) : null, ': ', el('span', { class: 'detail' }, problem.detail || error.message)),
    problem.state ? el('p', {}, 'State: ', stateBadge(problem.state)) : null,
    allowed ? el('p', { class: 'allowed' }, 'Allowed now: ',
      allowed.length ? allowed.map((type) => el('button', {
        type: 'button', class: 'small chip-button', 'data-allowed': type,
        onclick: () => pickEvent(scope || 'app', type),
      }, type)) : 'nothing') : null,
    problem.field ? el('p', { class: 'meta' }, `Field: ${problem.field}`) : null,
    el('button', { type: 'button', class: 'small dismiss', onclick: () => clearProblem(node) }, 'Dismiss'),
  );
  node.hidden = false;
}

function pickEvent(scope, type) {
  const form = $(`${scope}-event-form`);
  if (![...form.elements.type.options].some((option) => option.value === type)) return;
  form.closest('details').open = true;
  form.elements.type.value = type;
  renderEventFields(form);
  (form.querySelector('.event-fields input, .event-fields textarea, .event-fields select') || form.querySelector('button[type="submit"]')).focus();
}

// ---------------------------------------------------------------------------------------------------------------
// Start

window.addEventListener('hashchange', () => {
  const wanted = readHash();
  if (wanted.device !== view.deviceId) selectDevice(wanted.device, wanted.app);
  else if (wanted.app !== view.appId && (wanted.app === null || view.apps.has(wanted.app))) selectApp(wanted.app);
});

async function start() {
  showTokenButton(token ? 'Forget token' : null);
  const wanted = readHash();
  await loadDevices(null);
  if (wanted.device) await selectDevice(wanted.device, wanted.app);
  else if (view.devices.items.length === 1) await selectDevice(view.devices.items[0].id);
}

start();
