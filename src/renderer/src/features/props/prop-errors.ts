import { ApiError, messageOf } from '../../api/client';

export interface PlacedErrors {
  /** A message that names no prop of the form: shown at the top. */
  top: string | null;
  /** Messages by the prop they name. */
  props: Record<string, string>;
}

/**
 * Places an API error where the user acted: at the prop named by `details.prop`, at each prop of
 * `details.missing`, at props quoted in the message (`Prop "amount" must be …`), else at the top.
 */
export function placeErrors(err: unknown, propNames: string[]): PlacedErrors {
  const message = messageOf(err);
  const props: Record<string, string> = {};
  const details = err instanceof ApiError ? err.details : undefined;
  if (typeof details?.prop === 'string' && propNames.includes(details.prop)) props[details.prop] = message;
  if (Array.isArray(details?.missing)) {
    for (const name of details.missing) if (typeof name === 'string' && propNames.includes(name)) props[name] = 'This prop is required';
  }
  if (Object.keys(props).length === 0) {
    const missing = /Missing required props?: (.+)$/m.exec(message);
    if (missing) for (const name of missing[1].split(/,\s*/)) if (propNames.includes(name.trim())) props[name.trim()] = 'This prop is required';
    for (const name of propNames) if (!props[name] && message.includes(`"${name}"`)) props[name] = message;
  }
  return { top: Object.keys(props).length === 0 ? message : null, props };
}
