'use strict';
// Loads the CLI's bundled chunks (dist/cli/*.cjs) as Node would, with one difference: each chunk is
// compiled with the V8 code cache the build made for it (dist/cli/v8-cache/, written by
// scripts/warm-cli.js after running the everyday commands once), so a new process neither parses the
// chunks nor compiles again the functions those commands run. A cache made by another Node or with
// other V8 flags is rejected by V8 and the chunk is compiled from its source, as without one; nothing
// is ever written here at run time.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

const CACHE_DIR = 'v8-cache';

/**
 * A 53-bit hash of a text (cyrb53, as src/core/hash53.ts: this file runs before any bundled code is
 * loaded, so it keeps its own copy): about a millisecond for all the chunks a search loads.
 */
function textHash(s) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** A loader for the chunks in `dir`; `{ write: true }` compiles without caches and can save new ones. */
function chunkLoader(dir, opts = {}) {
  const write = opts.write === true;
  const loaded = new Map();
  // A cache is named for a hash of its chunk's text: V8 checks a cache against the source's length
  // only, so a chunk changed in place must never meet the cache of its old text.
  const cacheFile = (file, source) => path.join(dir, CACHE_DIR, `${path.basename(file)}.${textHash(source)}.bin`);

  function load(file) {
    const hit = loaded.get(file);
    if (hit) return hit.module.exports;
    const source = fs.readFileSync(file, 'utf8');
    let cachedData;
    if (!write) {
      try {
        cachedData = fs.readFileSync(cacheFile(file, source));
      } catch {
        // no cache for this chunk: compiled from its source
      }
    }
    // The CommonJS wrapper, on the source's first line so that line numbers stay those of the file.
    const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
    const module = { exports: {} };
    loaded.set(file, { module, script, source });
    const outside = createRequire(file);
    const here = path.dirname(file);
    const req = (id) => (id.startsWith('./') && id.endsWith('.cjs') ? load(path.join(here, id)) : outside(id));
    script.runInThisContext()(module.exports, req, module, file, here);
    return module.exports;
  }

  return {
    load: (name) => load(path.join(dir, name)),
    /** How many chunks were loaded, and how many of them V8 took the cache for. */
    stats() {
      const all = [...loaded.values()];
      return { chunks: all.length, cached: all.filter((x) => x.script.cachedDataRejected === false).length };
    },
    /** Write the code cache of every chunk loaded so far (the build's warm-up only). */
    save() {
      if (!write) throw new Error('chunk-loader: save() is for a loader made with { write: true }');
      fs.mkdirSync(path.join(dir, CACHE_DIR), { recursive: true });
      for (const [file, { script, source }] of loaded) fs.writeFileSync(cacheFile(file, source), script.createCachedData());
      return loaded.size;
    },
  };
}

module.exports = { chunkLoader, CACHE_DIR };
