// Built-ins a compartment gets as its own frozen copy, built from an allow-list of export names:
// a function or object export is there only when listed below (primitives, being inert, always
// are); a function Node adds later is refused until someone reads it and lists it. Accessors
// are read once, so no setter reaches the real module.
//
// What was checked, module by module (Node 20), and what was taken out:
// - crypto: setEngine (loads native code), setFips and the `fips` setter (switch the whole
//   process) are refused; prng/rng/pseudoRandomBytes setters dropped (they swap the function
//   every component reads). Nothing else loads code or holds process state.
// - buffer: INSPECT_MAX_BYTES setter dropped (process-wide); resolveObjectURL refused (blob:
//   URLs are one registry for the runner, so it reads other components' blobs).
// - events: setMaxListeners() without targets, and the defaultMaxListeners / captureRejections
//   setters, change every emitter on the runner: here they change only this compartment's value.
// - stream: setDefaultHighWaterMark refused (every stream on the runner).
// - util: log refused (writes to the runner's own stdout); debuglog/debug are quiet (they
//   write to the runner's stderr); deprecate warns in the component's log, not the runner's;
//   inspect.defaultOptions is read-only here (Node's setter and object are process-wide).
// - url, querystring, path(+posix/win32), string_decoder, zlib, assert(+strict), util/types,
//   stream/promises|web|consumers, punycode: pure functions and classes; the
//   objects they export (constants, path.win32, util.types, ...) are locked by host-hardening.
import { functionFacade } from './function-facade';
import { refuser } from './refusals';

type Fn = (this: unknown, ...args: unknown[]) => unknown;
type Obj = Record<string, unknown>;

/** What a copy may need from its compartment. */
export interface CopyContext {
  /** A warning line in the component's own log. */
  warn(message: string): void;
}

interface CopySpec {
  keep: readonly string[];
  /** Refused with a reason (the part of the message after "not available to components;"). */
  refuse?: Readonly<Record<string, string>>;
  /** Compartment-local replacements. */
  local?(real: Obj, ctx: CopyContext): PropertyDescriptorMap;
}

const w = (s: string): string[] => s.split(/\s+/).filter(Boolean);

const NO_ENGINES = 'OpenSSL engines load native code; use the built-in algorithms';
const PATH = w('resolve normalize isAbsolute join relative toNamespacedPath dirname basename extname format parse matchesGlob win32 posix _makeLong');
const ASSERT = w(`fail AssertionError ok equal notEqual deepEqual notDeepEqual deepStrictEqual notDeepStrictEqual strictEqual
  notStrictEqual throws rejects doesNotThrow doesNotReject ifError match doesNotMatch CallTracker strict`);

