// Events: what each takes (a hand-written table of openapi.yaml's event schemas), the event forms built from it, and
// the body a form describes.

import { el } from './helpers.js';
import { ApiError } from './api.js';
import { currentApp } from './view.js';

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
export function buildEventForm(form) {
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

export function renderEventFields(form) {
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
export function eventBody(form) {
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
