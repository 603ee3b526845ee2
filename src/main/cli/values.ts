import { readFile } from 'node:fs/promises';
import { DurationError, parseDuration } from '../../shared/duration';
import { CliError } from './errors';

/** Commander collector for a repeatable `--prop name=value`. */
export function collectProp(value: string, acc: string[] = []): string[] {
  return [...acc, value];
}

/**
 * `--prop name=value` pairs as configured props: a value that parses as JSON is taken as JSON
 * (`n=3`, `obj={"a":1}`, `on=true`), anything else as the text itself.
 */
export function parseProps(pairs: string[] = []): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const pair of pairs) {
    const i = pair.indexOf('=');
    if (i <= 0) throw new CliError(`--prop wants name=value, got "${pair}"`);
    props[pair.slice(0, i)] = parseLoose(pair.slice(i + 1));
  }
  return props;
}

/** JSON when it parses as JSON, else the text. */
export function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * `--event JSON|@file`: the event to run with. A file saved from the UI's event inspector
 * (`{"runnel_fixture": 1, "event": …}`) gives its `event`.
 */
export async function parseEvent(arg: string | undefined): Promise<unknown> {
  if (arg === undefined) return undefined;
  let text = arg;
  let where = '--event';
  if (arg.startsWith('@')) {
    where = arg.slice(1);
    try {
      text = await readFile(where, 'utf8');
    } catch (err) {
      throw new CliError(`cannot read ${where}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new CliError(`${where} is not valid JSON (${(err as Error).message})`);
  }
  if (value && typeof value === 'object' && (value as { runnel_fixture?: unknown }).runnel_fixture !== undefined) {
    return (value as { event?: unknown }).event;
  }
  return value;
}

/** A duration the user typed (90s, 15m, 2h, 1d), in seconds, or a one-line CLI error (after `label`, e.g. `--since: `). */
export function durationArg(text: string, label = ''): number {
  try {
    return parseDuration(text);
  } catch (err) {
    if (err instanceof DurationError) throw new CliError(`${label}${err.message}`);
    throw err;
  }
}
