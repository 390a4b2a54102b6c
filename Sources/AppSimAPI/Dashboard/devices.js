// The device list (pages of the server's list, and a search that reads pages until it has a page of matches) and the
// form that creates a device.

import { $, el, enc, keepingFocus } from './helpers.js';
import { api } from './api.js';
import { DEVICE_PAGE, view } from './view.js';
import { scheduleRefresh, selectDevice } from './device.js';
import { showProblem } from './posting.js';

function matchesDevice(device, query) {
  const q = query.toLowerCase();
  if (device.id.toLowerCase().includes(q) || device.osVersion.toLowerCase().startsWith(q) || `ios ${device.osVersion}`.includes(q)) return true;
  return Object.entries(device.labels || {}).some(([key, value]) => `${key}=${value}`.toLowerCase().includes(q));
}

export async function loadDevices(cursor = null) {
  const list = view.devices;
  const generation = ++list.generation;
  const query = $('device-query').value.trim();
  const status = $('device-list-status');
  list.cursor = cursor;
  let items = [];
  let next = null;
  // Behind a cluster's proxy: nodes that did not answer, whose devices are missing from the list.
  const unavailable = new Set();
  try {
    if (!query) {
      const page = await api('GET', `/v1/devices?limit=${DEVICE_PAGE}${cursor ? `&after=${enc(cursor)}` : ''}`);
      items = page.items;
      next = page.next;
      for (const node of page.unavailableNodes || []) unavailable.add(node);
    } else {
      status.textContent = 'Searching…';
      let after = cursor;
      let scanned = 0;
      scan: for (;;) {
        const page = await api('GET', `/v1/devices?limit=500${after ? `&after=${enc(after)}` : ''}`);
        if (generation !== list.generation) return;
        for (const node of page.unavailableNodes || []) unavailable.add(node);
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
  if (!query && !items.length && !cursor && !unavailable.size) $('create-device').open = true;
  if (unavailable.size) {
    const nodes = [...unavailable].sort().join(', ');
    status.textContent = `${status.textContent ? `${status.textContent} ` : ''}Node${unavailable.size === 1 ? '' : 's'} ${nodes} did not answer: ${unavailable.size === 1 ? 'its' : 'their'} devices are missing from this list.`;
  }
  renderDeviceList();
}

export function renderDeviceList() {
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
      el('span', { class: 'meta' }, `iOS ${shown.osVersion} · ${shown.clock.mode}${shown.clock.mode === 'realtime' && shown.clock.speed !== 1 ? ` ×${shown.clock.speed}` : ''} · ${shown.instances.length} app${shown.instances.length === 1 ? '' : 's'}${shown.locked ? ' · locked' : ''}${shown.appSwitcher ? ' · switcher open' : ''}`),
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

// Creating a device

export function numberField(form, name) {
  const text = form.elements[name].value.trim();
  return text === '' ? undefined : Number(text);
}

$('device-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const problem = $('device-form-problem');
  problem.hidden = true;
  const body = { osVersion: form.elements.osVersion.value.trim(), memoryMB: numberField(form, 'memoryMB'), passcode: form.elements.passcode.checked };
  if (form.elements.supportsBackgroundGPU.checked) body.supportsBackgroundGPU = true;
  body.clock = { mode: form.elements.clockMode.value };
  if (body.clock.mode === 'realtime') body.clock.speed = numberField(form, 'speed');
  const limits = {};
  // The page's inputs marked data-limit are the limits (LiveDashboardTests holds them to the server's list).
  for (const { name } of form.querySelectorAll('input[data-limit]')) {
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
