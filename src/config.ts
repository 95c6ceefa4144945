import fs from 'node:fs';
import { OptmemError } from './core/errors.js';
import { DEFAULT_DOMAINS } from './core/markers.js';
import { RANKING_DEFAULTS, STAGE_NAMES, type RankingOptions } from './query/options.js';
import { SUPERSESSION_DEFAULTS, type SupersessionOptions } from './index/supersession.js';
import { CORE_DEFAULTS, type CoreOptions } from './sessions/core-memory.js';

const KNOWN = ['domains', 'ranking', 'supersession', 'core', 'projects', 'agents', 'ingest'];

/** The memory home's config.json. Every field is optional; defaults are below. */
export interface HomeConfig {
  /** domains recognized from a leading [name] prefix (default hermes, code, openclaw) */
  domains: string[];
  /** ranking knobs (query/options.ts); any subset */
  ranking: RankingOptions;
  /** supersession derivation (index/supersession.ts) */
  supersession: SupersessionOptions;
  /** core memory (sessions/core-memory.ts): budget in characters and more */
  core: CoreOptions;
  /** working-directory prefix → project name, before the git root's name is tried */
  projects: Record<string, string>;
  /** agent name → domain, for what the pipes write (handoffs, diary) */
  agents: Record<string, string>;
  /** memory that writes itself (docs/INGEST.md) */
  ingest: IngestConfig;
}

export interface IngestConfig {
  summarizer: SummarizerConfig;
  /** host → transcript root, overriding the host's default place (`--root` wins over this) */
  roots: Partial<Record<'claude-code' | 'codex' | 'openclaw' | 'hermes', string>>;
  /** lines per batch: one summarizer call, one write, one cursor move (default 400; 10–100 000) */
  batchLines: number;
  /** the extractive path drops detections less sure than this (default 0; 0–1) */
  minConfidence: number;
  /** a diary item's text is cut to this many characters (default 280; 80–2000) */
  maxItemChars: number;
}

export const INGEST_DEFAULTS = { roots: {}, batchLines: 400, minConfidence: 0, maxItemChars: 280 } as const;

/**
 * `ingest.summarizer`: what turns a batch of turns into diary items. `extractive` (default) is local
 * and deterministic; `openai` asks any OpenAI-compatible chat-completions server (DeepSeek, OpenAI,
 * Ollama, vLLM). The key is never in the file: `apiKeyEnv` names the environment variable holding it.
 * `OPTMEM_SUMMARIZER`, `OPTMEM_LLM_BASE_URL`, `OPTMEM_LLM_MODEL`, `OPTMEM_LLM_API_KEY` override at run time.
 */
export interface SummarizerConfig {
  provider: 'extractive' | 'openai';
  /** e.g. "https://api.deepseek.com"; required for openai (here or in OPTMEM_LLM_BASE_URL) */
  baseUrl?: string;
  /** e.g. "deepseek-chat"; required for openai (here or in OPTMEM_LLM_MODEL) */
  model?: string;
  /** the environment variable with the key (default OPTMEM_LLM_API_KEY); unset means no key (Ollama) */
  apiKeyEnv: string;
  /** per request, ms (default 30 000; 100–600 000) */
  timeoutMs?: number;
  /** attempts in all (default 3; 1–10) */
  maxAttempts?: number;
  /** first backoff delay, ms; doubles per retry, with jitter (default 1 000; 0–60 000) */
  retryBaseMs?: number;
  /** ask for response_format json_object (default true) */
  jsonMode?: boolean;
}

export const SUMMARIZER_DEFAULTS: SummarizerConfig = { provider: 'extractive', apiKeyEnv: 'OPTMEM_LLM_API_KEY' };

export const DEFAULT_CONFIG: HomeConfig = {
  domains: [...DEFAULT_DOMAINS],
  ranking: RANKING_DEFAULTS,
  supersession: SUPERSESSION_DEFAULTS,
  core: CORE_DEFAULTS,
  projects: {},
  agents: { 'claude-code': 'code', codex: 'code', openclaw: 'openclaw', hermes: 'hermes' },
  ingest: { summarizer: SUMMARIZER_DEFAULTS, ...INGEST_DEFAULTS, roots: {} },
};

