import type { KeyboardEvent } from 'react';
import { shortId } from '../../ui/format';
import { placeLabels, ROW, type GraphEdge, type GraphNode, type LabelBox, type WiringLayout } from './wiring-graph';

const WIDTH = 760;
const NODE_W = 220;
const NODE_H = ROW - 10;
const RIGHT_X = WIDTH - NODE_W;
const KIND_TEXT = { source: 'source', workflow: 'workflow', glob: 'glob' };

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + '…' : s);

/**
 * The subscriptions as a graph: emitters left, listeners right, one edge per subscription
 * labelled by its channel. Edges are buttons: clicking (or Enter) selects one.
 */
export function WiringGraph({ layout, selected, onSelect }: { layout: WiringLayout; selected?: string; onSelect(id: string): void }) {
  // Crossing edges share a midpoint and parallel ones a curve: each label gets its own spot.
  const labels = placeLabels(layout.edges, NODE_W, RIGHT_X);
  return (
    <svg className="wiring-graph" viewBox={`0 0 ${WIDTH} ${layout.height}`} width={WIDTH} height={layout.height} role="group" aria-label="Wiring graph">
      <text className="wiring-col-title" x={0} y={10}>
        Emitters
      </text>
      <text className="wiring-col-title" x={RIGHT_X} y={10}>
        Listeners
      </text>
      {layout.edges.map((e) => (
        <Edge key={e.sub.id} edge={e} selected={e.sub.id === selected} onSelect={onSelect} />
      ))}
      {/* Labels above every line, so no later edge strikes through an earlier pill. */}
      {layout.edges.map((e, i) => (
        <EdgeLabel key={'l' + e.sub.id} edge={e} label={labels[i]} selected={e.sub.id === selected} />
      ))}
      {layout.emitters.map((n) => (
        <Node key={'e' + n.id} node={n} x={0} />
      ))}
      {layout.listeners.map((n) => (
        <Node key={'l' + n.id} node={n} x={RIGHT_X} />
      ))}
    </svg>
  );
}

function Node({ node, x }: { node: GraphNode; x: number }) {
  return (
    <g className={`wiring-node wiring-node-${node.kind}`}>
      <title>{`${node.name} (${node.id})`}</title>
      <rect x={x} y={node.y - NODE_H / 2} width={NODE_W} height={NODE_H} rx={5} />
      <text x={x + 8} y={node.y - 3}>
        {clip(node.name, 30)}
      </text>
      <text className="wiring-node-sub" x={x + 8} y={node.y + 11}>
        {KIND_TEXT[node.kind]} · {node.kind === 'glob' ? node.id : shortId(node.id)}
      </text>
    </g>
  );
}

function Edge({ edge, selected, onSelect }: { edge: GraphEdge; selected: boolean; onSelect(id: string): void }) {
  const x1 = NODE_W;
  const x2 = RIGHT_X;
  const { y: y1 } = edge.from;
  const { y: y2 } = edge.to;
  const mx = (x1 + x2) / 2;
  const d = `M ${x1} ${y1} C ${mx} ${y1}, ${mx} ${y2}, ${x2} ${y2}`;
  const text = edge.label;
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      onSelect(edge.sub.id);
    }
  };
  return (
    <g
      className={`wiring-edge${edge.errors ? ' wiring-edge-errors' : ''}${selected ? ' selected' : ''}`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={`${edge.from.name} to ${edge.to.name} on ${text}`}
      onClick={() => onSelect(edge.sub.id)}
      onKeyDown={onKey}
    >
      <path className="wiring-edge-hit" d={d} />
      <path className="wiring-edge-line" d={d} />
      <polygon className="wiring-edge-arrow" points={`${x2} ${y2}, ${x2 - 7} ${y2 - 4}, ${x2 - 7} ${y2 + 4}`} />
    </g>
  );
}

/** An edge's channel pill; clicks go through it to its edge (the button). */
function EdgeLabel({ edge, label, selected }: { edge: GraphEdge; label: LabelBox; selected: boolean }) {
  const { x: lx, y: ly, w: tw } = label;
  return (
    <g className={`wiring-edge${edge.errors ? ' wiring-edge-errors' : ''}${selected ? ' selected' : ''}`} aria-hidden="true" pointerEvents="none">
      <rect className="wiring-edge-label-bg" x={lx - tw / 2} y={ly - 8} width={tw} height={16} rx={8} />
      <text className="wiring-edge-label" x={lx} y={ly + 4} textAnchor="middle">
        {edge.label}
      </text>
    </g>
  );
}
