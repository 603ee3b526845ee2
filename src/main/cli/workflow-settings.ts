// `runnel update` options for a workflow's execution controls, parsed into the REST body.
import type { UpdateWorkflowBody } from '../../shared/api';
import { CliError } from './errors';

export interface SettingsOptions {
  concurrency?: string;
  throttle?: string;
  queueSize?: string;
  timeout?: string;
  memory?: string;
}

const FLAGS: Record<keyof SettingsOptions, string> = {
  concurrency: '--concurrency',
  throttle: '--throttle',
  queueSize: '--queue-size',
  timeout: '--timeout',
  memory: '--memory',
};

/** The flags given, for the error a source gets (these are workflow settings). */
export function settingsFlags(o: SettingsOptions): string[] {
  return (Object.keys(FLAGS) as (keyof SettingsOptions)[]).filter((k) => o[k] !== undefined).map((k) => FLAGS[k]);
}

/** The body fields; the service checks the ranges and says what is wrong. */
export function settingsBody(o: SettingsOptions): Partial<UpdateWorkflowBody> {
  const out: Record<string, unknown> = {};
  const num = (flag: string, v: string) => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n)) throw new CliError(`${flag} takes a number (got "${v}")`);
    return n;
  };
  if (o.concurrency !== undefined) out.concurrency = o.concurrency === 'unlimited' ? null : num('--concurrency', o.concurrency);
  if (o.throttle !== undefined) out.throttle = o.throttle === 'none' ? null : throttle(o.throttle);
  if (o.queueSize !== undefined) out.queue_size = num('--queue-size', o.queueSize);
  if (o.timeout !== undefined) out.timeout_seconds = num('--timeout', o.timeout);
  if (o.memory !== undefined) out.memory_mb = num('--memory', o.memory);
  return out as Partial<UpdateWorkflowBody>;
}

function throttle(v: string): UpdateWorkflowBody['throttle'] {
  const m = /^(\d+)\/(?:(\d+)\s*)?(second|minute|hour)s?$/.exec(v.trim());
  if (!m) throw new CliError(`--throttle takes LIMIT/UNIT or LIMIT/INTERVAL UNIT, such as 20/minute or 100/5 seconds, or "none" (got "${v}")`);
  return { limit: Number(m[1]), interval: m[2] ? Number(m[2]) : 1, unit: m[3] as 'second' | 'minute' | 'hour' };
}
