// JSON typed by the user (an event, a payload): parsed, or a message that says what is wrong.

export type ParsedPayload = { ok: true; value: unknown } | { ok: false; error: string };

/** Parses the edited payload; an error names what JSON.parse found wrong. */
export function parsePayload(text: string): ParsedPayload {
  if (!text.trim()) return { ok: false, error: 'The payload is empty: write a JSON value (for example {}).' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: `Not valid JSON: ${(err as Error).message}` };
  }
}