function stringMap(v: unknown, file: string, field: string, valueCheck: (s: string) => boolean): Record<string, string> {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || !Object.values(v).every((x) => typeof x === 'string' && valueCheck(x))) {
    throw new OptmemError('INVALID_INPUT', `${file}: "${field}" must be an object of strings`, { file, field });
  }
  return { ...(v as Record<string, string>) };
}

function readCore(v: unknown, file: string): CoreOptions {
  if (v === undefined) return CORE_DEFAULTS;
  const o = v as Record<string, unknown>;
  const c = { ...CORE_DEFAULTS };
  if (o.budget !== undefined) c.budget = num(o.budget, file, 'core.budget', 200, 100_000);
  if (o.recentDays !== undefined) c.recentDays = num(o.recentDays, file, 'core.recentDays', 1, 3650);
  if (o.maxEntryChars !== undefined) c.maxEntryChars = num(o.maxEntryChars, file, 'core.maxEntryChars', 40, 10_000);
  return c;
}

function num(v: unknown, file: string, field: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    throw new OptmemError('INVALID_INPUT', `${file}: "${field}" must be a number from ${min} to ${max}`, { file, field });
  }
  return v;
}

function readRanking(v: unknown, file: string): RankingOptions {
  if (v === undefined) return RANKING_DEFAULTS;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new OptmemError('INVALID_INPUT', `${file}: "ranking" must be an object`, { file, field: 'ranking' });
  const o = v as Record<string, unknown>;
  const r: RankingOptions = { ...RANKING_DEFAULTS, halfLifeDays: { ...RANKING_DEFAULTS.halfLifeDays }, tierWeights: { ...RANKING_DEFAULTS.tierWeights } };
  const known = new Set(Object.keys(RANKING_DEFAULTS));
  for (const k of Object.keys(o)) if (!known.has(k)) throw new OptmemError('INVALID_INPUT', `${file}: unknown ranking option "${k}" (known: ${[...known].join(', ')})`, { file, field: `ranking.${k}` });
  if (o.candidates !== undefined) r.candidates = num(o.candidates, file, 'ranking.candidates', 10, 5000);
  if (o.termWeight !== undefined) r.termWeight = num(o.termWeight, file, 'ranking.termWeight', 0, 1);
  if (o.decayFloor !== undefined) r.decayFloor = num(o.decayFloor, file, 'ranking.decayFloor', 0, 1);
  if (o.recentHalfLifeFactor !== undefined) r.recentHalfLifeFactor = num(o.recentHalfLifeFactor, file, 'ranking.recentHalfLifeFactor', 0.01, 1);
  if (o.recentDecayFloor !== undefined) r.recentDecayFloor = num(o.recentDecayFloor, file, 'ranking.recentDecayFloor', 0, 1);
  if (o.supersededWeight !== undefined) r.supersededWeight = num(o.supersededWeight, file, 'ranking.supersededWeight', 0, 1);
  if (o.redlineMinRelevance !== undefined) r.redlineMinRelevance = num(o.redlineMinRelevance, file, 'ranking.redlineMinRelevance', 0, 1);
  if (o.halfLifeDays !== undefined) {
    if (typeof o.halfLifeDays !== 'object' || o.halfLifeDays === null) throw new OptmemError('INVALID_INPUT', `${file}: "ranking.halfLifeDays" must be an object of domain → days`, { file });
    for (const [d, days] of Object.entries(o.halfLifeDays)) r.halfLifeDays[d] = num(days, file, `ranking.halfLifeDays.${d}`, 1, 3650);
  }
  if (o.context !== undefined) {
    const t = o.context as Record<string, unknown>;
    r.context = { ...RANKING_DEFAULTS.context };
    if (t.neighbourWeight !== undefined) r.context.neighbourWeight = num(t.neighbourWeight, file, 'ranking.context.neighbourWeight', 0, 1);
    if (t.sessionWeight !== undefined) r.context.sessionWeight = num(t.sessionWeight, file, 'ranking.context.sessionWeight', 0, 1);
    if (t.neighbourSeeds !== undefined) r.context.neighbourSeeds = num(t.neighbourSeeds, file, 'ranking.context.neighbourSeeds', 0, 100);
  }
  if (o.disabledStages !== undefined) {
    const d = o.disabledStages;
    if (!Array.isArray(d) || !d.every((x) => typeof x === 'string' && (STAGE_NAMES as readonly string[]).includes(x))) {
      throw new OptmemError('INVALID_INPUT', `${file}: "ranking.disabledStages" must list stage names (${STAGE_NAMES.join(', ')})`, { file, field: 'ranking.disabledStages' });
    }
    r.disabledStages = [...d] as string[];
  }
  if (o.tierWeights !== undefined) {
    const t = o.tierWeights as Record<string, unknown>;
    for (const k of ['evidence', 'normal', 'chatter'] as const) if (t[k] !== undefined) r.tierWeights[k] = num(t[k], file, `ranking.tierWeights.${k}`, 0.1, 3);
  }
  return r;
}

