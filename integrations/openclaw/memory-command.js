// `openclaw memory search|get` when optmem holds the memory slot. OpenClaw's built-in `memory`
// command belongs to memory-core and only exists while memory-core holds the slot; this one takes
// its place with the same output: `score path:start-end` then the snippet, or `{"results": [...]}`
// with --json.
import { readRecord, searchRecords } from './memory.js';

export const MEMORY_COMMAND = { name: 'memory', description: 'Search and read optmem records (the memory slot)', hasSubcommands: true };

const positiveInt = (flag) => (v) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw Object.assign(new Error(`${flag} must be a positive integer.`), { code: 'commander.invalidArgument', exitCode: 1 });
  return n;
};

function out(text) {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/** Add `memory search` and `memory get` to OpenClaw's commander program. */
export function registerMemoryCommand(program, cfg, run) {
  const memory = program.command('memory').description(MEMORY_COMMAND.description);
  memory
    .command('search')
    .description('Search optmem (the configured domain; --domain all for every domain)')
    .argument('[query...]', 'words to look for')
    .option('--query <text>', 'the query (instead of the positional words)')
    .option('--max-results <n>', 'at most this many results', positiveInt('--max-results'))
    .option('--min-score <x>', 'drop results scoring below this', Number)
    .option('--domain <d>', 'a configured domain, or "all"')
    .option('--agent <id>', 'accepted for compatibility; optmem is shared by every agent')
    .option('--json', 'print JSON')
    .action(async (words, opts) => {
      const query = opts.query || (words || []).join(' ');
      try {
        const results = await searchRecords(cfg, query, { maxResults: opts.maxResults, minScore: opts.minScore, domain: opts.domain }, run);
        if (opts.json) return out(JSON.stringify({ results }, null, 2));
        if (!results.length) return out('No matches.');
        out(results.map((r) => `${r.score.toFixed(3)} ${r.path}:${r.startLine}-${r.endLine} (${r.citation})\n${r.snippet}`).join('\n\n'));
      } catch (e) {
        fail(`memory search failed: ${e.message}`, opts.json);
      }
    });
  memory
    .command('get')
    .description('Print one optmem record by its path (optmem:<id>) or id')
    .argument('<path>', 'optmem:<id> from a search result')
    .option('--json', 'print JSON')
    .action(async (p, opts) => {
      try {
        const r = await readRecord(cfg, p, {}, run);
        if (opts.json) return out(JSON.stringify(r, null, 2));
        if (r.status !== 'ok') return fail(`no record ${r.path}`, false);
        out(`${r.path} (${r.citation}) · ${[r.time, r.domain, r.kind].filter(Boolean).join(' · ')}\n${r.text}`);
      } catch (e) {
        fail(`memory get failed: ${e.message}`, opts.json);
      }
    });
  return memory;
}

function fail(message, json) {
  if (json) out(JSON.stringify({ ok: false, error: { type: 'cli_error', message } }));
  else process.stderr.write(message + '\n');
  process.exitCode = 1;
}
