import { RunnelError } from '../../shared/errors';
import type { ConfigurableProp } from '../../shared/resources';
import type { ConfigureCall, ConfigureResult, Sandbox } from '../domain/sandbox';
import type { PropDescriptor } from '../domain/components';
import type { ComponentDoc } from '../store/document-types';
import type { Accounts } from './accounts';
import { configurableProps, INTERFACE_TYPES } from '../engine/props/props';
import { mergeProps } from '../engine/props/dynamic-props';
import { dataStoreInterfaces } from '../engine/props/data-store-props';
import { scrubOfClearValues } from './secret-scrubber';
import { dataStoreIdOf } from '../../shared/data-stores';

/**
 * Configuration-time calls of a component, run in the sandbox: async `options()` of a prop and
 * `additionalProps()`, which turns configured values into more props. A `ConfigurationError`
 * becomes a 400 with its message.
 */
export class ComponentConfig {
  constructor(
    private readonly sandbox: Sandbox,
    private readonly accounts?: Accounts,
  ) {}

  async options(comp: ComponentDoc, prop: string, q: { configured_props?: Record<string, unknown>; page?: number; prevContext?: unknown; query?: string }) {
    const known = comp.props.find((p) => p.name === prop);
    if (!known) throw new RunnelError('not_found', `The component has no prop "${prop}"`);
    if (known.options !== true) {
      // Static options are answered without running code.
      if (Array.isArray(known.options)) return { options: known.options, context: null };
      throw new RunnelError('bad_request', `Prop "${prop}" has no options`);
    }
    const configured = q.configured_props ?? {};
    // A data store that additionalProps() added is live here too, once it is configured.
    const props = hasDynamicValues(comp, configured) ? await this.props(comp, configured) : comp.props;
    const r = await this.call(comp, { kind: 'options', prop, page: q.page ?? 0, prevContext: q.prevContext, query: q.query }, configured, props);
    return r.kind === 'options' ? { options: r.options, context: r.context } : { options: [], context: null };
  }

  /**
   * The component's full prop set for these configured values (static + additional). The
   * data_store props an answer adds are live in the next call once configured, so a call is
   * repeated while it adds configured stores that were not live yet (at most a few times).
   */
  async props(comp: ComponentDoc, configured: Record<string, unknown>): Promise<PropDescriptor[]> {
    if (!comp.has_additional_props) return comp.props;
    let props = comp.props;
    for (let round = 0; round < MAX_STORE_ROUNDS; round++) {
      const r = await this.call(comp, { kind: 'additionalProps', previousPropDefs: comp.props }, configured, props);
      const next = mergeProps(comp.props, r.kind === 'additionalProps' ? r.props : []);
      if (liveStores(next, configured) === liveStores(props, configured)) return next;
      props = next;
    }
    return props;
  }

  async reload(comp: ComponentDoc, configured: Record<string, unknown>): Promise<ConfigurableProp[]> {
    return configurableProps(await this.props(comp, configured));
  }

  /** `props`: the prop set whose configured data_store props are live in the call. */
  private async call(comp: ComponentDoc, call: ConfigureCall, configured: Record<string, unknown>, props: PropDescriptor[]): Promise<ConfigureResult> {
    // A store given for a prop no answer has declared yet is left out rather than passed as a
    // plain {data_store_id} object: the next round has it live once it is declared.
    const known = new Set(props.map((p) => p.name));
    const values = Object.fromEntries(
      Object.entries(configured).filter(
        ([k, v]) => !INTERFACE_TYPES.has(comp.props.find((p) => p.name === k)?.type ?? '') && (known.has(k) || dataStoreIdOf(v) === undefined),
      ),
    );
    // App props carry their account's credentials as `$auth`, as in a run.
    for (const p of comp.props) if (p.type === 'app' && this.accounts) values[p.name] = this.accounts.authOf(configured[p.name]);
    try {
      return await this.sandbox.configure(comp.compiled, comp.code_hash, call, values, dataStoreInterfaces(props, configured));
    } catch (err) {
      if (err instanceof RunnelError) throw err;
      // The component's error is answered to the client: never with the values' secrets in clear.
      const e = scrubOfClearValues(comp.props, configured, this.accounts?.credentialTexts(configured) ?? []).error(err as Error);
      if (e.name === 'ConfigurationError') throw new RunnelError('configuration_error', e.message);
      const what = call.kind === 'options' ? `options() of prop "${call.prop}"` : 'additionalProps()';
      throw new RunnelError('unprocessable', `${what} failed: ${e.name}: ${e.message}`);
    }
  }
}

/** additionalProps() may add data stores, which may add more: a bound on the repeats. */
const MAX_STORE_ROUNDS = 3;

/** Which configured data stores are live with this prop set, as one comparable text. */
function liveStores(props: PropDescriptor[], configured: Record<string, unknown>): string {
  return Object.keys(dataStoreInterfaces(props, configured)).sort().join('\n');
}

/** Whether `configured` holds values of props the component does not declare itself (dynamic ones). */
function hasDynamicValues(comp: ComponentDoc, configured: Record<string, unknown>): boolean {
  return comp.has_additional_props === true && Object.keys(configured).some((k) => !comp.props.some((p) => p.name === k));
}
