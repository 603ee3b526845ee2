import { RunnelError } from '../../shared/errors';
import type { ConfigurableProp } from '../../shared/resources';
import type { ConfigureCall, ConfigureResult, Sandbox } from '../domain/sandbox';
import type { PropDescriptor } from '../domain/components';
import type { ComponentDoc } from '../store/document-types';
import type { Accounts } from './accounts';
import { configurableProps, INTERFACE_TYPES } from '../engine/props/props';
import { dataStoreInterfaces } from '../engine/props/data-store-props';
import { scrubOfClearValues } from './secret-scrubber';

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
    const r = await this.call(comp, { kind: 'options', prop, page: q.page ?? 0, prevContext: q.prevContext, query: q.query }, q.configured_props ?? {});
    return r.kind === 'options' ? { options: r.options, context: r.context } : { options: [], context: null };
  }

  /** The component's full prop set for these configured values (static + additional). */
  async props(comp: ComponentDoc, configured: Record<string, unknown>): Promise<PropDescriptor[]> {
    if (!comp.has_additional_props) return comp.props;
    const r = await this.call(comp, { kind: 'additionalProps', previousPropDefs: comp.props }, configured);
    const extra = r.kind === 'additionalProps' ? r.props : [];
    // Each additionalProps answer replaces the previous one and merges with `props`.
    const merged = new Map(comp.props.map((p) => [p.name, p]));
    for (const p of extra) merged.set(p.name, p);
    return [...merged.values()];
  }

  async reload(comp: ComponentDoc, configured: Record<string, unknown>): Promise<ConfigurableProp[]> {
    return configurableProps(await this.props(comp, configured));
  }

  private async call(comp: ComponentDoc, call: ConfigureCall, configured: Record<string, unknown>): Promise<ConfigureResult> {
    const values = Object.fromEntries(
      Object.entries(configured).filter(([k]) => !INTERFACE_TYPES.has(comp.props.find((p) => p.name === k)?.type ?? '')),
    );
    // App props carry their account's credentials as `$auth`, as in a run.
    for (const p of comp.props) if (p.type === 'app' && this.accounts) values[p.name] = this.accounts.authOf(configured[p.name]);
    try {
      return await this.sandbox.configure(comp.compiled, comp.code_hash, call, values, dataStoreInterfaces(comp.props, configured));
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
