// Pure helpers of the Sources screen: which components can be deployed, filtering, endpoints, rates.
import type { ConfigurableProp, DeployedSource, EventSummary, RegistryEntry, SavedComponent, SseEmitFrame } from '../../../../shared/resources';
import type { TestEvent } from '../../../../shared/trigger-schemas';
import { perMinute, relativeTime } from '../../ui/format';

/** A source component the user can deploy: a saved one or a registry entry. */
export interface ComponentChoice {
  /** The saved component id (`sc_…`) the deploy names. */
  id: string;
  key: string | null;
  name: string;
  version: string;
  origin: 'saved' | 'registry';
  configurable_props: ConfigurableProp[];
}

/** Saved source components first (newest first), then registry sources not already listed. */
export function sourceChoices(components: SavedComponent[], registry: RegistryEntry[]): ComponentChoice[] {
  const saved: ComponentChoice[] = components
    .filter((c) => c.type === 'source')
    .map((c) => ({ id: c.id, key: c.key, name: c.name, version: c.version, origin: 'saved', configurable_props: c.configurable_props }));
  const ids = new Set(saved.map((c) => c.id));
  const reg: ComponentChoice[] = registry
    .filter((r) => r.type === 'source' && !ids.has(r.component_id))
    .map((r) => ({ id: r.component_id, key: r.key, name: r.name, version: r.version, origin: 'registry', configurable_props: r.configurable_props }));
  return [...saved, ...reg];
}

/** The choice named by `?component=`: an id, else a registry key, else the newest saved one with that key. */
export function findChoice(choices: ComponentChoice[], ref: string | null | undefined): ComponentChoice | undefined {
  if (!ref) return undefined;
  return choices.find((c) => c.id === ref) ?? choices.find((c) => c.origin === 'registry' && c.key === ref) ?? choices.find((c) => c.key === ref);
}

export type StatusFilter = 'all' | 'active' | 'inactive' | 'failing';

/** Sources whose name, id or component key contain the text, with the chosen status. */
export function filterSources(sources: DeployedSource[], text: string, status: StatusFilter): DeployedSource[] {
  const q = text.trim().toLowerCase();
  return sources.filter(
    (s) =>
      (status === 'all' || (status === 'failing' ? s.errors.count > 0 : (status === 'active') === s.active)) &&
      (!q || [s.name, s.id, s.component_key ?? '', s.name_slug].some((f) => f.toLowerCase().includes(q))),
  );
}

/** The webhook address of an HTTP source (its `$.interface.http` prop's `endpoint_url`), if it has one. */
export function endpointOf(source: Pick<DeployedSource, 'configured_props'>): string | null {
  for (const v of Object.values(source.configured_props ?? {})) {
    if (v && typeof v === 'object' && typeof (v as { endpoint_url?: unknown }).endpoint_url === 'string') return (v as { endpoint_url: string }).endpoint_url;
  }
  return null;
}

/** Events per minute over the last hour, oldest first. */
export const eventRate = (frames: SseEmitFrame[] | undefined, now = Date.now()) => perMinute((frames ?? []).map((f) => f.ts), now);

/**
 * The kept trigger behind the newest event (newest first, as the store keeps them): the test event
 * can only change with a new trigger, and one trigger may emit many events.
 */
export function newestTriggerId(frames: SseEmitFrame[] | undefined): string | undefined {
  return frames?.find((f) => f.metadata?.trigger_id)?.metadata.trigger_id;
}

/** Where a test event came from, as the line beside Run now says it. */
export function testEventOrigin(t: Pick<TestEvent, 'from' | 'ts'>, source: DeployedSource, now = Date.now()): string {
  const what = endpointOf(source) ? 'request' : hasTimer(source) ? 'timer event' : 'trigger';
  if (t.from === 'last_trigger') return `the last ${what}${t.ts ? `, ${relativeTime(t.ts, Math.max(now, t.ts))}` : ''}`;
  if (what === 'request') return 'a sample HTTP request — edit it';
  if (what === 'timer event') return 'a sample timer event — edit it';
  return 'an empty event — edit it';
}

/** An event summary as the live stream would have carried it, so lists mix both. */
export function frameOf(e: EventSummary): SseEmitFrame {
  return { k: 'emit', id: e.id, ts: e.indexed_at_ms, e: e.event, sum: e.metadata.summary ?? null, name: e.metadata.name, metadata: e.metadata };
}

/** A configured value as one line: timers, endpoints and masked secrets read as themselves. */
export function showValue(v: unknown, stores: { id: string; name: string }[] = []): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.data_store_id === 'string') {
      const store = stores.find((s) => s.id === o.data_store_id);
      return store ? `${store.name} (${store.id})` : `${o.data_store_id} (no such data store)`;
    }
    if (typeof o.endpoint_url === 'string') return o.endpoint_url;
    if ('interval_seconds' in o || 'cron' in o) return o.cron ? `cron ${o.cron}${o.timezone ? ` (${o.timezone})` : ''}` : `every ${o.interval_seconds} s`;
  }
  return JSON.stringify(v);
}

/** The newest of the list's `last_event_at` and the live events seen since (whichever arrived last). */
export function lastEventAt(source: Pick<DeployedSource, 'last_event_at'>, frames: SseEmitFrame[] | undefined): number | null {
  const live = frames?.[0]?.ts ?? null;
  if (live === null) return source.last_event_at;
  return source.last_event_at === null ? live : Math.max(live, source.last_event_at);
}

/** `/e/AbC123…` : an endpoint short enough for a list cell (the whole URL goes in a title and the copy). */
export function shortEndpoint(url: string): string {
  const m = /\/e\/([^/?#]+)/.exec(url);
  return m ? `/e/${m[1].slice(0, 6)}…` : url;
}

/** True when one of the source's configured props is a timer (`{intervalSeconds}` or `{cron}`). */
export function hasTimer(source: DeployedSource): boolean {
  return Object.values(source.configured_props).some((v) => !!v && typeof v === 'object' && ('intervalSeconds' in v || 'cron' in v));
}
