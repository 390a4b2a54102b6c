// The lifecycle diagram, drawn from data: the app lifecycle's layout, and drawDiagram, which draws a layout in the
// page's SVG with the current state and the last transition marked.

import { $ } from './helpers.js';

// A layout has nodes (with their positions), groups and the edges drawn at rest; any other pair of its states can still
// be marked as the last transition (drawn when it happens). Scene activation states (unattached, foregroundInactive,
// foregroundActive, background) need only a layout of their own and the same drawDiagram.

export const APP_LIFECYCLE = {
  viewBox: '0 0 420 334',
  size: { width: 124, height: 36 },
  nodes: {
    notRunning: { x: 210, y: 24, label: 'Not running' },
    inactive: { x: 134, y: 126, label: 'Inactive' },
    active: { x: 286, y: 126, label: 'Active' },
    background: { x: 210, y: 224, label: 'Background' },
    suspended: { x: 210, y: 310, label: 'Suspended' },
  },
  groups: [{ label: 'Foreground', x: 56, y: 70, width: 308, height: 102 }],
  edges: [
    { from: 'notRunning', to: 'inactive', bend: 14 },
    { from: 'inactive', to: 'active', bend: 10 },
    { from: 'active', to: 'inactive', bend: 10 },
    { from: 'inactive', to: 'background', bend: 10 },
    { from: 'background', to: 'inactive', bend: 10 },
    { from: 'background', to: 'suspended', bend: 12 },
    { from: 'suspended', to: 'background', bend: 12 },
    { from: 'notRunning', to: 'background', around: 'left' },
    { from: 'background', to: 'notRunning', around: 'right', lane: 0, endOffset: 6 },
    { from: 'suspended', to: 'notRunning', around: 'right', lane: 1, endOffset: -8 },
    // Drawn only as the last transition: a return from suspended, a crash or a termination in the foreground.
    { from: 'suspended', to: 'inactive', bend: 80, onlyWhenLast: true },
    { from: 'active', to: 'notRunning', bend: -50, onlyWhenLast: true },
    { from: 'inactive', to: 'notRunning', bend: 30, onlyWhenLast: true },
  ],
};

const SVG_NS = $('diagram').namespaceURI;
const svg = (tag, attributes = {}, text) => {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
};

/** Where the line from a node's centre towards (x, y) leaves its box. */
function borderPoint(node, size, x, y) {
  const dx = x - node.x;
  const dy = y - node.y;
  const scale = Math.min(size.width / 2 / Math.abs(dx || 1e-9), size.height / 2 / Math.abs(dy || 1e-9));
  return { x: node.x + dx * scale, y: node.y + dy * scale };
}

function edgePath(layout, edge) {
  const a = layout.nodes[edge.from];
  const b = layout.nodes[edge.to];
  const { width, height } = layout.size;
  if (edge.around) {
    // Around the foreground group, on the outside, so as not to cross it.
    const side = edge.around === 'left' ? -1 : 1;
    const outer = a.x + side * (194 + (edge.lane || 0) * 14);
    const start = { x: a.x + (side * width) / 2, y: a.y + (edge.startOffset || 0) };
    const end = { x: b.x + (side * width) / 2, y: b.y + (edge.endOffset || 0) };
    return `M${start.x},${start.y} C${outer},${start.y} ${outer},${end.y} ${end.x},${end.y}`;
  }
  // A quadratic curve bent to its left by `bend`, so that the two directions of a pair run side by side.
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const bend = edge.bend ?? 30;
  const cx = mx + ((b.y - a.y) / length) * bend;
  const cy = my - ((b.x - a.x) / length) * bend;
  const start = borderPoint(a, { width, height }, cx, cy);
  const end = borderPoint(b, { width, height }, cx, cy);
  return `M${start.x.toFixed(1)},${start.y.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${end.x.toFixed(1)},${end.y.toFixed(1)}`;
}

export function drawDiagram(target, layout, current, last) {
  const title = target.querySelector('title');
  const desc = target.querySelector('desc');
  const defs = svg('defs');
  for (const [id, className, size] of [['arrow', 'arrow', 9], ['arrow-last', 'arrow last', 13]]) {
    const marker = svg('marker', {
      id, viewBox: '0 0 10 10', refX: '9', refY: '5', markerUnits: 'userSpaceOnUse', markerWidth: size, markerHeight: size, orient: 'auto',
    });
    marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: className }));
    defs.append(marker);
  }
  const parts = [title, desc, defs];
  for (const group of layout.groups) {
    parts.push(svg('rect', { x: group.x, y: group.y, width: group.width, height: group.height, rx: 12, class: 'group' }));
    parts.push(svg('text', { x: group.x + 10, y: group.y + 16, class: 'group-label' }, group.label));
  }
  const isLast = (edge) => Boolean(last) && edge.from === last.from && edge.to === last.to;
  const edges = layout.edges.filter((edge) => !edge.onlyWhenLast || isLast(edge));
  if (last && !edges.some(isLast) && layout.nodes[last.from] && layout.nodes[last.to]) {
    edges.push({ from: last.from, to: last.to, bend: 40, extra: true }); // a pair the layout does not foresee
  }
  for (const edge of edges) {
    const isLastEdge = isLast(edge);
    const line = svg('path', {
      d: edgePath(layout, edge), class: `edge${isLastEdge ? ' last' : ''}${edge.extra || edge.onlyWhenLast ? ' extra' : ''}`,
      'marker-end': `url(#${isLastEdge ? 'arrow-last' : 'arrow'})`,
    });
    line.append(svg('title', {}, `${edge.from} → ${edge.to}`));
    parts.push(line);
  }
  for (const [name, node] of Object.entries(layout.nodes)) {
    const { width, height } = layout.size;
    const group = svg('g', { class: `node state-${name}${name === current ? ' current' : ''}`, 'data-state': name });
    group.append(
      svg('rect', { x: node.x - width / 2, y: node.y - height / 2, width, height, rx: 9 }),
      svg('text', { x: node.x, y: node.y + 5.5, 'text-anchor': 'middle' }, node.label),
    );
    if (name === current) group.setAttribute('aria-current', 'true');
    parts.push(group);
  }
  target.setAttribute('viewBox', layout.viewBox);
  target.replaceChildren(...parts);
  title.textContent = 'Lifecycle state';
  const now = current ? `The app is ${current}.` : '';
  const was = last ? ` Last transition: ${last.from} to ${last.to}${last.name ? `, by ${last.name}` : ''}.` : '';
  desc.textContent = now + was;
}
