// What `$.send.s3` accepts as a bucket and a prefix: S3's own naming rules as an allow-list,
// because both become parts of a path under `<dataDir>/s3/`. Checked in the runner (the step
// gets a clear error at its call) and again in the main process, which trusts no runner.

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const IP_ADDRESS = /^\d{1,3}(\.\d{1,3}){3}$/;
const RESERVED_PREFIXES = ['xn--', 'sthree-', 'amzn-s3-demo-'];
const RESERVED_SUFFIXES = ['-s3alias', '--ol-s3', '.mrap', '--x-s3', '--table-s3'];
/** Longer keys are refused by S3 itself (1024 bytes for the whole key). */
const MAX_PREFIX_CHARS = 900;

/** Why `bucket` is not an S3 bucket name, or undefined when it is one. */
export function s3BucketProblem(bucket: unknown): string | undefined {
  const shown = typeof bucket === 'string' ? JSON.stringify(bucket) : bucket === null ? 'null' : typeof bucket;
  const rule = "3-63 of a-z, 0-9, '.', '-'; starting and ending with a letter or digit; no '..'; not an IP address";
  if (typeof bucket !== 'string' || !BUCKET.test(bucket) || bucket.includes('..') || IP_ADDRESS.test(bucket)) {
    return `bucket must be an S3 bucket name (${rule}), got ${shown}`;
  }
  if (RESERVED_PREFIXES.some((p) => bucket.startsWith(p)) || RESERVED_SUFFIXES.some((s) => bucket.endsWith(s))) {
    return `bucket must be an S3 bucket name (S3 reserves names starting with ${RESERVED_PREFIXES.join(', ')} or ending with ${RESERVED_SUFFIXES.join(', ')}), got ${shown}`;
  }
  return undefined;
}

/** Why `prefix` cannot be a key prefix inside a bucket, or undefined when it can. */
export function s3PrefixProblem(prefix: unknown): string | undefined {
  if (typeof prefix !== 'string') return `prefix must be a string, got ${prefix === null ? 'null' : typeof prefix}`;
  const shown = JSON.stringify(prefix);
  if (prefix.length > MAX_PREFIX_CHARS) return `prefix must be at most ${MAX_PREFIX_CHARS} characters, got ${prefix.length}`;
  if (prefix.startsWith('/')) return `prefix must not start with "/", got ${shown}`;
  if (/^[A-Za-z]:/.test(prefix)) return `prefix must not start with a drive letter, got ${shown}`;
  if (prefix.includes('\\')) return `prefix must not contain "\\" (use "/" between folders), got ${shown}`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(prefix)) return `prefix must not contain control characters, got ${shown}`;
  if (prefix.split('/').includes('..')) return `prefix must not contain ".." segments, got ${shown}`;
  return undefined;
}
