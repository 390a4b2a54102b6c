// Events: the event forms, made from the server's event vocabulary (/ui/events.json, the table the server decodes
// events with), and the body a form describes.

import { el } from './helpers.js';
import { ApiError } from './api.js';
import { currentApp } from './view.js';

const GROUPS = {
  appEvent: 'App events (the user or the system)',
  appAction: "App actions (the app's own code)",
  deviceEvent: 'Device events (the whole device)',
};

/** How each kind of field is entered. */
const INPUTS = {
  string: 'text', uri: 'text', boolean: 'bool', integer: 'int', number: 'number', seconds: 'number',
  choice: 'choice', fetchInterval: 'interval', object: 'json', value: 'json',
};

/** What a form starts with for a field that names something of the app's: the app's first one. */
const REFERENCES = {
  scene: (app) => app?.scenes?.[0]?.id ?? '',
  taskIdentifier: (app) => app?.info.taskIdentifiers?.[0] ?? '',
  backgroundTask: (app) => app?.backgroundTasks?.[0]?.id ?? '',
  taskRequest: (app) => app?.taskRequests?.[0]?.identifier ?? app?.info.taskIdentifiers?.[0] ?? '',
  urlScheme: (app, example) => (app?.info.urlSchemes?.[0] ? example.replace(/^[^:]*/, app.info.urlSchemes[0]) : example),
};

// Without the vocabulary (a server stopping, say), the page still shows devices and apps; its forms offer no event.
let vocabulary = { types: [] };
try {
  const response = await fetch(new URL('./events.json', import.meta.url));
  if (response.ok) vocabulary = await response.json();
  else console.error(`appsim: /ui/events.json answered ${response.status}; the event forms are empty`);
} catch (error) {
  console.error('appsim: /ui/events.json could not be read; the event forms are empty', error);
}

const EVENTS = vocabulary.types.map((type) => ({
  type: type.name,
  scope: type.scope,
  group: GROUPS[type.scope],
  summary: type.since === '3.0' ? type.summary : `${type.summary} (iOS ${type.since} and later)`,
  fields: type.fields.map((field) => {
    const kind = INPUTS[field.kind];
    const example = kind === 'json' && field.example !== undefined ? JSON.stringify(field.example) : field.example ?? field.default;
    const reference = REFERENCES[field.refersTo];
    return {
      name: field.name,
      label: `${field.name}: ${field.summary}`,
      kind,
      required: field.required,
      options: field.choices && (field.required ? field.choices : ['', ...field.choices]),
      value: reference ? (app) => reference(app, example ?? '') : example,
    };
  }),
}));

/** The events a form offers: an app takes every event (device events go to its device), a device its own only. */
function eventsFor(scope) {
  if (scope === 'device') return EVENTS.filter((event) => event.scope === 'deviceEvent');
  // An app takes device events too, for its device; memoryWarning posted to an app is its own app event.
  const appTypes = new Set(EVENTS.filter((event) => event.scope !== 'deviceEvent').map((event) => event.type));
  return EVENTS.filter((event) => event.scope !== 'deviceEvent' || !appTypes.has(event.type));
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
  if (!event) {
    container.replaceChildren(el('p', { class: 'hint' }, 'The event types could not be loaded; reload the page.'));
    return;
  }
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
      el('input', { id, name: field.name, value: value ?? '', autocomplete: 'off', spellcheck: 'false',
        type: number ? 'number' : 'text', step: field.kind === 'int' ? '1' : number ? 'any' : undefined }));
  }));
  container.prepend(el('p', { class: 'hint' }, event.summary));
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
      body[field.name] = input.checked;
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
