// optmem records in the shapes OpenClaw's memory slot expects (OpenClaw 2026.9.x, memory-host-sdk):
//   search → MemorySearchResult {path, startLine, endLine, score, snippet, source: "memory", citation}
//   read   → MemoryReadResult {status: "ok" | "not_found", path, text, from?, lines?, truncated?, nextFrom?}
// A record's path is `optmem:<id>`: memory_get takes it back, and the citation names the day file
// and line where the record is written.
import { runOptmem } from './optmem-cli.js';

export const AGENT = 'openclaw';
export const PATH_PREFIX = 'optmem:';
/** The domain searched and written when the caller names none. */
export const DEFAULT_DOMAIN = 'openclaw';
/** The `domain` value that searches every domain. */
export const ALL_DOMAINS = 'all';
const DEFAULT_GET_LINES = 200;

/** The record id in a `memory_get` path: `optmem:<id>`, or a bare id. */
export function idOfPath(p) {
  const s = String(p || '').trim();
  return s.startsWith(PATH_PREFIX) ? s.slice(PATH_PREFIX.length).trim() : s;
}

const lineCount = (text) => String(text).split('\n').length;

/** One optmem search result as OpenClaw's MemorySearchResult (plus the record's own fields). */
export function toSearchResult(r) {
  const head = [String(r.time || '').slice(0, 16).replace('T', ' '), r.domain, r.kind].filter(Boolean).join(' · ');
  const note = r.superseded ? ` (superseded by ${r.supersededBy || 'a later record'})` : '';
  return {
    path: PATH_PREFIX + r.id,
    startLine: 1,
    endLine: lineCount(r.text ?? r.snippet ?? ''),
    score: typeof r.score === 'number' ? r.score : 0,
    snippet: `[${head}] ${r.snippet ?? r.text ?? ''}${note}`,
    source: 'memory',
    citation: r.file ? `${r.file}:${r.line}` : PATH_PREFIX + r.id,
    id: r.id,
    time: r.time,
    domain: r.domain ?? null,
    project: r.project ?? null,
    kind: r.kind,
    superseded: Boolean(r.superseded),
  };
}

/** The domain arguments for a search: one domain (default), or none for `all`. */
export function domainArgs(domain, cfg = {}) {
  const d = typeof domain === 'string' && domain.trim() ? domain.trim() : cfg.domain || DEFAULT_DOMAIN;
  return d === ALL_DOMAINS ? [] : ['--domain', d];
}

/**
 * Search optmem: the configured domain (`openclaw` unless set) by default, every domain when
 * `domain` is "all". Resolves with MemorySearchResult[], best first.
 */
export async function searchRecords(cfg, query, opts = {}, run = runOptmem) {
  const q = String(query || '').trim();
  if (!q) throw new Error('query is empty: give one or more words');
  const limit = Number.isInteger(opts.maxResults) && opts.maxResults > 0 ? Math.min(opts.maxResults, 1000) : cfg.maxResults || 8;
  const args = ['search', '--json', '--limit', String(limit), ...domainArgs(opts.domain, cfg), '--', q];
  const out = JSON.parse(await run(cfg, args, {}));
  const results = (out.results || []).map(toSearchResult);
  const min = typeof opts.minScore === 'number' ? opts.minScore : null;
  return min === null ? results : results.filter((r) => r.score >= min);
}

/** Read one record by its path; `from`/`lines` page through its text (1-based lines). */
export async function readRecord(cfg, relPath, opts = {}, run = runOptmem) {
  const id = idOfPath(relPath);
  const path = PATH_PREFIX + id;
  if (!id) return { status: 'not_found', text: '', path: String(relPath || '') };
  let out;
  try {
    out = JSON.parse(await run(cfg, ['get', '--json', id], {}));
  } catch (e) {
    // `optmem get` exits 1 with {"record": null} for an id it does not know
    if (e.stdout && /"record"\s*:\s*null/.test(e.stdout)) return { status: 'not_found', text: '', path };
    throw e;
  }
  const rec = out.record;
  if (!rec) return { status: 'not_found', text: '', path };
  const all = String(rec.text).split('\n');
  const from = Number.isInteger(opts.from) && opts.from > 0 ? opts.from : 1;
  const want = Number.isInteger(opts.lines) && opts.lines > 0 ? opts.lines : DEFAULT_GET_LINES;
  const part = all.slice(from - 1, from - 1 + want);
  const end = from - 1 + part.length;
  return {
    status: 'ok',
    path,
    text: part.join('\n'),
    from,
    lines: part.length,
    ...(end < all.length ? { truncated: true, nextFrom: end + 1 } : {}),
    id: rec.id,
    time: rec.time,
    domain: rec.domain ?? null,
    project: rec.project ?? null,
    kind: rec.kind,
    citation: rec.file ? `${rec.file}:${rec.line}` : path,
  };
}

/**
 * Append a record to optmem, stamped with the agent (`openclaw`) and the session. The text goes
 * on standard input, so it may start with "-" and hold newlines.
 */
export async function addRecord(cfg, input, ctx = {}, run = runOptmem) {
  const text = String(input.text || '').trim();
  if (!text) throw new Error('text is empty: give the record to keep');
  const domain = typeof input.domain === 'string' && input.domain.trim() ? input.domain.trim() : cfg.domain || DEFAULT_DOMAIN;
  const args = ['add', '-', '--json', '--agent', AGENT];
  if (domain !== ALL_DOMAINS) args.push('--domain', domain);
  if (input.kind) args.push('--kind', String(input.kind));
  const project = input.project || cfg.project;
  if (project) args.push('--project', String(project));
  for (const id of [].concat(input.corrects || [])) if (id) args.push('--corrects', idOfPath(id));
  for (const t of [].concat(input.tags || [])) if (t) args.push('--tag', String(t));
  const session = ctx.sessionId || ctx.sessionKey;
  if (session) args.push('--session', String(session));
  const out = JSON.parse(await run(cfg, args, { input: text }));
  return {
    status: 'ok',
    id: out.id,
    path: PATH_PREFIX + out.id,
    domain: out.record?.domain ?? null,
    kind: out.record?.kind,
    supersedes: out.supersedes || [],
    warnings: out.warnings || [],
  };
}
