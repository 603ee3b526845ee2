import type { TriggerInput } from '../../domain/triggers';
import { emailEventOf } from './email-event';

/** An e-mail trigger's run input: the HTTP request it arrived as, read as the RFC 822 message it carries. */
export function emailInput(input: TriggerInput): TriggerInput {
  const http = input.event as { bodyRaw?: unknown } | undefined;
  // A run by hand (or a test) may give the e-mail event itself, or a raw message as `bodyRaw`.
  if (typeof http?.bodyRaw !== 'string') return input;
  return { ...input, event: emailEventOf(http.bodyRaw) };
}
