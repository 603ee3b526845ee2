// A workflow step's result: exports, summary, exit, and the `$.send.*` records the main
// process carries out. Sends name real destinations (a URL, a folder under the data dir), so
// they get the same checks the runner made at the step's call, again.
import type { PauseRequest, StepResult } from '../../../domain/invocations';
import { LIMITS } from '../../../../shared/limits';
import { s3BucketProblem, s3PrefixProblem } from '../../s3-names';
import { arr, bool, int, jsonBytes, jsonValue, obj, optStr, safeKey, str, stringMap, violation } from './checks';

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

function checkSend(v: unknown, field: string): void {
  const s = obj(v, field);
  switch (s.kind) {
    case 'http': {
      if (typeof s.method !== 'string' || !HTTP_METHODS.has(s.method)) violation(`${field}.method is not an HTTP method this step may use`);
      let url: URL | undefined;
      try {
        url = new URL(str(s.url, `${field}.url`));
      } catch {
        /* reported below */
      }
      if (url?.protocol !== 'http:' && url?.protocol !== 'https:') violation(`${field}.url is not an http(s) URL`);
      if (s.headers !== undefined) stringMap(s.headers, `${field}.headers`);
      if (s.params !== undefined) stringMap(s.params, `${field}.params`);
      if (s.auth !== undefined) {
        const a = obj(s.auth, `${field}.auth`);
        str(a.username, `${field}.auth.username`);
        str(a.password, `${field}.auth.password`);
      }
      jsonValue(s.data, `${field}.data`, true);
      return;
    }
    case 'email':
      str(s.subject, `${field}.subject`);
      optStr(s.text, `${field}.text`);
      optStr(s.html, `${field}.html`);
      return;
    case 's3': {
      const problem = s3BucketProblem(s.bucket) ?? s3PrefixProblem(s.prefix);
      if (problem) violation(`${field}: ${problem}`);
      jsonValue(s.payload, `${field}.payload`);
      return;
    }
    case 'emit':
      jsonValue(s.event, `${field}.event`);
      optStr(s.channel, `${field}.channel`);
      bool(s.raw, `${field}.raw`);
      return;
    case 'sse':
      str(s.channel, `${field}.channel`);
      jsonValue(s.payload, `${field}.payload`, true);
      return;
    default:
      violation(`${field}.kind is not a kind of $.send (${JSON.stringify(String(s.kind)).slice(0, 40)})`);
  }
}

/** A pause request: the runner checked it at the call; a hostile runner must not get past these bounds. */
function checkPause(v: unknown, field: string): PauseRequest {
  const p = obj(v, field);
  int(p.ms, `${field}.ms`, 1, LIMITS.flowMaxPauseMs);
  switch (p.kind) {
    case 'delay':
    case 'suspend':
      return p as unknown as PauseRequest;
    case 'rerun':
      int(p.maxRetries, `${field}.maxRetries`, 0, LIMITS.flowMaxRetries);
      if (jsonBytes(p.context, `${field}.context`) > LIMITS.flowRerunContextBytes) violation(`${field}.context is over ${LIMITS.flowRerunContextBytes} bytes as JSON`);
      return p as unknown as PauseRequest;
    default:
      return violation(`${field}.kind is not a kind of pause (${JSON.stringify(String(p.kind)).slice(0, 40)})`);
  }
}

export function checkStepResult(v: unknown, field: string): StepResult {
  const r = obj(v, field);
  const exports = obj(r.exports, `${field}.exports`);
  for (const k in exports) {
    safeKey(k, `${field}.exports key`);
    jsonValue(exports[k], `${field}.exports["${k.slice(0, 64)}"]`, true);
  }
  optStr(r.summary, `${field}.summary`);
  if (r.exit !== undefined) str(obj(r.exit, `${field}.exit`).reason, `${field}.exit.reason`);
  const sends = arr(r.sends, `${field}.sends`);
  for (let i = 0; i < sends.length; i++) checkSend(sends[i], `${field}.sends[${i}]`);
  bool(r.responded, `${field}.responded`);
  if (r.pause !== undefined) checkPause(r.pause, `${field}.pause`);
  return r as unknown as StepResult;
}
