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

/** The start of the CommonJS wrapper every chunk is written in (it ends with a line `})`). */
const WRAPPER = '(function (exports, require, module, __filename, __dirname) {';

/**
 * Commands with code caches of their own. A cache made after the build's warm-up of every command
 * holds every function those commands compiled, and V8 deserializes all of it on each start: a
 * search ran 7 ms faster with a cache of what a search compiles alone. The hooks also run with a V8
 * flag (a cache made under other flags is refused): they run the trigger detector's large patterns
 * on every prompt, and compiled to machine code at once (--no-regexp-tier-up) those cost a hook 10 ms
 * less; every other command starts faster without the flag, and without loading node:v8 to set it.
 */
const FLAVORS = {
  hook: { flags: '--no-regexp-tier-up', cacheDir: 'v8-cache-hook' },
  search: { flags: null, cacheDir: 'v8-cache-search' },
};

/**
 * The flavor of a command line (null: the default caches): its command word, after a home given first
 * (`--dir H hook claude-code Stop` is how `install --dir H` writes a host's hook lines).
 */
function flavorOf(argv) {
  let i = 0;
  while (i < argv.length && (argv[i] === '--dir' || argv[i].startsWith('--dir='))) i += argv[i] === '--dir' ? 2 : 1;
  return Object.prototype.hasOwnProperty.call(FLAVORS, argv[i]) ? argv[i] : null;
}

/** The flavor a command line runs in (flavorOf). Sets its V8 flags, if it has any. */
function startFlavor(argv) {
  const name = flavorOf(argv);
  if (name && FLAVORS[name].flags) require('node:v8').setFlagsFromString(FLAVORS[name].flags);
  return name;
}

/** What the build knows of each chunk it made a cache for: its size, time and text hash. */
const MANIFEST = 'manifest.json';

/**
 * A 53-bit hash of a text (cyrb53, as src/core/hash53.ts: this file runs before any bundled code is
 * loaded, so it keeps its own copy). Run only when a chunk is not as the build left it (below).
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

/**
 * A loader for the chunks in `dir`; `{ write: true }` compiles without caches and can save new ones;
 * `{ flavor }` takes the caches made for that flavor (startFlavor).
 */
function chunkLoader(dir, opts = {}) {
  const write = opts.write === true;
  const cacheDir = opts.flavor ? FLAVORS[opts.flavor].cacheDir : CACHE_DIR;
  const loaded = new Map();
  // A cache is named for a hash of its chunk's text: V8 checks a cache against the source's length
  // only, so a chunk changed in place must never meet the cache of its old text.
  const cacheFile = (file, hash) => path.join(dir, cacheDir, `${path.basename(file)}.${hash}.bin`);
  // Hashing every chunk's text took longer than compiling it (5-10 ms a search), so the build records
  // each chunk's size, modification time and hash: a chunk that still has both is the text the build
  // hashed. Any other (edited, or copied without its times) is hashed here, as before.
  let manifest;
  const known = (file, size, mtimeMs) => {
    if (manifest === undefined) {
      try {
        manifest = JSON.parse(fs.readFileSync(path.join(dir, cacheDir, MANIFEST), 'utf8')).chunks;
      } catch {
        manifest = null;
      }
    }
    const m = manifest && manifest[path.basename(file)];
    return m && m.size === size && m.mtimeMs === mtimeMs ? m.hash : undefined;
  };

  function load(file) {
    const hit = loaded.get(file);
    if (hit) return hit.module.exports;
    let source;
    let hash;
    const fd = fs.openSync(file, 'r');
    try {
      const st = fs.fstatSync(fd);
      source = fs.readFileSync(fd, 'utf8');
      hash = write ? undefined : known(file, st.size, st.mtimeMs);
    } finally {
      fs.closeSync(fd);
    }
    let cachedData;
    if (!write) {
      try {
        cachedData = fs.readFileSync(cacheFile(file, hash ?? textHash(source)));
      } catch {
        // no cache for this chunk: compiled from its source
      }
    }
    // The CommonJS wrapper, on the source's first line so that line numbers stay those of the file. The
    // build writes the chunks wrapped already (scripts/bundle-cli.js): wrapping here would make V8 copy
    // the whole text into a second string before compiling it.
    const script = new vm.Script(source.startsWith(WRAPPER) ? source : `${WRAPPER}${source}\n})`, { filename: file, cachedData });
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
    /** How many chunks were loaded, and how many of them V8 took the cache for; their file names. */
    stats() {
      const all = [...loaded.values()];
      return { chunks: all.length, cached: all.filter((x) => x.script.cachedDataRejected === false).length, names: [...loaded.keys()].map((f) => path.basename(f)) };
    },
    /** Write the code cache of every chunk loaded so far (the build's warm-up only). */
    save() {
      if (!write) throw new Error('chunk-loader: save() is for a loader made with { write: true }');
      fs.mkdirSync(path.join(dir, cacheDir), { recursive: true });
      const chunks = {};
      for (const [file, { script, source }] of loaded) {
        const hash = textHash(source);
        fs.writeFileSync(cacheFile(file, hash), script.createCachedData());
        const st = fs.statSync(file);
        chunks[path.basename(file)] = { size: st.size, mtimeMs: st.mtimeMs, hash };
      }
      fs.writeFileSync(path.join(dir, cacheDir, MANIFEST), `${JSON.stringify({ chunks }, null, 1)}\n`);
      return loaded.size;
    },
  };
}

module.exports = { chunkLoader, flavorOf, startFlavor, CACHE_DIR, FLAVORS, WRAPPER };
