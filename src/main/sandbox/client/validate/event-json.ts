// The JSON text of each emitted event, made once when its emit is checked (outcome.ts) and
// kept so that the journal writes that text instead of serializing the event again. Kept in a
// WeakMap beside the message, not in a field of it: nothing a runner sends can put text here.
const checked = new WeakMap<object, string>();

/** Notes `json` (JSON.stringify of `emit.event`, just made by the checks) for `emit`. */
export function noteCheckedEventJson(emit: object, json: string): void {
  checked.set(emit, json);
}

/** The JSON text of `emit.event` as the checks made it, if `emit` came through them. */
export function checkedEventJson(emit: object): string | undefined {
  return checked.get(emit);
}
