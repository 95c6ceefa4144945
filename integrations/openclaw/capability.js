// The memory capability optmem registers for OpenClaw's exclusive memory slot
// (`api.registerMemoryCapability`, OpenClaw 2026.9.x): a prompt section that points the model at
// the tools, and a runtime whose search manager answers OpenClaw's own memory consumers (status,
// doctor, recall) from optmem.
import { readRecord, searchRecords } from './memory.js';
import { commandOf } from './optmem-cli.js';

export function promptBuilder(cfg) {
  return ({ availableTools }) => {
    const has = (n) => availableTools && typeof availableTools.has === 'function' && availableTools.has(n);
    if (!has('memory_search') && !has('memory_get') && !has('memory_add')) return [];
    const lines = ['## Memory Recall (optmem)'];
    if (has('memory_search'))
      lines.push(
        `Before answering anything about prior work, decisions, dates, people, preferences or todos: run memory_search (domain "${cfg.domain || 'openclaw'}" by default, domain "all" for every agent's records)` +
          (has('memory_get') ? '; memory_get with a result\'s path reads the whole record.' : '.'),
      );
    if (has('memory_add')) lines.push('When the user decides something or asks you to remember it, keep it with memory_add (one record per call).');
    lines.push('Citations: include Source: <citation> when it helps the user verify a memory.', '');
    return lines;
  };
}

/** A MemorySearchManager (memory-host-sdk) backed by the optmem CLI. */
export function createSearchManager(cfg, run) {
  return {
    async search(query, opts = {}) {
      return searchRecords(cfg, query, { maxResults: opts.maxResults, minScore: opts.minScore }, run);
    },
    async readFile(params) {
      return readRecord(cfg, params.relPath, { from: params.from, lines: params.lines }, run);
    },
    status() {
      return { backend: 'builtin', provider: 'optmem', custom: { command: commandOf(cfg).join(' '), domain: cfg.domain || 'openclaw' } };
    },
    async probeEmbeddingAvailability() {
      return { ok: true };
    },
    async probeVectorAvailability() {
      return false;
    },
    async close() {},
  };
}

export function memoryRuntime(cfg, run) {
  return {
    async getMemorySearchManager() {
      return { manager: createSearchManager(cfg, run) };
    },
    resolveMemoryBackendConfig() {
      return { backend: 'builtin' };
    },
    async closeMemorySearchManager() {},
    async closeAllMemorySearchManagers() {},
  };
}

export function memoryCapability(cfg, run) {
  return { promptBuilder: promptBuilder(cfg), runtime: memoryRuntime(cfg, run) };
}
