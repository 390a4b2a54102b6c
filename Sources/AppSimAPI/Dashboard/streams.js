// The server-sent event streams: EventStream follows one stream (with the token, resuming after a break, paused while
// the tab is hidden), and streamState shows in the connection indicator how the open ones are doing.

import { sleep } from './helpers.js';
import { ApiError, askForToken, authHeaders, hasToken, setConnection } from './api.js';
import { view } from './view.js';

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

export class EventStream {
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
          await askForToken(hasToken() ? 'The server refused that token. Enter the one it was started with.' : '');
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

export function streamState(name, value) {
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

