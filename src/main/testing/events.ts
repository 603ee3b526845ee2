// Event builders of runnel/testing. `timerEvent` and `httpEvent` return markers that the loaded
// component completes when it runs them (its timer prop, its endpoint), with the same
// functions the scheduler and the webhook ingress use.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { httpEventOf } from '../runtime/http-event';
import { timerEvent as timerEventOf, type TimerConfig } from '../engine/props/timer-config';
import type { HttpEventOptions, TestEvent } from './public';

const MARK = '__runnelTestEvent';

interface TimerMarker extends TestEvent {
  readonly __runnelTestEvent: 'timer';
  at?: Date | number;
}
interface HttpMarker extends TestEvent {
  readonly __runnelTestEvent: 'http';
  options: HttpEventOptions;
}

export function timerEvent(options: { at?: Date | number } = {}): TestEvent {
  return { [MARK]: 'timer', at: options.at } as TimerMarker;
}

export function httpEvent(options: HttpEventOptions = {}): TestEvent {
  return { [MARK]: 'http', options } as HttpMarker;
}

/** A fixture saved by the web UI's event inspector (event-logic.ts `buildFixture`). */
interface EventFixture {
  runnel_fixture: 1;
  event: unknown;
}

const isFixture = (v: unknown): v is EventFixture => typeof v === 'object' && v !== null && (v as { runnel_fixture?: unknown }).runnel_fixture === 1;

export function fixture(file: string | URL): unknown {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`runnel/testing: cannot read the fixture ${path}: ${(err as Error).message}`);
  }
  return isFixture(parsed) ? parsed.event : parsed;
}

/** What the component receives for `event`: markers completed, fixtures unwrapped, anything else as given. */
export function resolveEvent(event: unknown, target: { timer: TimerConfig | null; endpoint: string }): unknown {
  if (event === undefined) return timerEventOf(target.timer, Date.now());
  if (isFixture(event)) return event.event;
  if (typeof event !== 'object' || event === null || !(MARK in event)) return event;
  const marker = event as TimerMarker | HttpMarker;
  if (marker.__runnelTestEvent === 'timer') {
    const at = marker.at === undefined ? Date.now() : typeof marker.at === 'number' ? marker.at : marker.at.getTime();
    return timerEventOf(target.timer, at);
  }
  return httpRequest(marker.options, target.endpoint);
}

function httpRequest(o: HttpEventOptions, endpoint: string): unknown {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.headers ?? {})) headers[k.toLowerCase()] = v;
  let bodyRaw = '';
  if (typeof o.body === 'string') bodyRaw = o.body;
  else if (o.body !== undefined) {
    bodyRaw = JSON.stringify(o.body);
    headers['content-type'] ??= 'application/json';
  }
  const path = o.path ? (o.path.startsWith('/') ? o.path : `/${o.path}`) : '/';
  const url = new URL(endpoint + (path === '/' ? '' : path));
  for (const [k, v] of Object.entries(o.query ?? {})) for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
  headers.host ??= url.host;
  if (bodyRaw) headers['content-length'] ??= String(Buffer.byteLength(bodyRaw));
  return httpEventOf({ method: (o.method ?? (o.body !== undefined ? 'POST' : 'GET')).toUpperCase(), url: url.toString(), path, headers, bodyRaw, clientIp: o.clientIp ?? '127.0.0.1' });
}