const INGEST_KNOWN = ['summarizer', 'roots', 'batchLines', 'minConfidence', 'maxItemChars'];
const INGEST_HOSTS = ['claude-code', 'codex', 'openclaw', 'hermes'];

function readIngest(v: unknown, file: string): IngestConfig {
  if (v === undefined) return DEFAULT_CONFIG.ingest;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new OptmemError('INVALID_INPUT', `${file}: "ingest" must be an object`, { file, field: 'ingest' });
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!INGEST_KNOWN.includes(k)) throw new OptmemError('INVALID_INPUT', `${file}: unknown ingest option "${k}" (known: ${INGEST_KNOWN.join(', ')})`, { file, field: `ingest.${k}` });
  const ing: IngestConfig = { ...DEFAULT_CONFIG.ingest, summarizer: readSummarizer(o.summarizer, file) };
  if (o.roots !== undefined) {
    ing.roots = stringMap(o.roots, file, 'ingest.roots', (x) => x.trim().length > 0);
    for (const k of Object.keys(ing.roots)) if (!INGEST_HOSTS.includes(k)) throw new OptmemError('INVALID_INPUT', `${file}: unknown host "${k}" in ingest.roots (known: ${INGEST_HOSTS.join(', ')})`, { file, field: `ingest.roots.${k}` });
  }
  if (o.batchLines !== undefined) ing.batchLines = Math.floor(num(o.batchLines, file, 'ingest.batchLines', 10, 100_000));
  if (o.minConfidence !== undefined) ing.minConfidence = num(o.minConfidence, file, 'ingest.minConfidence', 0, 1);
  if (o.maxItemChars !== undefined) ing.maxItemChars = Math.floor(num(o.maxItemChars, file, 'ingest.maxItemChars', 80, 2000));
  return ing;
}

function readSummarizer(v: unknown, file: string): SummarizerConfig {
  if (v === undefined) return SUMMARIZER_DEFAULTS;
  const f = 'ingest.summarizer';
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new OptmemError('INVALID_INPUT', `${file}: "${f}" must be an object`, { file, field: f });
  const o = v as Record<string, unknown>;
  if ('apiKey' in o) {
    throw new OptmemError('INVALID_INPUT', `${file}: "${f}.apiKey": keys do not belong in config.json`, { file, field: `${f}.apiKey`, hint: 'put the key in an environment variable and name it in "apiKeyEnv" (default OPTMEM_LLM_API_KEY)' });
  }
  const known = ['provider', 'baseUrl', 'model', 'apiKeyEnv', 'timeoutMs', 'maxAttempts', 'retryBaseMs', 'jsonMode'];
  for (const k of Object.keys(o)) if (!known.includes(k)) throw new OptmemError('INVALID_INPUT', `${file}: unknown summarizer option "${k}" (known: ${known.join(', ')})`, { file, field: `${f}.${k}` });
  const s: SummarizerConfig = { ...SUMMARIZER_DEFAULTS };
  if (o.provider !== undefined) {
    if (o.provider !== 'extractive' && o.provider !== 'openai') throw new OptmemError('INVALID_INPUT', `${file}: "${f}.provider" must be "extractive" or "openai"`, { file, field: `${f}.provider` });
    s.provider = o.provider;
  }
  if (o.baseUrl !== undefined) {
    if (typeof o.baseUrl !== 'string' || !/^https?:\/\/[^\s]+$/.test(o.baseUrl)) throw new OptmemError('INVALID_INPUT', `${file}: "${f}.baseUrl" must be an http(s) URL like "https://api.deepseek.com"`, { file, field: `${f}.baseUrl` });
    s.baseUrl = o.baseUrl;
  }
  if (o.model !== undefined) {
    if (typeof o.model !== 'string' || !o.model.trim()) throw new OptmemError('INVALID_INPUT', `${file}: "${f}.model" must be a model name like "deepseek-chat"`, { file, field: `${f}.model` });
    s.model = o.model;
  }
  if (o.apiKeyEnv !== undefined) {
    if (typeof o.apiKeyEnv !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(o.apiKeyEnv)) throw new OptmemError('INVALID_INPUT', `${file}: "${f}.apiKeyEnv" must be an environment variable's name like "DEEPSEEK_API_KEY"`, { file, field: `${f}.apiKeyEnv` });
    s.apiKeyEnv = o.apiKeyEnv;
  }
  if (o.timeoutMs !== undefined) s.timeoutMs = num(o.timeoutMs, file, `${f}.timeoutMs`, 100, 600_000);
  if (o.maxAttempts !== undefined) s.maxAttempts = Math.round(num(o.maxAttempts, file, `${f}.maxAttempts`, 1, 10));
  if (o.retryBaseMs !== undefined) s.retryBaseMs = num(o.retryBaseMs, file, `${f}.retryBaseMs`, 0, 60_000);
  if (o.jsonMode !== undefined) {
    if (typeof o.jsonMode !== 'boolean') throw new OptmemError('INVALID_INPUT', `${file}: "${f}.jsonMode" must be true or false`, { file, field: `${f}.jsonMode` });
    s.jsonMode = o.jsonMode;
  }
  return s;
}