const SPECS: Readonly<Record<string, CopySpec>> = {
  crypto: {
    keep: w(`checkPrime checkPrimeSync createCipheriv createDecipheriv createDiffieHellman createDiffieHellmanGroup createECDH
      createHash createHmac createPrivateKey createPublicKey createSecretKey createSign createVerify diffieHellman generatePrime
      generatePrimeSync getCiphers getCipherInfo getCurves getDiffieHellman getHashes hkdf hkdfSync pbkdf2 pbkdf2Sync
      generateKeyPair generateKeyPairSync generateKey generateKeySync privateDecrypt privateEncrypt publicDecrypt publicEncrypt
      randomBytes randomFill randomFillSync randomInt randomUUID scrypt scryptSync sign timingSafeEqual getFips verify hash
      Certificate Cipher Cipheriv Decipher Decipheriv DiffieHellman DiffieHellmanGroup ECDH Hash Hmac KeyObject Sign Verify
      X509Certificate secureHeapUsed createCipher createDecipher constants webcrypto subtle getRandomValues prng
      pseudoRandomBytes rng`),
    refuse: { setEngine: NO_ENGINES, setFips: 'FIPS mode would switch every component on the runner' },
    local: (real) => ({
      fips: { get: () => real.fips, set: refuser('setting crypto.fips', 'FIPS mode would switch every component on the runner'), enumerable: true },
    }),
  },
  buffer: {
    keep: w('Buffer SlowBuffer transcode isUtf8 isAscii btoa atob constants Blob File'),
    refuse: { resolveObjectURL: 'blob: URLs are shared by every component on the runner; pass the Blob itself' },
  },
  url: { keep: w('Url parse resolve resolveObject format URL URLSearchParams domainToASCII domainToUnicode pathToFileURL fileURLToPath urlToHttpOptions') },
  querystring: { keep: w('unescapeBuffer unescape escape stringify encode parse decode') },
  stream: {
    keep: w(`isDestroyed isDisturbed isErrored isReadable isWritable Readable Writable Duplex Transform PassThrough duplexPair
      pipeline addAbortSignal finished destroy compose getDefaultHighWaterMark promises Stream _isArrayBufferView _isUint8Array
      _uint8ArrayToBuffer`),
    refuse: { setDefaultHighWaterMark: 'it would change every stream on the runner; pass highWaterMark to the stream' },
  },
  'stream/promises': { keep: w('finished pipeline') },
  'stream/web': {
    keep: w(`ReadableStream ReadableStreamDefaultReader ReadableStreamBYOBReader ReadableStreamBYOBRequest ReadableByteStreamController
      ReadableStreamDefaultController TransformStream TransformStreamDefaultController WritableStream WritableStreamDefaultWriter
      WritableStreamDefaultController ByteLengthQueuingStrategy CountQueuingStrategy TextEncoderStream TextDecoderStream
      CompressionStream DecompressionStream`),
  },
  'stream/consumers': { keep: w('arrayBuffer blob buffer text json') },
  events: {
    keep: w(`addAbortListener once on getEventListeners getMaxListeners EventEmitter captureRejectionSymbol EventEmitterAsyncResource
      errorMonitor init listenerCount`),
    local: eventsLocal,
  },
  util: {
    keep: w(`_errnoException _exceptionWithHostPort _extend callbackify format styleText formatWithOptions getSystemErrorMap
      getSystemErrorName inherits isArray isBoolean isBuffer isDeepStrictEqual isNull isNullOrUndefined isNumber isString isSymbol
      isUndefined isRegExp isObject isDate isError isFunction isPrimitive promisify stripVTControlCharacters toUSVString
      transferableAbortSignal transferableAbortController aborted types parseEnv parseArgs TextDecoder TextEncoder MIMEType MIMEParams`),
    refuse: { log: "it writes to the runner's own output; use console.log" },
    local: utilLocal,
  },
  'util/types': {
    keep: w(`isExternal isDate isArgumentsObject isBigIntObject isBooleanObject isNumberObject isStringObject isSymbolObject
      isNativeError isRegExp isAsyncFunction isGeneratorFunction isGeneratorObject isPromise isMap isSet isMapIterator isSetIterator
      isWeakMap isWeakSet isArrayBuffer isDataView isSharedArrayBuffer isProxy isModuleNamespaceObject isAnyArrayBuffer
      isBoxedPrimitive isArrayBufferView isTypedArray isUint8Array isUint8ClampedArray isUint16Array isUint32Array isInt8Array
      isInt16Array isInt32Array isFloat32Array isFloat64Array isBigInt64Array isBigUint64Array isKeyObject isCryptoKey`),
  },
  zlib: {
    keep: w(`crc32 Deflate Inflate Gzip Gunzip DeflateRaw InflateRaw Unzip BrotliCompress BrotliDecompress deflate deflateSync gzip
      gzipSync deflateRaw deflateRawSync unzip unzipSync inflate inflateSync gunzip gunzipSync inflateRaw inflateRawSync
      brotliCompress brotliCompressSync brotliDecompress brotliDecompressSync createDeflate createInflate createDeflateRaw
      createInflateRaw createGzip createGunzip createUnzip createBrotliCompress createBrotliDecompress constants codes`),
  },
  path: { keep: PATH },
  'path/posix': { keep: PATH },
  'path/win32': { keep: PATH },
  string_decoder: { keep: ['StringDecoder'] },
  assert: { keep: ASSERT },
  'assert/strict': { keep: ASSERT },
  punycode: { keep: w('ucs2 decode encode toASCII toUnicode') },
};

/** Names of the built-ins given as copies. */
export const COPIED_MODULES: readonly string[] = Object.keys(SPECS);

