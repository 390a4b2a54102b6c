// The app shown: installing one, selecting it, following its stream (the callback timeline and the lifecycle diagram),
// its facts, tasks, notifications and data, and the device clock and background time moved on between reads.

import { $, el, enc, fill, formatJSON, formatTime, keepingFocus, LIFECYCLE_MODELS, SCENE_PHASES, stateBadge, XCUI_STATES } from './helpers.js';
import { api } from './api.js';
import { EventStream, streamState } from './streams.js';
import { buildEventForm } from './events.js';
import { APP_LIFECYCLE, drawDiagram } from './diagram.js';
import { TIMELINE_KEEP, currentApp, setHash, view } from './view.js';
import { numberField } from './devices.js';
import { fact, renderApps, scheduleRefresh } from './device.js';
import { clearProblem, postEvent, showProblem } from './posting.js';

// Installing an app

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
  const sdkVersion = form.elements.sdkVersion.value.trim();
  if (sdkVersion) info.sdkVersion = sdkVersion;
  if (form.elements.ui.value !== 'uikit') info.ui = form.elements.ui.value;
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
    const app = await api('POST', `/v1/devices/${encodeURIComponent(view.deviceId)}/instances`, { info, behavior });
    if (view.deviceId !== app.device) return;
    view.apps.set(app.id, app);
    $('install').open = false;
    selectApp(app.id);
    scheduleRefresh(); // an install is no event: the device stream does not tell it
  } catch (error) {
    showProblem(problem, error);
  }
});

// An app: state diagram, facts, callbacks, tasks, notifications, data, and its stream

export function selectApp(id, { focus = true } = {}) {
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
    el('span', { class: 'name mono' }, callback.kind === 'scenePhase'
      ? `${callback.args.scope === 'app' ? 'App' : 'Scene'} phase ${callback.args.from} → ${callback.args.to}`
      : callback.name),
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

export function renderDiagram() {
  const app = currentApp();
  if (!app) return;
  drawDiagram($('diagram'), APP_LIFECYCLE, app.state, view.last);
  const last = view.last;
  fill($('diagram-caption'),
    el('span', {}, 'Now ', stateBadge(app.state)),
    last ? el('span', {}, 'Last transition ', el('strong', {}, `${last.from} → ${last.to}`),
      last.name ? el('span', { class: 'meta' }, ` by ${last.name}${last.seq ? ` (#${last.seq})` : ''}`) : null) : null);
}

export function renderApp() {
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
    tile('Life cycle', LIFECYCLE_MODELS[app.lifecycleModel] ?? app.lifecycleModel, el('span', { class: 'meta small' }, ` SDK ${info.sdkVersion}`)),
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
  // A SwiftUI app's code sees scene phases, not activation states (docs/lifecycle.md, SwiftUI apps).
  const swiftUI = app.lifecycleModel === 'swiftui';
  $('scenes-title').textContent = swiftUI ? 'Scenes and their phases' : 'Scenes';
  fill($('scenes'), (app.scenes || []).map((scene) => el('li', {},
    el('span', { class: 'mono strong' }, scene.id), ' ',
    el('span', { class: `badge scene-${scene.activationState}` }, swiftUI ? SCENE_PHASES[scene.activationState] : scene.activationState),
    el('span', { class: 'meta' }, ` · session ${scene.session}`),
    scene.stateRestorationActivity ? el('code', { class: 'args' }, ` ${JSON.stringify(scene.stateRestorationActivity)}`) : null)));
  if (app.scenes && !app.scenes.length) $('scenes').append(el('li', { class: 'empty' }, 'None connected.'));
  $('task-requests-card').hidden = !app.taskRequests;
  fill($('task-requests'),
    app.runningTask ? el('li', {}, el('span', { class: 'strong' }, 'Running '), el('span', { class: 'mono' }, app.runningTask.identifier),
      el('span', { class: 'meta' }, ` · ${app.runningTask.kind} · started ${formatTime(app.runningTask.startedAt)}${app.runningTask.expiresAt !== null ? ` · expires ${formatTime(app.runningTask.expiresAt)}` : ''}`)) : null,
    (app.taskRequests || []).map((request) => request.title === undefined
      ? el('li', {}, el('span', { class: 'mono strong' }, request.identifier),
        el('span', { class: 'meta' }, ` · ${request.kind} · not before ${formatTime(request.earliestBeginAt)}${request.requiresExternalPower ? ' · needs power' : ''}`))
      : continuedTask(request)));
  if (app.taskRequests && !app.taskRequests.length && !app.runningTask) $('task-requests').append(el('li', { class: 'empty' }, 'None submitted.'));
  $('data-memory').textContent = formatJSON(app.data.memory);
  $('data-disk').textContent = formatJSON(app.data.disk);
  $('restoration').textContent = formatJSON(app.restorationArchive);
  tick();
}

/** A continued processing task as its Live Activity shows it: title, second line, progress; cancel while it runs. */
function continuedTask(request) {
  const { completed, total } = request.progress;
  return el('li', { class: 'continued' },
    el('span', { class: 'strong' }, request.status === 'running' ? 'Running ' : 'Waiting '),
    el('span', { class: 'strong' }, request.title),
    request.subtitle ? el('span', { class: 'meta' }, ` · ${request.subtitle}`) : null,
    el('div', {},
      el('progress', { max: String(Math.max(total, 1)), value: String(completed), 'aria-label': `${request.title}: ${completed} of ${total}` }),
      el('span', { class: 'meta' }, ` ${completed} of ${total} · `),
      el('span', { class: 'mono' }, request.identifier),
      el('span', { class: 'meta' }, request.startedAt !== null ? ` · started ${formatTime(request.startedAt)}` : ` · ${request.strategy}`),
      request.status === 'running' ? el('button', {
        type: 'button', class: 'small', 'data-key': request.identifier,
        onclick: () => postEvent('app', { type: 'cancelTask', identifier: request.identifier }),
      }, 'Cancel') : null));
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
export function updateTicker() {
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
