import fs from 'node:fs';
import type { TriggerModel } from './trigger-model.js';

/**
 * The trigger model compiled for start-up: `models/triggers.json` (the truth, readable, written by
 * `scripts/train-triggers.js`) turned by the build into a binary file that is used where it lies,
 * without parsing 1.5 MB of JSON or building a table of 20,000 names, which a hook answering every
 * prompt would otherwise pay each time.
 *
 * Layout: a magic line; one line of JSON (the model without its weights, the feature count, the
 * weights per feature, the names' byte length, and the size and modification time of the JSON it
 * came from); zero bytes up to a multiple of 8; the weights as float64, feature after feature;
 * the names' start offsets as uint32 (one more than the features); the names in UTF-8, sorted
 * bytewise, so a lookup is a binary search. The compiled file is used only while the JSON file
 * still has the recorded size and time: a retrained model is read from its JSON until the next build.
 */
const MAGIC = 'optmem-trigger-model 2\n';

interface Header {
  model: Omit<TriggerModel, 'weights'>;
  features: number;
  width: number;
  namesBytes: number;
  source: { size: number; mtimeMs: number };
}

/** Compile a parsed model into the binary form, stamped with the JSON file it came from. */
export function compileModel(model: TriggerModel, source: fs.Stats): Buffer {
  const { weights, ...rest } = model;
  const entries = Object.keys(weights)
    .map((n) => [Buffer.from(n, 'utf8'), n] as const)
    .sort((a, b) => Buffer.compare(a[0], b[0]));
  const width = entries.length ? weights[entries[0]![1]]!.length : 0;
  const values = new Float64Array(entries.length * width);
  const offsets = new Uint32Array(entries.length + 1);
  let at = 0;
  entries.forEach(([bytes, n], i) => {
    const w = weights[n]!;
    if (w.length !== width) throw new Error(`trigger model: feature "${n}" has ${w.length} weights, not ${width}`);
    values.set(w, i * width);
    offsets[i] = at;
    at += bytes.length;
  });
  offsets[entries.length] = at;
  const header: Header = { model: rest, features: entries.length, width, namesBytes: at, source: { size: source.size, mtimeMs: source.mtimeMs } };
  const head = Buffer.from(MAGIC + JSON.stringify(header) + '\n', 'utf8');
  const pad = Buffer.alloc((8 - (head.length % 8)) % 8);
  return Buffer.concat([head, pad, Buffer.from(values.buffer), Buffer.from(offsets.buffer), ...entries.map(([b]) => b)]);
}

/**
 * The compiled model at `binFile`, or null when there is none, it is not one, or the JSON at
 * `jsonFile` changed since it was compiled (then the caller reads the JSON).
 */
export function readCompiledModel(binFile: URL | string, jsonFile: URL | string): TriggerModel | null {
  let buf: Buffer;
  let src: fs.Stats;
  try {
    src = fs.statSync(jsonFile);
    buf = fs.readFileSync(binFile);
  } catch {
    return null;
  }
  if (buf.subarray(0, MAGIC.length).toString('utf8') !== MAGIC) return null;
  const eol = buf.indexOf(0x0a, MAGIC.length);
  if (eol < 0) return null;
  let h: Header;
  try {
    h = JSON.parse(buf.subarray(MAGIC.length, eol).toString('utf8')) as Header;
  } catch {
    return null;
  }
  if (h.source?.size !== src.size || h.source?.mtimeMs !== src.mtimeMs) return null;
  const valuesAt = Math.ceil((eol + 1) / 8) * 8;
  const offsetsAt = valuesAt + h.features * h.width * 8;
  const namesAt = offsetsAt + (h.features + 1) * 4;
  if (namesAt + h.namesBytes !== buf.length) return null;
  // Views on the file's bytes; a copy only when the buffer does not start on an 8-byte boundary.
  const aligned = buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf);
  const values = new Float64Array(aligned.buffer, aligned.byteOffset + valuesAt, h.features * h.width);
  const offsets = new Uint32Array(aligned.buffer, aligned.byteOffset + offsetsAt, h.features + 1);
  const names = aligned.subarray(namesAt);
  const find = (name: string): number => {
    const key = Buffer.from(name, 'utf8');
    let lo = 0;
    let hi = h.features - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = key.compare(names, offsets[mid]!, offsets[mid + 1]!);
      if (c === 0) return mid;
      if (c < 0) hi = mid - 1;
      else lo = mid + 1;
    }
    return -1;
  };
  const view = (name: string) => {
    const i = find(name);
    return i < 0 ? undefined : values.subarray(i * h.width, (i + 1) * h.width);
  };
  let allNames: string[] | null = null;
  const keys = () => (allNames ??= Array.from({ length: h.features }, (_, i) => names.toString('utf8', offsets[i]!, offsets[i + 1]!)));
  const weights = new Proxy(Object.create(null) as Record<string, number[]>, {
    get: (_t, k) => (typeof k === 'string' ? view(k) : undefined),
    has: (_t, k) => typeof k === 'string' && find(k) >= 0,
    ownKeys: () => keys(),
    getOwnPropertyDescriptor: (_t, k) => {
      const v = typeof k === 'string' ? view(k) : undefined;
      return v ? { value: v, enumerable: true, configurable: true, writable: false } : undefined;
    },
  });
  return { ...h.model, weights } as TriggerModel;
}
