// Answers to inspect and configure jobs: a component's description and a configuration call's
// result. The catalog and the REST API build on them, so their shapes are checked here.
import type { RunnerMessage } from '../../protocol';
import { checkError } from './outcome';
import { arr, bool, jsonValue, obj, str, violation, type Obj } from './checks';

type Msg<T extends RunnerMessage['type']> = Extract<RunnerMessage, { type: T }>;

function checkProps(v: unknown, field: string): void {
  const props = arr(v, field);
  for (let i = 0; i < props.length; i++) {
    const p = obj(props[i], `${field}[${i}]`);
    str(p.name, `${field}[${i}].name`);
    jsonValue(p, `${field}[${i}]`);
  }
}

function checkStrings(v: unknown, field: string): void {
  const list = arr(v, field);
  for (let i = 0; i < list.length; i++) str(list[i], `${field}[${i}]`);
}

export function checkInspected(m: Obj): Msg<'inspected'> {
  if (!bool(m.ok, 'inspected.ok')) {
    checkError(m.error, 'inspected.error');
    return m as Msg<'inspected'>;
  }
  const meta = obj(m.meta, 'inspected.meta');
  checkProps(meta.props, 'inspected.meta.props');
  checkStrings(meta.methods, 'inspected.meta.methods');
  checkStrings(meta.hooks, 'inspected.meta.hooks');
  bool(meta.hasRun, 'inspected.meta.hasRun');
  bool(meta.hasAdditionalProps, 'inspected.meta.hasAdditionalProps');
  // name, key, version, ... are `unknown` by design: the catalog checks them like user input.
  jsonValue(meta, 'inspected.meta');
  return m as Msg<'inspected'>;
}

export function checkConfigured(m: Obj): Msg<'configured'> {
  if (!bool(m.ok, 'configured.ok')) {
    checkError(m.error, 'configured.error');
    return m as Msg<'configured'>;
  }
  const r = obj(m.result, 'configured.result');
  if (r.kind === 'options') {
    arr(r.options, 'configured.result.options');
    jsonValue(r.options, 'configured.result.options');
    jsonValue(r.context, 'configured.result.context', true);
  } else if (r.kind === 'additionalProps') {
    checkProps(r.props, 'configured.result.props');
  } else if (r.kind === 'expressions') {
    const values = arr(r.values, 'configured.result.values');
    for (let i = 0; i < values.length; i++) jsonValue(obj(values[i], `configured.result.values[${i}]`), `configured.result.values[${i}]`);
  } else {
    violation('configured.result.kind is not "options", "additionalProps" or "expressions"');
  }
  return m as Msg<'configured'>;
}
