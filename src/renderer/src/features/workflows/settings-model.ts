// A workflow's execution settings as the builder's settings panel holds them (text until saved),
// checked with the service's ranges, and turned into the request body's fields.
import { EXECUTION_LIMITS as L, type CreateWorkflowBody, type ThrottleUnit } from '../../../../shared/api';
import type { Workflow } from '../../../../shared/resources';

export interface DraftSettings {
  /** A number of workers, "unlimited", or empty for the trigger's default. */
  concurrency: string;
  throttleOn: boolean;
  throttleLimit: string;
  throttleInterval: string;
  throttleUnit: ThrottleUnit;
  /** Empty: keep the stored value (default 100). */
  queueSize: string;
  memoryMb: string;
  /** Retry a failed step later, as hosted (up to 8 times over about 10 hours). */
  autoRetry: boolean;
  notifyFirstError: boolean;
}

/** Problems by request field (concurrency, throttle, queue_size, memory_mb). */
export type SettingsErrors = Record<string, string>;

export const emptySettings = (): DraftSettings => ({
  concurrency: '',
  throttleOn: false,
  throttleLimit: '10',
  throttleInterval: '1',
  throttleUnit: 'minute',
  queueSize: '',
  memoryMb: '',
  autoRetry: false,
  notifyFirstError: false,
});

export function settingsFromWorkflow(wf: Workflow): DraftSettings {
  return {
    concurrency: wf.concurrency === null ? 'unlimited' : String(wf.concurrency),
    throttleOn: wf.throttle !== null,
    throttleLimit: String(wf.throttle?.limit ?? 10),
    throttleInterval: String(wf.throttle?.interval ?? 1),
    throttleUnit: wf.throttle?.unit ?? 'minute',
    queueSize: String(wf.queue_size),
    memoryMb: String(wf.memory_mb),
    autoRetry: wf.auto_retry ?? false,
    notifyFirstError: wf.notify_first_error ?? false,
  };
}

const whole = (v: string, min: number, max: number) => {
  const n = Number(v);
  return v.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
};
const fmt = (n: number) => n.toLocaleString('en-US');

/** What is wrong with the settings, or undefined. */
export function validateSettings(s: DraftSettings): SettingsErrors | undefined {
  const e: SettingsErrors = {};
  const c = s.concurrency.trim();
  if (c && c !== 'unlimited' && !whole(c, 1, L.maxConcurrency)) e.concurrency = `Workers: a whole number, at least 1, or unlimited`;
  if (s.throttleOn && !whole(s.throttleLimit, 0, L.maxThrottleLimit)) e.throttle = `The throttle is 0 to ${fmt(L.maxThrottleLimit)} events (0 pauses the queue)`;
  else if (s.throttleOn && !whole(s.throttleInterval, 1, L.maxThrottleInterval)) e.throttle = `The interval is 1 to ${fmt(L.maxThrottleInterval)}`;
  if (s.queueSize.trim() && !whole(s.queueSize, 1, L.maxQueueSize)) e.queue_size = `The queue size is 1 to ${fmt(L.maxQueueSize)} events`;
  if (s.memoryMb.trim() && !whole(s.memoryMb, L.minMemoryMb, L.maxMemoryMb)) e.memory_mb = `Memory is ${fmt(L.minMemoryMb)} to ${fmt(L.maxMemoryMb)} MB`;
  return Object.keys(e).length ? e : undefined;
}

/** The request body's settings fields; empty text fields are left out (stored values stay). */
export function settingsBody(s: DraftSettings): Partial<CreateWorkflowBody> {
  const c = s.concurrency.trim();
  return {
    ...(c ? { concurrency: c === 'unlimited' ? null : Number(c) } : {}),
    throttle: s.throttleOn ? { limit: Number(s.throttleLimit), interval: Number(s.throttleInterval), unit: s.throttleUnit } : null,
    ...(s.queueSize.trim() ? { queue_size: Number(s.queueSize) } : {}),
    ...(s.memoryMb.trim() ? { memory_mb: Number(s.memoryMb) } : {}),
    auto_retry: s.autoRetry,
    notify_first_error: s.autoRetry && s.notifyFirstError,
  };
}

/** The request fields the settings panel owns (a 400 naming one is shown there). */
export const SETTINGS_FIELDS = ['concurrency', 'throttle', 'queue_size', 'memory_mb', 'auto_retry', 'notify_first_error'];