function eventsLocal(real: Obj): PropertyDescriptorMap {
  let defaultMax = real.defaultMaxListeners as number;
  let capture = real.captureRejections as boolean;
  const setMax = real.setMaxListeners as Fn;
  return {
    defaultMaxListeners: {
      get: () => defaultMax,
      set: (n: unknown) => {
        if (typeof n !== 'number' || !(n >= 0)) throw new RangeError('The value of "defaultMaxListeners" must be a non-negative number');
        defaultMax = n;
      },
      enumerable: true,
    },
    captureRejections: {
      get: () => capture,
      set: (v: unknown) => {
        if (typeof v !== 'boolean') throw new TypeError('The "EventEmitter.captureRejections" property must be of type boolean');
        capture = v;
      },
      enumerable: true,
    },
    setMaxListeners: {
      value: (n: unknown = defaultMax, ...targets: unknown[]) => {
        if (targets.length > 0) return setMax(n, ...targets);
        if (typeof n !== 'number' || !(n >= 0)) throw new RangeError('The value of "n" must be a non-negative number');
        defaultMax = n;
        return undefined;
      },
      enumerable: true,
    },
  };
}

function utilLocal(real: Obj, ctx: CopyContext): PropertyDescriptorMap {
  const realInspect = real.inspect as Fn & Obj;
  const inspect = function inspect(this: unknown, ...args: unknown[]) {
    return Reflect.apply(realInspect, this, args);
  };
  Object.defineProperties(inspect, {
    custom: { value: realInspect.custom, enumerable: true },
    colors: { value: realInspect.colors, enumerable: true },
    styles: { value: realInspect.styles, enumerable: true },
    defaultOptions: {
      get: () => Object.freeze({ ...(realInspect.defaultOptions as object) }),
      set: refuser('setting util.inspect.defaultOptions', 'it is shared by every component on the runner; pass options to util.inspect()'),
      enumerable: true,
    },
  });
  Object.freeze(inspect);
  const quiet = () => Object.freeze(Object.assign(() => {}, { enabled: false }));
  const deprecate = (fn: unknown, message: unknown) => {
    if (typeof fn !== 'function') throw new TypeError('The "fn" argument must be of type function');
    let warned = false;
    const deprecated = function (this: unknown, ...args: unknown[]) {
      if (!warned) {
        warned = true;
        ctx.warn(`DeprecationWarning: ${String(message)}`);
      }
      return new.target ? Reflect.construct(fn as Fn, args, new.target) : Reflect.apply(fn as Fn, this, args);
    };
    Object.setPrototypeOf(deprecated, fn);
    if ((fn as Fn).prototype) deprecated.prototype = (fn as Fn).prototype;
    return deprecated;
  };
  return {
    inspect: { value: inspect, enumerable: true },
    debuglog: { value: quiet, enumerable: true },
    debug: { value: quiet, enumerable: true },
    deprecate: { value: deprecate, enumerable: true },
  };
}

function readExport(real: object, key: string): unknown {
  const d = Object.getOwnPropertyDescriptor(real, key);
  if (!d) return undefined;
  return 'value' in d ? d.value : d.get?.call(real);
}

/** The descriptors of `name`'s copy; `self` stands for the module itself where it names itself. */
function copyDescriptors(name: string, spec: CopySpec, real: object, ctx: CopyContext, self: unknown): PropertyDescriptorMap {
  const out: PropertyDescriptorMap = {};
  const keep = new Set(spec.keep);
  for (const key of Object.keys(Object.getOwnPropertyDescriptors(real))) {
    if (typeof real === 'function' && (key === 'length' || key === 'name' || key === 'prototype')) continue;
    let value: unknown;
    if (spec.refuse?.[key]) value = refuser(`${name}.${key}()`, spec.refuse[key]);
    else {
      value = readExport(real, key);
      const primitive = value === null || (typeof value !== 'object' && typeof value !== 'function');
      if (value === real) value = self;
      else if (!keep.has(key) && !primitive) value = typeof value === 'function' ? refuser(`${name}.${key}()`) : undefined;
    }
    if (value !== undefined) out[key] = { value, enumerable: true };
  }
  Object.assign(out, spec.local?.(real as Obj, ctx));
  return out;
}

/** The compartment's copy of a built-in listed above (undefined for any other name). */
export function copyModule(name: string, real: unknown, ctx: CopyContext): unknown {
  const spec = SPECS[name];
  if (!spec) return undefined;
  if (typeof real === 'function') {
    // events, stream and assert export a function: `class X extends EventEmitter` needs one.
    return functionFacade(real as Fn, { statics: (self) => copyDescriptors(name, spec, real, ctx, self) });
  }
  const copy = Object.create(Object.getPrototypeOf(real) as object | null) as object;
  Object.defineProperties(copy, copyDescriptors(name, spec, real as object, ctx, copy));
  return Object.freeze(copy);
}
