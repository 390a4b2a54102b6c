// The device shown: selecting it, following its stream, reading it again when something changed, and its facts, apps
// and journal, with the buttons that act on it.

import { $, el, enc, formatTime, keepingFocus, stateBadge, XCUI_STATES } from './helpers.js';
import { allPages, api } from './api.js';
import { EventStream, streamState } from './streams.js';
import { JOURNAL_KEEP, setHash, view } from './view.js';
import { loadDevices, renderDeviceList } from './devices.js';
import { renderApp, renderDiagram, selectApp, updateTicker } from './app.js';
import { clearProblem, postEvent, showProblem } from './posting.js';

const NO_DEVICE = $('device-empty').textContent;

export async function selectDevice(id, appId = null) {
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

export async function scheduleRefresh() {
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

export function fact(term, ...value) {
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
    ...fact('App switcher', device.appSwitcher ? el('span', { class: 'badge switcher-open' }, 'open') : 'closed'),
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

export function renderApps() {
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
