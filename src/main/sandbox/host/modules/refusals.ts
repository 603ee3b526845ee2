// The errors a component sees when it reaches for something it may not have: every message
// starts with "Runnel: " and says what to use instead.

type ErrorWithCode = Error & { code?: string };

/** An Error with a Runnel message and a code (`ERR_RUNNEL_REFUSED` unless told). */
export function runnelError(message: string, code = 'ERR_RUNNEL_REFUSED'): Error {
  const err: ErrorWithCode = new Error(`Runnel: ${message}`);
  err.code = code;
  return err;
}

/** The message of a refused capability: `<what> is not available to components; <instead>`. */
export function refusalMessage(what: string, instead?: string): string {
  return `${what} is not available to components${instead ? `; ${instead}` : ''}`;
}

/** A function that throws the refusal of `what` whenever it is called. */
export function refuser(what: string, instead?: string): (...args: unknown[]) => never {
  return () => {
    throw runnelError(refusalMessage(what, instead));
  };
}

/** A class that throws the refusal of `new <what>()` (and of a plain call). */
export function refusingClass(what: string, instead?: string): new (...args: unknown[]) => never {
  const Refused = function () {
    throw runnelError(refusalMessage(`new ${what}()`, instead));
  };
  Object.defineProperty(Refused, 'name', { value: what.split('.').pop() });
  return Refused as unknown as new (...args: unknown[]) => never;
}
