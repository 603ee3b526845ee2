// A prop's async `options({ page, prevContext, query })` at configuration time. Its answer is
// checked and copied here, so a bad shape is reported as the component's mistake, naming the
// prop, instead of failing on the way to the main process.
import type { ConfigureCall, ConfigureResult } from '../../../domain/sandbox';
import type { ComponentObject } from '../component/load-component';
import { resolvePropDefinition } from '../component/prop-definitions';
import { copyOf, kindOf } from '../invoke/value-checks';

type OptionsCall = Extract<ConfigureCall, { kind: 'options' }>;
type OptionsResult = Extract<ConfigureResult, { kind: 'options' }>;
type Fn = (this: unknown, ...args: unknown[]) => unknown;

function optionsFunction(comp: ComponentObject, prop: string, self: object): { fn: Fn; thisArg: unknown; extra: Record<string, unknown> } {
  const props = comp.props as Record<string, unknown> | null | undefined;
  const raw = typeof props === 'object' && props !== null && Object.hasOwn(props, prop) ? props[prop] : undefined;
  if (raw === undefined) throw new Error(`The component has no prop "${prop}"`);
  const { def, app, inputValues } = resolvePropDefinition(raw);
  if (typeof def.options !== 'function') throw new Error(`Prop "${prop}" has no async options`);
  if (!app) return { fn: def.options as Fn, thisArg: self, extra: {} };
  // A borrowed definition's options run as the app (its methods and $auth), with inputValues.
  const appProp = Object.entries(props ?? {}).find(([, v]) => v === app)?.[0];
  const thisArg = appProp ? (self as Record<string, unknown>)[appProp] : self;
  const values = typeof inputValues === 'function' ? (inputValues as Fn).call(self, self) : inputValues;
  return { fn: def.options as Fn, thisArg, extra: typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {} };
}

/** An array answer, or `{ options, context }`, as its two parts. */
function split(answer: unknown, what: string): { options: unknown[]; context: unknown } {
  if (Array.isArray(answer)) return { options: answer, context: null };
  if (typeof answer === 'object' && answer !== null) {
    const { options, context } = answer as { options?: unknown; context?: unknown };
    if (Array.isArray(options)) return { options, context: context ?? null };
    throw new TypeError(`${what} returned an object whose "options" is ${kindOf(options)}, not an array`);
  }
  throw new TypeError(`${what} must return an array of options or { options, context }, got ${kindOf(answer)}`);
}

/** A string, number, boolean, or `{ label: string, value }`: what a prop's dropdown can show. */
function checkOption(o: unknown, index: number, what: string): void {
  if (typeof o === 'string' || typeof o === 'number' || typeof o === 'boolean') return;
  if (typeof o === 'object' && o !== null && !Array.isArray(o)) {
    const { label, value } = o as { label?: unknown; value?: unknown };
    if (typeof label === 'string' && value !== undefined) return;
    throw new TypeError(`${what} returned an invalid option at index ${index}: an object needs a string "label" and a "value"`);
  }
  throw new TypeError(`${what} returned an invalid option at index ${index}: expected a string, number, boolean or { label, value }, got ${kindOf(o)}`);
}

/** Calls the async options of `call.prop` with `self` as `this`; the answer normalised and copied. */
export async function propOptions(comp: ComponentObject, self: object, call: OptionsCall): Promise<OptionsResult> {
  const { fn, thisArg, extra } = optionsFunction(comp, call.prop, self);
  const answer = await fn.call(thisArg, { ...extra, page: call.page, prevContext: call.prevContext, query: call.query });
  const what = `options() of prop "${call.prop}"`;
  const { options, context } = split(answer, what);
  return {
    kind: 'options',
    options: options.map((o, i) => {
      checkOption(o, i, what);
      return copyOf(o, `${what}: the option at index ${i}`);
    }),
    context: copyOf(context, `${what}: the context`),
  };
}
