import { RunnelError } from '../../shared/errors';
import { parseEventId } from '../../shared/ids';
import type { CreateSourceBody, UpdateSourceBody } from '../../shared/api';
import type { TestEvent, TriggerInputView } from '../../shared/trigger-schemas';
import type { DeployedSource, EventSummary, LogLine, PageInfo, RunResult } from '../../shared/resources';
import { codeOf, type ComponentCatalog } from '../runtime/component-catalog';
import type { SourceRuntime } from '../runtime/source-runtime';
import { eventSummary } from '../runtime/event-views';
import { timerView } from '../engine/props/timer-config';
import type { ComponentDoc, SourceDoc } from '../store/document-types';
import type { DocumentStore } from '../store/documents';
import type { EventLog } from '../engine/ports/event-log';
import { fetchComponentCode } from './component-url';
import { pageById } from './pagination';
import type { PublishChange } from './change-feed';

export interface SourcesServiceDeps {
  docs: DocumentStore;
  events: EventLog;
  catalog: ComponentCatalog;
  runtime: SourceRuntime;
  userId(): string;
  endpointUrl(token: string): string;
  changed: PublishChange;
  /** After a source is deleted (its subscriptions go too). */
  onRemoved?(id: string): Promise<void>;
}

/** Use cases on deployed sources; REST routes, the CLI and the UI all arrive here. */
export class SourcesService {
  constructor(private readonly deps: SourcesServiceDeps) {}

  async create(body: CreateSourceBody): Promise<DeployedSource> {
    const component = await this.componentFrom(body);
    if (!component) throw new RunnelError('bad_request', 'give exactly one of component_id, component_code, component_url or key');
    const doc = await this.deps.runtime.create({
      component,
      name: body.name,
      configuredProps: body.configured_props,
      timeoutSeconds: body.timeout_seconds,
    });
    this.deps.changed('sources');
    return this.view(doc);
  }

  async update(id: string, body: UpdateSourceBody): Promise<DeployedSource> {
    this.deps.runtime.get(id);
    const component = await this.componentFrom(body);
    const doc = await this.deps.runtime.update(id, {
      component,
      name: body.name,
      configuredProps: body.configured_props,
      timeoutSeconds: body.timeout_seconds,
      active: body.active,
    });
    this.deps.changed('sources', id);
    return this.view(doc);
  }

  async remove(id: string, force: boolean): Promise<void> {
    await this.deps.runtime.remove(id, { force });
    await this.deps.onRemoved?.(id);
    this.deps.changed('sources', id);
  }

  get(id: string): DeployedSource {
    return this.view(this.deps.runtime.get(id));
  }

  list(q: { limit: number; before?: string; after?: string }): { data: DeployedSource[]; page_info: PageInfo } {
    const newestFirst = [...this.deps.docs.data.sources].reverse();
    const { page, page_info } = pageById(newestFirst, q);
    return { data: page.map((s) => this.view(s)), page_info };
  }

  run(id: string, event: unknown): Promise<RunResult> {
    return this.deps.runtime.runManually(id, event);
  }

  rerunEvent(id: string, eventId: string, edited?: unknown): Promise<RunResult> {
    return this.deps.runtime.inputs.rerunEvent(id, eventId, edited);
  }

  eventInput(id: string, eventId: string): TriggerInputView {
    return this.deps.runtime.inputs.eventInput(id, eventId);
  }

  testEvent(id: string): TestEvent {
    return this.deps.runtime.inputs.testEvent(id);
  }

  logs(id: string): LogLine[] {
    return this.deps.runtime.logs(id);
  }

  eventSummaries(
    id: string,
    q: { limit: number; before?: string; after?: string; expand?: 'event'; event_name?: string },
  ): { page_info: PageInfo; data: EventSummary[] } {
    this.deps.runtime.get(id);
    return this.summariesOf(id, q);
  }

  /** A page of any emitter's retained events on one channel (sources and workflows alike). */
  summariesOf(
    id: string,
    q: { limit: number; before?: string; after?: string; expand?: 'event'; event_name?: string },
  ): { page_info: PageInfo; data: EventSummary[] } {
    const before = q.before ? this.cursor(q.before, 'before') : undefined;
    const after = q.after ? this.cursor(q.after, 'after') : undefined;
    const { events, total } = this.deps.events.list(id, { channel: q.event_name ?? '', limit: q.limit, before, after });
    const data = events.map((e) => eventSummary(id, e, q.expand === 'event'));
    return {
      page_info: {
        total_count: total,
        count: data.length,
        start_cursor: data[0]?.id ?? null,
        end_cursor: data[data.length - 1]?.id ?? null,
      },
      data,
    };
  }

  async deleteEvents(id: string, q: { start_id?: string; end_id?: string; event_name?: string }): Promise<void> {
    this.deps.runtime.get(id);
    if (q.start_id) this.cursor(q.start_id, 'start_id');
    if (q.end_id) this.cursor(q.end_id, 'end_id');
    await this.deps.events.deleteEvents(id, { channel: q.event_name, from: q.start_id, to: q.end_id });
    this.deps.changed('sources', id);
  }

  private cursor(value: string, name: string) {
    const parts = parseEventId(value);
    if (!parts) throw new RunnelError('bad_request', `${name} must be an event id such as 1606511826306-0`);
    return parts;
  }

  private async componentFrom(body: CreateSourceBody | UpdateSourceBody): Promise<ComponentDoc | undefined> {
    if (body.component_code !== undefined) return this.deps.catalog.save(codeOf(body.component_code, body));
    if (body.component_url !== undefined) return this.deps.catalog.save(await fetchComponentCode(body.component_url));
    if (body.component_id !== undefined) return this.deps.catalog.get(body.component_id);
    if (body.key !== undefined) return this.deps.catalog.get(body.key);
    return undefined;
  }

  view(doc: SourceDoc): DeployedSource {
    const comp = this.deps.docs.component(doc.component_id);
    const configured: Record<string, unknown> = this.deps.runtime.maskProps(doc.props);
    if (doc.timer) configured[doc.timer.prop] = timerView(doc.timer);
    if (doc.http) configured[doc.http.prop] = { endpoint_url: this.deps.endpointUrl(doc.http.token) };
    const lastMs = this.deps.events.lastEventMs(doc.id);
    return {
      id: doc.id,
      user_id: this.deps.userId(),
      component_id: doc.component_id,
      component_key: comp?.key ?? null,
      configured_props: configured,
      active: doc.active,
      created_at: doc.created_at,
      updated_at: doc.updated_at,
      name: doc.name,
      name_slug: doc.name_slug,
      timeout_seconds: doc.timeout_seconds ?? this.deps.docs.data.settings.default_timeout_seconds,
      last_event_at: lastMs,
      errors: this.deps.runtime.errorCounts(doc.id),
    };
  }
}