function readSupersession(v: unknown, file: string): SupersessionOptions {
  if (v === undefined) return SUPERSESSION_DEFAULTS;
  const o = v as Record<string, unknown>;
  const s = { ...SUPERSESSION_DEFAULTS };
  if (o.inferCorrections !== undefined) {
    if (typeof o.inferCorrections !== 'boolean') throw new OptmemError('INVALID_INPUT', `${file}: "supersession.inferCorrections" must be true or false`, { file });
    s.inferCorrections = o.inferCorrections;
  }
  if (o.minSubjectShare !== undefined) s.minSubjectShare = num(o.minSubjectShare, file, 'supersession.minSubjectShare', 0.2, 1);
  if (o.ambiguityRatio !== undefined) s.ambiguityRatio = num(o.ambiguityRatio, file, 'supersession.ambiguityRatio', 0.5, 1);
  return s;
}

export function readConfig(file: string): HomeConfig {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { ...DEFAULT_CONFIG };
    throw new OptmemError('IO', `cannot read ${file}: ${(e as Error).message}`, { cause: e, file });
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (e) {
    throw new OptmemError('INVALID_INPUT', `${file}: not valid JSON (${(e as Error).message})`, { cause: e, file });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new OptmemError('INVALID_INPUT', `${file}: must be a JSON object`, { file });
  }
  const cfg: HomeConfig = { ...DEFAULT_CONFIG };
  for (const k of Object.keys(data as object)) {
    if (!KNOWN.includes(k)) throw new OptmemError('INVALID_INPUT', `${file}: unknown field "${k}" (known: ${KNOWN.join(', ')})`, { file, field: k });
  }
  const d = (data as Record<string, unknown>).domains;
  if (d !== undefined) {
    if (!Array.isArray(d) || !d.every((x) => typeof x === 'string' && /^[A-Za-z][\w-]{0,31}$/.test(x))) {
      throw new OptmemError('INVALID_INPUT', `${file}: "domains" must be a list of words like "code"`, { file, field: 'domains' });
    }
    cfg.domains = d.map((x: string) => x.toLowerCase());
  }
  const o = data as Record<string, unknown>;
  cfg.ranking = readRanking(o.ranking, file);
  cfg.supersession = readSupersession(o.supersession, file);
  cfg.core = readCore(o.core, file);
  if (o.projects !== undefined) cfg.projects = stringMap(o.projects, file, 'projects', (x) => /^[\p{L}\p{N}_.-]+$/u.test(x));
  if (o.agents !== undefined) cfg.agents = { ...cfg.agents, ...stringMap(o.agents, file, 'agents', (x) => /^[A-Za-z][\w-]*$/.test(x)) };
  cfg.ingest = readIngest(o.ingest, file);
  return cfg;
}
