// The appsim dashboard's entry point, loaded by dashboard.html: it starts the page, follows the address
// (#device=…&app=…) and runs the token button. The dashboard is plain JavaScript modules served by appsim itself
// (Dashboard.swift), no build step, nothing from any other host.

// It reads and changes everything through the public REST API (openapi.yaml) and follows it live through the device
// and instance event streams: no polling, no reloads. Its modules, each importing what it uses by a relative path:
// helpers.js  DOM and formatting helpers          devices.js  the device list, creating a device
// api.js      the token, API calls, connection    device.js   the device shown, its facts, apps and journal
// streams.js  the server-sent event streams       app.js      installing an app, the app shown, the clock ticking
// events.js   the event table and event forms     posting.js  posting events, showing refusals
// diagram.js  the lifecycle diagram               view.js     the state the view shares, the address

import { $ } from './helpers.js';
import { askForToken, forgetToken, hasToken, showTokenButton } from './api.js';
import { readHash, view } from './view.js';
import { loadDevices } from './devices.js';
import { selectDevice } from './device.js';
import { selectApp } from './app.js';

$('token-button').addEventListener('click', () => {
  if (hasToken()) {
    forgetToken();
    location.reload();
  } else {
    askForToken().then(start, () => {});
  }
});

window.addEventListener('hashchange', () => {
  const wanted = readHash();
  if (wanted.device !== view.deviceId) selectDevice(wanted.device, wanted.app);
  else if (wanted.app !== view.appId) {
    if (wanted.app === null || view.apps.has(wanted.app)) selectApp(wanted.app);
    // An app the page has not seen (installed since the device was loaded): load the device again, with it.
    else selectDevice(wanted.device, wanted.app);
  }
});

async function start() {
  showTokenButton(hasToken() ? 'Forget token' : null);
  const wanted = readHash();
  await loadDevices(null);
  if (wanted.device) await selectDevice(wanted.device, wanted.app);
  else if (view.devices.items.length === 1) await selectDevice(view.devices.items[0].id);
}

start();
