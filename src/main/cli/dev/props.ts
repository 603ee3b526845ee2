import type { ConfigurableProp } from '../../../shared/resources';
import { CliError } from '../errors';

/** Collects repeated `--prop name=value` flags (commander's option parser). */
export function collectProp(value: string, acc: string[]): string[] {
  return [...acc, value];
}

/**
 * Turns `name=value` pairs into `configured_props`, typed by what the component declares: a
 * string prop keeps the text as it is, numbers and booleans are converted, anything else (timer,
 * objects, arrays, undeclared props) is read as JSON when it parses and as text otherwise.
 */
export function parseProps(pairs: string[], declared: ConfigurableProp[]): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`--prop ${pair}: write it as name=value`);
    const name = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    const type = declared.find((p) => p.name === name)?.type;
    props[name] = convert(name, raw, type);
  }
  return props;
}

function convert(name: string, raw: string, type: string | undefined): unknown {
  if (type === 'string') return raw;
  if (type === 'integer') {
    const n = Number(raw);
    if (!Number.isInteger(n)) throw new CliError(`--prop ${name}: "${raw}" is not an integer`);
    return n;
  }
  if (type === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw new CliError(`--prop ${name}: write true or false`);
    return raw === 'true';
  }
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
