// What the page shows: the state every part of the view shares (the device list, the device and app shown, their
// streams, timeline and journal), and the address that names the device and app shown.

import { enc } from './helpers.js';

export const TIMELINE_KEEP = 500;
export const JOURNAL_KEEP = 200;
export const DEVICE_PAGE = 20;

export const view = {
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

export const currentApp = () => (view.appId ? view.apps.get(view.appId) : null);

/** Keeps what is shown in the address (`#device=…&app=…`), so that a reload or a shared link shows it again. */
export function setHash(app = view.appId) {
  const parts = [];
  if (view.deviceId) parts.push(`device=${enc(view.deviceId)}`);
  if (app) parts.push(`app=${enc(app)}`);
  const hash = parts.length ? `#${parts.join('&')}` : '';
  if (location.hash !== hash) history.replaceState(null, '', hash || location.pathname);
}

export function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { device: params.get('device'), app: params.get('app') };
}
