import type { PropDescriptor } from '../domain/components';
import { SecretBox } from '../store/secret-box';
import { HTTP_REQUEST_TYPE } from '../../shared/http-request';
import { mapRequestSecrets, requestSecrets, sealRequestSecrets } from './http-request-secrets';

/** What API responses show instead of a secret prop's value. */
export const SECRET_MASK = '********';

const secretNames = (props: PropDescriptor[]) => new Set(props.filter((p) => p.secret && p.type === 'string').map((p) => p.name));

/**
 * Secret props through their life: sealed before they are stored, revealed only for the
 * sandbox, masked wherever they would be shown (API, logs, exports).
 */
export class Secrets {
  constructor(private readonly box: SecretBox) {}

  /** Seals the secret props among `values`; a value equal to the mask keeps `previous`. */
  seal(props: PropDescriptor[], values: Record<string, unknown>, previous: Record<string, unknown> = {}): Record<string, unknown> {
    const names = secretNames(props);
    const out = { ...values };
    for (const name of names) {
      const v = out[name];
      if (v === SECRET_MASK && previous[name] !== undefined) out[name] = previous[name];
      else if (typeof v === 'string' && !SecretBox.isSealed(v)) out[name] = this.box.seal(v);
    }
    for (const p of props) if (p.type === HTTP_REQUEST_TYPE && p.name in out) out[p.name] = sealRequestSecrets(out[p.name], previous[p.name], { seal: (s) => this.box.seal(s), isSealed: SecretBox.isSealed, mask: SECRET_MASK });
    return out;
  }

  /** The values the component sees. */
  reveal(values: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) out[k] = SecretBox.isSealed(v) ? this.box.open(v) : mapRequestSecrets(v, (s) => (SecretBox.isSealed(s) ? this.box.open(s) : s));
    return out;
  }

  /** The values API responses show. */
  mask(values: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) out[k] = SecretBox.isSealed(v) ? SECRET_MASK : mapRequestSecrets(v, (s) => (SecretBox.isSealed(s) ? SECRET_MASK : s));
    return out;
  }

  /**
   * Replaces each secret's clear text inside `text` by the mask (log lines, exports): the sealed
   * values among `values`, and `clear` texts such as connected accounts' credentials.
   */
  scrub(text: string, values: Record<string, unknown>, clear: string[] = []): string {
    return maskTexts(text, this.clearTexts(values, clear));
  }

  /** The clear texts to mask for `values`: its sealed values (secret props, http_request secrets) opened, then `clear`. */
  clearTexts(values: Record<string, unknown>, clear: string[] = []): string[] {
    const sealed = Object.values(values).flatMap((x) => [x, ...requestSecrets(x)]).filter(SecretBox.isSealed);
    return [...sealed.map((v) => this.box.open(v)), ...clear];
  }
}

/** `text` with each of `plains` (of 4 characters or more) replaced by the mask. */
export function maskTexts(text: string, plains: string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is masked whole.
  for (const plain of [...plains].sort((a, b) => b.length - a.length)) if (plain.length >= 4 && out.includes(plain)) out = out.split(plain).join(SECRET_MASK);
  return out;
}
