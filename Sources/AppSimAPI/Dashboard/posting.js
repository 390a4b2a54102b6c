// Posting events from the event forms and buttons, and showing what the server refused: its detail and, for an event,
// the events allowed now (each a button that picks it in the form).

import { $, el, enc, fill, stateBadge } from './helpers.js';
import { ApiError, api } from './api.js';
import { buildEventForm, eventBody, renderEventFields } from './events.js';
import { view } from './view.js';

/** Posts an event to the selected app (`app`, any event) or device (`device`, device events); shows what it did or
 *  the refusal. */
export async function postEvent(scope, body) {
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

export function clearProblem(node) {
  node.hidden = true;
  node.replaceChildren();
}

/** Shows a refusal: the server's `detail`, and for an event the state it was refused in and what is allowed now (each
 *  a button that picks that event in the form). */
export function showProblem(node, error, eventType, scope) {
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
