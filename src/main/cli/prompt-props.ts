import type { ConfigurableProp } from '../../shared/resources';
import { parseLoose } from './values';

// Props the service fills in itself: never asked for.
const PLATFORM = new Set(['$.service.db', '$.interface.http', 'app', '$.interface.apphook', '$.interface.sse']);

/** Required props of `props` with no value in `given` and no default. */
export function missingProps(props: ConfigurableProp[], given: Record<string, unknown>): ConfigurableProp[] {
  return props.filter((p) => !PLATFORM.has(p.type) && !p.optional && p.default === undefined && given[p.name] === undefined);
}

/** Whether the CLI may ask questions: a person at a terminal on both ends. */
export function canPrompt(): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY);
}

/**
 * Asks for each missing required prop (on stderr, so `--json` output stays clean). Options
 * become a list to pick from, secrets are not echoed, a timer takes seconds or a cron line.
 */
export async function promptProps(props: ConfigurableProp[]): Promise<Record<string, unknown>> {
  const { input, password, select, confirm } = await import('@inquirer/prompts');
  const ctx = { output: process.stderr };
  const answers: Record<string, unknown> = {};
  for (const p of props) {
    const message = `${p.label ?? p.name}${p.description ? ` (${p.description})` : ''}`;
    if (p.type === '$.interface.timer') {
      const v = await input({ message: `${message}: seconds between runs, or a cron line`, required: true }, ctx);
      answers[p.name] = /^\d+$/.test(v.trim()) ? { intervalSeconds: Number(v.trim()) } : { cron: v.trim() };
    } else if (p.type === 'boolean') {
      answers[p.name] = await confirm({ message }, ctx);
    } else if (Array.isArray(p.options) && p.options.length > 0 && !p.type.endsWith('[]')) {
      const choices = p.options.map((o) => (o && typeof o === 'object' ? { name: String((o as { label: unknown }).label), value: (o as { value: unknown }).value } : { name: String(o), value: o }));
      answers[p.name] = await select({ message, choices }, ctx);
    } else if (p.secret) {
      answers[p.name] = await password({ message, mask: true }, ctx);
    } else {
      const v = await input({ message, required: true }, ctx);
      answers[p.name] = p.type === 'string' ? v : parseLoose(v);
    }
  }
  return answers;
}
