// JSON objects that carry their own checksum: `{"#":"<crc32 of the rest's JSON>",…the rest}`.
// The text is still JSON, and one changed in any way (even into other valid JSON) no longer
// matches its checksum. Used for journal lines and for the documents file.
import { crc32 } from 'node:zlib';

const CHECKSUM = /^\{"#":"([0-9a-f]{8})"([,}])/;
const crcOf = (json: string) => crc32(json).toString(16).padStart(8, '0');

/** A value as checked JSON text (only objects get a checksum; other values are plain JSON). */
export function encodeChecked(value: unknown): string {
  return withChecksum(JSON.stringify(value));
}

/** JSON text of a value, checked (see `encodeChecked`). */
export function withChecksum(json: string): string {
  if (json[0] !== '{') return json;
  return json === '{}' ? `{"#":"${crcOf(json)}"}` : `{"#":"${crcOf(json)}",${json.slice(1)}`;
}

/** The value of checked JSON text; throws if it is not JSON or does not match its checksum. Text without one is taken as it is. */
export function decodeChecked(text: string): unknown {
  const m = CHECKSUM.exec(text);
  if (!m) return JSON.parse(text);
  const json = m[2] === '}' ? '{}' : `{${text.slice(m[0].length)}`;
  if (crcOf(json) !== m[1]) throw new ChecksumMismatch();
  return JSON.parse(json);
}

export class ChecksumMismatch extends Error {
  constructor() {
    super('checksum mismatch');
    this.name = 'ChecksumMismatch';
  }
}
