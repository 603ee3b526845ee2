// `additionalProps(previousPropDefs)` at configuration time: the props it returns for the
// configured values, described the way inspect describes the component's own props.
import type { ConfigureResult } from '../../../domain/sandbox';
import type { PropDescriptor } from '../../../domain/components';
import { describeProps } from '../component/describe-component';
import type { ComponentObject } from '../component/load-component';
import { kindOf } from '../invoke/value-checks';

type AdditionalPropsResult = Extract<ConfigureResult, { kind: 'additionalProps' }>;
type Fn = (this: unknown, ...args: unknown[]) => unknown;

/** Calls `additionalProps` with `self` as `this`; a component without it has no extra props. */
export async function additionalProps(comp: ComponentObject, self: object, previousPropDefs: PropDescriptor[]): Promise<AdditionalPropsResult> {
  if (typeof comp.additionalProps !== 'function') return { kind: 'additionalProps', props: [] };
  const answer = await (comp.additionalProps as Fn).call(self, previousPropDefs);
  // `if (!this.kind) return;` is a natural way to say "nothing more yet".
  if (answer === undefined || answer === null) return { kind: 'additionalProps', props: [] };
  if (typeof answer !== 'object' || Array.isArray(answer)) {
    throw new TypeError(`additionalProps() must return an object of prop definitions, got ${kindOf(answer)}`);
  }
  return { kind: 'additionalProps', props: describeProps(answer) };
}
