import type { DeployedSource, Subscription, Workflow, WorkflowRun } from '../../../../shared/resources';

/** The globs an emitter id may be: every source, every workflow (but the listener itself). */
export const GLOBS: Record<string, string> = { 'dc_*': 'every source', 'p_*': 'every workflow' };

export const ERRORS_CHANNEL = '$errors';

/** The channel as people read it: the default channel `""` is "default". */
export function channelLabel(eventName: string): string {
  return eventName === '' ? 'default' : eventName;
}

/** What a node of the graph is called: the source's or workflow's name, or what a glob means. */
export function nodeName(id: string, sources: DeployedSource[], workflows: Workflow[]): string {
  if (GLOBS[id]) return `${id} (${GLOBS[id]})`;
  return sources.find((s) => s.id === id)?.name ?? workflows.find((w) => w.id === id)?.name ?? id;
}

export interface GraphNode {
  id: string;
  name: string;
  kind: 'source' | 'workflow' | 'glob';
  /** Centre of the node box, in graph units. */
  y: number;
}

export interface GraphEdge {
  sub: Subscription;
  from: GraphNode;
  to: GraphNode;
  label: string;
  errors: boolean;
}

export interface WiringLayout {
  emitters: GraphNode[];
  listeners: GraphNode[];
  edges: GraphEdge[];
  height: number;
}

export const ROW = 44;
const PAD = 16;

const kindOf = (id: string): GraphNode['kind'] => (GLOBS[id] ? 'glob' : id.startsWith('dc_') ? 'source' : 'workflow');
const KIND_ORDER = { glob: 0, source: 1, workflow: 2 };

/**
 * Two columns: the emitters used by some subscription on the left (globs first, then sources,
 * then workflows), their listeners on the right; one edge per subscription.
 */
export function layoutWiring(subs: Subscription[], sources: DeployedSource[], workflows: Workflow[]): WiringLayout {
  const place = (ids: string[]): GraphNode[] =>
    [...new Set(ids)]
      .map((id) => ({ id, name: nodeName(id, sources, workflows), kind: kindOf(id), y: 0 }))
      .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
      .map((n, i) => ({ ...n, y: PAD + ROW / 2 + i * ROW }));
  const emitters = place(subs.map((s) => s.emitter_id));
  const listeners = place(subs.map((s) => s.listener_id));
  const byId = (list: GraphNode[], id: string) => list.find((n) => n.id === id)!;
  const edges = subs.map((sub) => ({
    sub,
    from: byId(emitters, sub.emitter_id),
    to: byId(listeners, sub.listener_id),
    label: channelLabel(sub.event_name),
    errors: sub.event_name === ERRORS_CHANNEL,
  }));
  return { emitters, listeners, edges, height: PAD * 2 + Math.max(emitters.length, listeners.length, 1) * ROW };
}

/** Whether an event from `emitterId` reaches a subscription whose emitter is `subEmitter` (a glob or an id). */
export function emitterMatches(subEmitter: string, emitterId: string, listenerId: string): boolean {
  if (subEmitter === emitterId) return true;
  if (subEmitter === 'dc_*') return emitterId.startsWith('dc_');
  if (subEmitter === 'p_*') return emitterId.startsWith('p_') && emitterId !== listenerId;
  return false;
}

/**
 * The listener's runs that this subscription delivered: subscription-triggered runs whose
 * emitter matches. `$errors` deliveries are told from the emitter's other channels by their
 * event shape (`error` + `original_context`); two named channels of one emitter cannot be told apart.
 */
export function deliveriesOf(sub: Subscription, runs: WorkflowRun[]): WorkflowRun[] {
  return runs.filter((r) => {
    const ctx = r.trigger.context;
    if (ctx.source_type !== 'subscription' || typeof ctx.emitter_id !== 'string') return false;
    if (!emitterMatches(sub.emitter_id, ctx.emitter_id, sub.listener_id)) return false;
    const ev = r.trigger.event as Record<string, unknown> | null;
    const isError = !!ev && typeof ev === 'object' && 'original_context' in ev && 'error' in ev;
    return isError === (sub.event_name === ERRORS_CHANNEL);
  });
}

export interface EmitterOption {
  value: string;
  label: string;
}

/** The emitter choices of the create form: the globs, every source, every workflow. */
export function emitterOptions(sources: DeployedSource[], workflows: Workflow[]): { group: string; options: EmitterOption[] }[] {
  return [
    { group: 'Globs', options: Object.entries(GLOBS).map(([value, what]) => ({ value, label: `${value} — ${what}` })) },
    { group: 'Sources', options: sources.map((s) => ({ value: s.id, label: `${s.name} (${s.id})` })) },
    { group: 'Workflows', options: workflows.map((w) => ({ value: w.id, label: `${w.name} (${w.id})` })) },
  ];
}

export interface LabelBox {
  x: number;
  y: number;
  w: number;
}

const LABEL_H = 16;
/** Where along its curve a label may sit, tried in order: the middle first, then either side. */
const LABEL_TS = [0.5, 0.35, 0.65, 0.25, 0.75, 0.42, 0.58, 0.18, 0.82];

/** Width of an edge's label pill. */
export const labelWidth = (text: string) => Math.max(44, text.length * 7 + 12);

/** The point at `t` of the edge's curve (a cubic from (x1,y1) to (x2,y2), bent at the middle). */
export function curvePoint(x1: number, y1: number, x2: number, y2: number, t: number): { x: number; y: number } {
  const mx = (x1 + x2) / 2;
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * x1 + b * mx + c * mx + d * x2, y: a * y1 + b * y1 + c * y2 + d * y2 };
}

/**
 * A place on each edge's curve for its label where it covers no other label: crossing edges
 * meet at one midpoint and parallel ones share their whole curve, so later labels slide along
 * their own curve to the first free spot.
 */
export function placeLabels(edges: GraphEdge[], x1: number, x2: number): LabelBox[] {
  const placed: LabelBox[] = [];
  const free = (b: LabelBox) => placed.every((p) => Math.abs(p.x - b.x) * 2 >= p.w + b.w + 2 || Math.abs(p.y - b.y) >= LABEL_H + 2);
  for (const e of edges) {
    const w = labelWidth(e.label);
    const at = (t: number) => ({ ...curvePoint(x1, e.from.y, x2, e.to.y, t), w });
    let box = LABEL_TS.map(at).find(free);
    // Everything taken: stack below the middle.
    for (let dy = LABEL_H + 2; !box; dy += LABEL_H + 2) {
      const mid = at(0.5);
      if (free({ ...mid, y: mid.y + dy })) box = { ...mid, y: mid.y + dy };
    }
    placed.push(box);
  }
  return placed;
}
