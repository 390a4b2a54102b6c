// The dashboard's small helpers: building DOM nodes (data is never parsed as HTML), keeping the focus across a redraw,
// and formatting device times, JSON and states.

export const $ = (id) => document.getElementById(id);

/** An element with attributes and children (strings become text nodes: data is never parsed as HTML). */
export function el(tag, attributes = {}, ...children) {
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
export const fill = (node, ...children) => node.replaceChildren(...present(children));

/** Renders a list of buttons again without losing the keyboard focus: the button with the same `data-key` gets it
 *  back (the lists are redrawn whenever the streams say something changed). */
export function keepingFocus(container, render) {
  const key = container.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;
  render();
  if (key !== undefined) container.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus();
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const enc = encodeURIComponent;

/** Device time (milliseconds) for people: `5.000 s`, `1:05.000`, `2:01:05.000`. */
export function formatTime(ms) {
  if (ms === null || ms === undefined) return '–';
  const total = ms / 1000;
  if (total < 60) return `${total.toFixed(3)} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = (total % 60).toFixed(3).padStart(6, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export const formatJSON = (value) => (value === null || value === undefined ? 'null' : JSON.stringify(value, null, 2));

/** How the page names an instance's lifecycleModel. */
export const LIFECYCLE_MODELS = { appDelegate: 'app delegate', scenes: 'scenes', swiftui: 'SwiftUI' };
/** The SwiftUI scene phase of each scene activation state; an unattached scene has none. */
export const SCENE_PHASES = { foregroundActive: 'active', foregroundInactive: 'inactive', background: 'background', unattached: 'not connected' };
export const XCUI_STATES = { 1: 'notRunning', 2: 'runningBackgroundSuspended', 3: 'runningBackground', 4: 'runningForeground' };

export function stateBadge(state) {
  return el('span', { class: `badge state-${state}` }, state);
}
