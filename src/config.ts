import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Zod from 'zod';
import { OptmemError } from './core/errors.js';
import { DEFAULT_DOMAINS } from './core/markers.js';
import { KNOWN_KINDS, RECORD_BYTES_DEFAULT, RECORD_BYTES_MAX, RECORD_BYTES_MIN, type DoorRules } from './core/record.js';
import { RANKING_DEFAULTS, STAGE_NAMES, type RankingOptions } from './query/options.js';
import { SUPERSESSION_DEFAULTS, type SupersessionOptions } from './index/supersession.js';
import { CORE_DEFAULTS, type CoreOptions } from './sessions/core-memory.js';
import { ORIGINS } from './core/provenance.js';
import { FORGETTING_DEFAULTS, type ForgettingOptions } from './consolidate/retention.js';
import { EMBEDDINGS_DEFAULTS, type EmbeddingsConfig } from './embeddings/config.js';
import { DUPLICATE_DEFAULTS, type DuplicateOptions } from './index/dedup/options.js';
import { TOPICS_DEFAULTS, checkTopics, defaultTitle, type TopicsConfig } from './consolidate/topic-config.js';
import { TREE_DEFAULTS, type TreeOptions } from './consolidate/summary-options.js';
import { KEY_PARTS, type KeyExpansionOptions, type KeyPart } from './index/key-expansion.js';
import { QUARANTINE_DEFAULTS, checkQuarantineRules, type QuarantineConfig } from './quarantine/config.js';

/**
 * The memory home's config.json. Every field is optional; defaults are below, and every field is
 * documented with its default and range in docs/CONFIG.md. The file is checked by one schema:
 * a wrong type, a value out of range or an unknown key anywhere (top level or nested) is an error
 * naming the file and the key's path, so a typo never silently leaves a default in place.
 */
export interface HomeConfig {
  /** the domains a record may have; also recognized from a leading [name] prefix (default hermes, code, openclaw) */
  domains: string[];
  /** kinds added to the built-in ones (KNOWN_KINDS); a record of any other kind is refused (default none) */
  kinds: string[];
  /** limits on what one write may hold */
  limits: LimitsConfig;
  /** ranking knobs (query/options.ts); any subset */
  ranking: RankingOptions;
  /** supersession derivation (index/supersession.ts) */
  supersession: SupersessionOptions;
  /** duplicate links (index/dedup/judge.ts, docs/CONFIG.md) */
  duplicates: DuplicateOptions;
  /** core memory (sessions/core-memory.ts): budget in characters and more */
  core: CoreOptions;
  /** working-directory prefix → project name, before the git root's name is tried */
  projects: Record<string, string>;
  /** agent name → domain, for what the pipes write (handoffs, diary); each domain must be configured */
  agents: Record<string, string>;
  /** memory that writes itself (docs/INGEST.md) */
  ingest: IngestConfig;
  /** the optional vector path (embeddings/config.ts, docs/CONFIG.md "Embeddings"); off by default */
  embeddings: EmbeddingsConfig;
  /** topic files and MEMORY.md (`optmem topics`; consolidate/topic-config.ts, docs/CONSOLIDATION.md) */
  topics: TopicsConfig;
  /** retention and archive candidates (consolidate/retention.ts, docs/CONSOLIDATION.md "Forgetting") */
  forgetting: ForgettingOptions;
  /** `optmem consolidate` (docs/CONSOLIDATION.md) */
  consolidate: ConsolidateConfig;
  /** how records are indexed (docs/CONFIG.md "Index") */
  index: IndexConfig;
  /** `optmem serve`: where it listens and its limits (docs/SERVER.md) */
  server: ServerConfig;
  /** the injection scanner's rules (quarantine/config.ts, docs/QUARANTINE.md) */
  quarantine: QuarantineConfig;
}

export interface ServerConfig {
  /** the address to listen on (default "127.0.0.1"); `--host` wins; anything but loopback needs `--host` */
  host: string;
  /** the port (default 8765; 0 picks a free one); `--port` wins */
  port: number;
  /** Host header names accepted besides the loopback names and the listening host (default none) */
  allowedHosts: string[];
  /** largest request body in bytes (default 1 048 576; 1 024–67 108 864); import takes `importBytes` */
  bodyBytes: number;
  /** largest body of `POST /api/import` in bytes (default 33 554 432; 1 024–1 073 741 824) */
  importBytes: number;
  /** requests per second per token, sustained (default 50; 1–100 000) */
  ratePerSecond: number;
  /** requests a token may make at once above the sustained rate (default 200; 1–1 000 000) */
  rateBurst: number;
  /** the cap on `limit` in search and lists (default 100; 1–1000) */
  maxResults: number;
  /** how long a login link printed by `optmem login` is valid, seconds (default 300; 10–86 400) */
  loginSeconds: number;
  /** how long an inspector session lasts, seconds (default 43 200; 60–2 592 000) */
  sessionSeconds: number;
}

export const SERVER_DEFAULTS: Readonly<ServerConfig> = Object.freeze({
  host: '127.0.0.1',
  port: 8765,
  allowedHosts: Object.freeze([]) as unknown as string[],
  bodyBytes: 1_048_576,
  importBytes: 33_554_432,
  ratePerSecond: 50,
  rateBurst: 200,
  maxResults: 100,
  loginSeconds: 300,
  sessionSeconds: 43_200,
});

export interface IndexConfig {
  /** key expansion (index/key-expansion.ts): false (default), true (every part) or the parts to derive */
  keyExpansion: boolean | KeyPart[];
  /** BM25 weight of the expanded keys against the text's 1 (default 0.5; 0–1) */
  keyWeight: number;
  /** keyphrases per record (default 5; 1–20) */
  keyTopK: number;
}

export const INDEX_DEFAULTS: Readonly<IndexConfig> = Object.freeze({ keyExpansion: false, keyWeight: 0.5, keyTopK: 5 });

/** The index's key-expansion options from the config. */
export function keyExpansionOptions(c: IndexConfig): KeyExpansionOptions {
  const parts = c.keyExpansion === true ? [...KEY_PARTS] : c.keyExpansion === false ? [] : [...new Set(c.keyExpansion)];
  return { parts, weight: c.keyWeight, topK: c.keyTopK };
}

export interface ConsolidateConfig {
  /** the summary tree's budgets (consolidate/summary-tree.ts) */
  summaries: TreeOptions;
  /** extractive (default), or a model that rewrites each node's bullets, checked against the records they cite */
  summarizer: SummarizerConfig;
}

export interface LimitsConfig {
  /** largest text of one record, in bytes of UTF-8 (default 65 536; 1 024–4 194 304) */
  recordBytes: number;
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

export const INGEST_DEFAULTS = Object.freeze({ roots: Object.freeze({}), batchLines: 400, minConfidence: 0, maxItemChars: 280 });

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

export const SUMMARIZER_DEFAULTS: Readonly<SummarizerConfig> = Object.freeze({ provider: 'extractive', apiKeyEnv: 'OPTMEM_LLM_API_KEY' });

const DEFAULT_AGENTS: Readonly<Record<string, string>> = { 'claude-code': 'code', codex: 'code', openclaw: 'openclaw', hermes: 'hermes' };

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/**
 * The defaults, frozen all the way down. Read them; never hand them out: `defaultConfig()` and
 * `readConfig()` return a fresh copy each time, so a caller changing its config changes no one else's.
 */
export const DEFAULT_CONFIG: Readonly<HomeConfig> = deepFreeze(
  structuredClone({
    domains: [...DEFAULT_DOMAINS],
    kinds: [],
    limits: { recordBytes: RECORD_BYTES_DEFAULT },
    ranking: RANKING_DEFAULTS,
    supersession: { ...SUPERSESSION_DEFAULTS },
    duplicates: { ...DUPLICATE_DEFAULTS },
    core: CORE_DEFAULTS,
    projects: {},
    agents: DEFAULT_AGENTS,
    ingest: { summarizer: SUMMARIZER_DEFAULTS, ...INGEST_DEFAULTS, roots: {} },
    embeddings: EMBEDDINGS_DEFAULTS,
    topics: TOPICS_DEFAULTS,
    consolidate: { summaries: TREE_DEFAULTS, summarizer: SUMMARIZER_DEFAULTS },
    forgetting: FORGETTING_DEFAULTS,
    index: INDEX_DEFAULTS,
    server: SERVER_DEFAULTS,
    quarantine: QUARANTINE_DEFAULTS,
  }) as HomeConfig,
);

/** A fresh, mutable copy of the defaults. */
export function defaultConfig(): HomeConfig {
  return structuredClone(DEFAULT_CONFIG) as HomeConfig;
}

/** The checks at the door for new writes (docs/RECORD_FORMAT.md, "Input checks"), from a config. */
export function doorRules(config: Pick<HomeConfig, 'domains' | 'kinds' | 'limits'>): DoorRules {
  return {
    domains: [...config.domains],
    kinds: [...new Set([...KNOWN_KINDS, ...config.kinds])],
    recordBytes: config.limits.recordBytes,
  };
}

// ---------------------------------------------------------------------------------------------
// The schema. Each object is strict: an unknown key is an error naming its path and the known keys.

const WORD_DOMAIN = /^[A-Za-z][\w-]{0,31}$/;
const WORD_KIND = /^[\p{L}\p{N}][\p{L}\p{N}_.\-/:@+#]{0,99}$/u;

const require = createRequire(import.meta.url);

/**
 * The schema is built on first use, with zod loaded then (most homes' config.json is checked by
 * `quickParse` alone, and a command started on every prompt should not pay for zod).
 */
function buildConfigSchema({ z }: typeof Zod) {
  function section<S extends Zod.ZodRawShape>(name: string, shape: S) {
    const known = Object.keys(shape).join(', ');
    return z.strictObject(shape, {
      error: (iss) => {
        if (iss.code === 'unrecognized_keys') {
          // KEY is filled in per key by parseConfig, which reports each unknown key on its own.
          return name === '' ? `unknown field "KEY" (known: ${known})` : `"PATH": unknown ${name} option "KEY" (known: ${known})`;
        }
        if (iss.code === 'invalid_type') return 'must be an object';
        return undefined;
      },
    });
  }

  const num = (min: number, max: number) => {
    const msg = `must be a number from ${min} to ${max}`;
    return z.number({ error: msg }).min(min, { error: msg }).max(max, { error: msg });
  };
  const int = (min: number, max: number) => num(min, max).transform(Math.floor);
  const bool = () => z.boolean({ error: 'must be true or false' });
  const strMap = (what: string, valueOk: (s: string) => boolean) =>
    z.record(
      z.string(),
      z.string({ error: `must be ${what}` }).refine(valueOk, { error: `must be ${what}` }),
      { error: `must be an object of ${what}s` },
    );

  const RankingSchema = section('ranking', {
    candidates: num(10, 5000).optional(),
    termWeight: num(0, 1).optional(),
    halfLifeDays: z.record(z.string(), num(1, 3650), { error: 'must be an object of domain → days' }).optional(),
    decayFloor: num(0, 1).optional(),
    decayMode: z.enum(['relative', 'absolute'], { error: 'must be "relative" or "absolute"' }).optional(),
    rivals: section('rivals', { termShare: num(0.5, 1).optional(), queryShare: num(0, 1).optional(), textOverlap: num(0, 1).optional() }).optional(),
    recentHalfLifeFactor: num(0.01, 1).optional(),
    recentDecayFloor: num(0, 1).optional(),
    recentRelevanceShare: num(0, 1).optional(),
    tierWeights: section('tierWeights', { evidence: num(0.1, 3).optional(), normal: num(0.1, 3).optional(), chatter: num(0.1, 3).optional() }).optional(),
    supersededWeight: num(0, 1).optional(),
    redlineMinRelevance: num(0, 1).optional(),
    speakerWeight: num(0, 1).optional(),
    sessionDiversity: num(0, 1).optional(),
    answerTypeWeight: num(0, 1).optional(),
    questionTerms: num(1, 100).optional(),
    bigramWeight: num(0, 1).optional(),
    aliasWeight: num(0, 1).optional(),
    context: section('context', { neighbourWeight: num(0, 1).optional(), sessionWeight: num(0, 1).optional(), neighbourSeeds: num(0, 100).optional(), replyWeight: num(0, 1).optional(), farWeight: num(0, 1).optional(), gapMinutes: num(0, 1440).optional() }).optional(),
    disabledStages: z
      .array(z.string(), { error: `must list stage names (${STAGE_NAMES.join(', ')})` })
      .refine((d) => d.every((x) => (STAGE_NAMES as readonly string[]).includes(x)), { error: `must list stage names (${STAGE_NAMES.join(', ')})` })
      .optional(),
  });

  const SupersessionSchema = section('supersession', {
    inferCorrections: bool().optional(),
    minSubjectShare: num(0.2, 1).optional(),
    ambiguityRatio: num(0.5, 1).optional(),
  });

  const DuplicatesSchema = section('duplicates', {
    threshold: num(0.5, 1).optional(),
  });

  const CoreSchema = section('core', {
    budget: num(200, 100_000).optional(),
    recentDays: num(1, 3650).optional(),
    maxEntryChars: num(40, 10_000).optional(),
    origins: z
      .array(z.enum(ORIGINS), { error: `must list origins (${ORIGINS.join(', ')})` })
      .min(1, { error: 'must list at least one origin' })
      .optional(),
  });

  const ForgettingSchema = section('forgetting', {
    halfLifeDays: num(1, 3650).optional(),
    threshold: num(0, 1).optional(),
    minAgeDays: num(0, 3650).optional(),
    supersededAfterDays: num(0, 3650).optional(),
    maxShare: num(0, 0.5).optional(),
    trackRecalls: bool().optional(),
    scope: z.enum(['low-trust', 'all'], { error: 'must be "low-trust" or "all"' }).optional(),
  });

  const LimitsSchema = section('limits', {
    recordBytes: int(RECORD_BYTES_MIN, RECORD_BYTES_MAX).optional(),
  });

  const nonEmpty = (s: string) => s.trim().length > 0;
  const SummarizerSchema = section('summarizer', {
    provider: z.enum(['extractive', 'openai'], { error: 'must be "extractive" or "openai"' }).optional(),
    baseUrl: z
      .string({ error: 'must be an http(s) URL like "https://api.deepseek.com"' })
      .regex(/^https?:\/\/[^\s]+$/, { error: 'must be an http(s) URL like "https://api.deepseek.com"' })
      .optional(),
    model: z.string({ error: 'must be a model name like "deepseek-chat"' }).refine(nonEmpty, { error: 'must be a model name like "deepseek-chat"' }).optional(),
    apiKeyEnv: z
      .string({ error: 'must be an environment variable\'s name like "DEEPSEEK_API_KEY"' })
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be an environment variable\'s name like "DEEPSEEK_API_KEY"' })
      .optional(),
    timeoutMs: num(100, 600_000).optional(),
    maxAttempts: num(1, 10).transform(Math.round).optional(),
    retryBaseMs: num(0, 60_000).optional(),
    jsonMode: bool().optional(),
  });

  const root = (s: string) => z.string({ error: 'must be a folder path' }).refine(nonEmpty, { error: 'must be a folder path' }).optional();
  const IngestSchema = section('ingest', {
    summarizer: SummarizerSchema.optional(),
    roots: section('roots', { 'claude-code': root('claude-code'), codex: root('codex'), openclaw: root('openclaw'), hermes: root('hermes') }).optional(),
    batchLines: int(10, 100_000).optional(),
    minConfidence: num(0, 1).optional(),
    maxItemChars: int(80, 2000).optional(),
  });

  const EmbeddingsSchema = section('embeddings', {
    enabled: bool().optional(),
    baseUrl: z
      .string({ error: 'must be an http(s) URL like "http://127.0.0.1:11434/v1"' })
      .regex(/^https?:\/\/[^\s]+$/, { error: 'must be an http(s) URL like "http://127.0.0.1:11434/v1"' })
      .optional(),
    model: z.string({ error: 'must be a model name like "bge-m3"' }).refine(nonEmpty, { error: 'must be a model name like "bge-m3"' }).optional(),
    apiKeyEnv: z
      .string({ error: 'must be an environment variable\'s name like "OPTMEM_EMBEDDINGS_KEY"' })
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be an environment variable\'s name like "OPTMEM_EMBEDDINGS_KEY"' })
      .optional(),
    dimensions: int(1, 16_384).optional(),
    batchSize: int(1, 2048).optional(),
    timeoutMs: int(100, 600_000).optional(),
    fusion: z.enum(['rrf', 'relevance'], { error: 'must be "rrf" or "relevance"' }).optional(),
    weight: num(0, 1).optional(),
    k: num(1, 1000).optional(),
    candidates: int(1, 1000).optional(),
    minSimilarity: num(-1, 1).optional(),
  });

  const TopicSchema = section('topic', {
    name: z.string({ error: 'must be a topic name like "infra"' }),
    title: z.string({ error: 'must be a heading like "Infra"' }).refine((x) => x.trim().length > 0 && !x.includes('\n'), { error: 'must be a one-line heading like "Infra"' }).optional(),
    match: z.array(z.string(), { error: 'must be a list of keywords or /regular expressions/' }),
    domains: z.array(z.string(), { error: 'must be a list of domains' }).optional(),
  });
  const TopicsSchema = section('topics', {
    list: z.array(TopicSchema, { error: 'must be a list of topics {name, title, match, domains}' }).optional(),
    other: bool().optional(),
    indexBudget: int(1000, 1_000_000).optional(),
    topicBudget: int(1000, 10_000_000).optional(),
    archiveShare: num(0.01, 1).optional(),
  });
  const ConsolidateSchema = section('consolidate', {
    summaries: section('summaries', {
      dayChars: int(200, 100_000).optional(),
      weekChars: int(200, 100_000).optional(),
      monthChars: int(200, 100_000).optional(),
      domainChars: int(200, 100_000).optional(),
      domainDays: int(1, 366).optional(),
    }).optional(),
    summarizer: SummarizerSchema.optional(),
  });

  const IndexSchema = section('index', {
    keyExpansion: z
      .union([bool(), z.array(z.enum(KEY_PARTS))], { error: `must be true, false or a list of ${KEY_PARTS.join(', ')}` })
      .optional(),
    keyWeight: num(0, 1).optional(),
    keyTopK: int(1, 20).optional(),
  });

  const ServerSchema = section('server', {
    host: z.string({ error: 'must be an address like "127.0.0.1"' }).regex(/^[\w.:\-\[\]]+$/, { error: 'must be an address like "127.0.0.1"' }).optional(),
    port: int(0, 65_535).optional(),
    allowedHosts: z
      .array(z.string(), { error: 'must be a list of host names like "mem.lan"' })
      .refine((d) => d.every((x) => /^[\w.\-\[\]:]+$/.test(x)), { error: 'must be a list of host names like "mem.lan" (optionally with :port)' })
      .optional(),
    bodyBytes: int(1024, 67_108_864).optional(),
    importBytes: int(1024, 1_073_741_824).optional(),
    ratePerSecond: num(1, 100_000).optional(),
    rateBurst: int(1, 1_000_000).optional(),
    maxResults: int(1, 1000).optional(),
    loginSeconds: int(10, 86_400).optional(),
    sessionSeconds: int(60, 2_592_000).optional(),
  });

  const QuarantineSchema = section('quarantine', {
    rules: z.array(z.unknown(), { error: 'must be a list of rules {id, category, languages, description, pattern}' }).optional(),
    disabledRules: z.array(z.string(), { error: 'must be a list of built-in rule ids' }).optional(),
    model: bool().optional(),
    modelThreshold: num(0.05, 0.99).nullable().optional(),
  });

  return section('', {
    domains: z
      .array(z.string(), { error: 'must be a list of words like "code"' })
      .refine((d) => d.every((x) => WORD_DOMAIN.test(x)), { error: 'must be a list of words like "code" (a letter, then letters, digits, _ or -; at most 32)' })
      .optional(),
    kinds: z
      .array(z.string(), { error: 'must be a list of kinds like "meeting"' })
      .refine((d) => d.every((x) => WORD_KIND.test(x)), { error: 'must be a list of one-word kinds like "meeting"' })
      .optional(),
    limits: LimitsSchema.optional(),
    ranking: RankingSchema.optional(),
    supersession: SupersessionSchema.optional(),
    duplicates: DuplicatesSchema.optional(),
    core: CoreSchema.optional(),
    projects: strMap('a project name (letters, digits, _ . -)', (x) => /^[\p{L}\p{N}_.-]+$/u.test(x)).optional(),
    agents: strMap('a domain', (x) => /^[A-Za-z][\w-]*$/.test(x)).optional(),
    ingest: IngestSchema.optional(),
    embeddings: EmbeddingsSchema.optional(),
    topics: TopicsSchema.optional(),
    consolidate: ConsolidateSchema.optional(),
    forgetting: ForgettingSchema.optional(),
    index: IndexSchema.optional(),
    server: ServerSchema.optional(),
    quarantine: QuarantineSchema.optional(),
  });
}

type ConfigSchema = ReturnType<typeof buildConfigSchema>;
type RawConfig = Zod.output<ConfigSchema>;
let configSchema: ConfigSchema | null = null;
const schema = (): ConfigSchema => (configSchema ??= buildConfigSchema(require('zod') as typeof Zod));

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const PROJECT_NAME = /^[\p{L}\p{N}_.-]+$/u;
const AGENT_DOMAIN = /^[A-Za-z][\w-]*$/;
const wordList = (v: unknown, word: RegExp) => Array.isArray(v) && v.every((x) => typeof x === 'string' && word.test(x));
const wordMap = (v: unknown, word: RegExp) =>
  isPlainObject(v) && Object.entries(v).every(([k, x]) => k !== '__proto__' && typeof x === 'string' && word.test(x));

/**
 * The common config.json (domains, kinds, projects, agents, all well formed) checked without the
 * schema: what the schema would return for it, or null when anything else is there (the schema
 * then checks it and names every problem). It only ever accepts what the schema accepts.
 */
function quickParse(data: Record<string, unknown>): RawConfig | null {
  for (const [k, v] of Object.entries(data)) {
    if (k === 'domains' ? !wordList(v, WORD_DOMAIN) : k === 'kinds' ? !wordList(v, WORD_KIND) : k === 'projects' ? !wordMap(v, PROJECT_NAME) : k === 'agents' ? !wordMap(v, AGENT_DOMAIN) : true) {
      return null;
    }
  }
  return data as RawConfig;
}

const pathOf = (p: readonly PropertyKey[]) => p.map(String).join('.');

/**
 * Check parsed JSON against the schema and merge it over the defaults. `file` names the source in
 * messages. Throws INVALID_INPUT listing every problem with its key path.
 */
export function parseConfig(data: unknown, file: string): HomeConfig {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new OptmemError('INVALID_INPUT', `${file}: must be a JSON object`, { file });
  }
  const e = (data as { embeddings?: unknown }).embeddings;
  if (typeof e === 'object' && e !== null && 'apiKey' in e) {
    throw new OptmemError('INVALID_INPUT', `${file}: "embeddings.apiKey": keys do not belong in config.json`, {
      file,
      field: 'embeddings.apiKey',
      hint: 'put the key in an environment variable and name it in "apiKeyEnv" (default OPTMEM_EMBEDDINGS_KEY)',
    });
  }
  const cs = (data as { consolidate?: { summarizer?: unknown } }).consolidate?.summarizer;
  if (typeof cs === 'object' && cs !== null && 'apiKey' in cs) {
    throw new OptmemError('INVALID_INPUT', `${file}: "consolidate.summarizer.apiKey": keys do not belong in config.json`, {
      file,
      field: 'consolidate.summarizer.apiKey',
      hint: 'put the key in an environment variable and name it in "apiKeyEnv" (default OPTMEM_LLM_API_KEY)',
    });
  }
  if ('ingest' in data) {
    const s = (data as { ingest?: { summarizer?: unknown } }).ingest?.summarizer;
    if (typeof s === 'object' && s !== null && 'apiKey' in s) {
      throw new OptmemError('INVALID_INPUT', `${file}: "ingest.summarizer.apiKey": keys do not belong in config.json`, {
        file,
        field: 'ingest.summarizer.apiKey',
        hint: 'put the key in an environment variable and name it in "apiKeyEnv" (default OPTMEM_LLM_API_KEY)',
      });
    }
  }
  const problems: { path: string; message: string }[] = [];
  const quick = quickParse(data as Record<string, unknown>);
  if (quick) {
    const cfg = merge(quick, problems);
    if (!problems.length) return cfg;
    problems.length = 0;
  }
  const parsed = schema().safeParse(data);
  if (!parsed.success) {
    for (const iss of parsed.error.issues) {
      if (iss.code === 'unrecognized_keys') {
        for (const k of iss.keys) {
          const at = pathOf([...iss.path, k]);
          problems.push({ path: at, message: iss.message.replace('"PATH"', `"${at}"`).replace('"KEY"', `"${k}"`) });
        }
      } else problems.push({ path: pathOf(iss.path), message: `"${pathOf(iss.path)}" ${iss.message}` });
    }
  }
  const cfg = parsed.success ? merge(parsed.data, problems) : null;
  if (problems.length || !cfg) {
    const lines = problems.map((p) => p.message);
    const msg = lines.length === 1 ? `${file}: ${lines[0]}` : `${file}: ${lines.length} problems:\n  ${lines.join('\n  ')}`;
    throw new OptmemError('INVALID_INPUT', msg, { file, field: problems[0]?.path, hint: 'every setting is described in docs/CONFIG.md' });
  }
  return cfg;
}

/** The checked file over a fresh copy of the defaults; cross-field problems are added to `problems`. */
function merge(o: RawConfig, problems: { path: string; message: string }[]): HomeConfig {
  const cfg = defaultConfig();
  if (o.domains) cfg.domains = [...new Set(o.domains.map((x) => x.toLowerCase()))];
  if (o.kinds) cfg.kinds = [...new Set(o.kinds.map((x) => x.toLowerCase()))];
  if (o.limits) Object.assign(cfg.limits, o.limits);
  if (o.ranking) {
    const { halfLifeDays, tierWeights, context, rivals, disabledStages, ...flat } = o.ranking;
    Object.assign(cfg.ranking, flat);
    if (halfLifeDays) Object.assign(cfg.ranking.halfLifeDays, halfLifeDays);
    if (tierWeights) Object.assign(cfg.ranking.tierWeights, tierWeights);
    if (context) Object.assign(cfg.ranking.context, context);
    if (rivals) Object.assign(cfg.ranking.rivals, rivals);
    if (disabledStages) cfg.ranking.disabledStages = [...disabledStages];
  }
  if (o.supersession) Object.assign(cfg.supersession, o.supersession);
  if (o.duplicates) Object.assign(cfg.duplicates, o.duplicates);
  if (o.core) Object.assign(cfg.core, o.core);
  if (o.projects) cfg.projects = { ...o.projects };
  // An agent's records carry its domain, and a domain must be configured: a default mapping to a
  // domain this home does not have is dropped (those records get no domain); a mapping the file
  // gives to an unknown domain is a mistake to report.
  for (const [a, d] of Object.entries(cfg.agents)) if (!cfg.domains.includes(d)) delete cfg.agents[a];
  for (const [a, d] of Object.entries(o.agents ?? {})) {
    const dom = d.toLowerCase();
    if (!cfg.domains.includes(dom)) {
      problems.push({ path: `agents.${a}`, message: `"agents.${a}": "${d}" is not a configured domain (configured: ${cfg.domains.join(', ') || 'none'})` });
    } else cfg.agents[a] = dom;
  }
  if (o.ingest) {
    const { summarizer, roots, ...flat } = o.ingest;
    Object.assign(cfg.ingest, flat);
    if (summarizer) Object.assign(cfg.ingest.summarizer, summarizer);
    if (roots) cfg.ingest.roots = { ...roots };
  }
  if (o.embeddings) Object.assign(cfg.embeddings, o.embeddings);
  if (o.topics) {
    const { list, ...flat } = o.topics;
    Object.assign(cfg.topics, flat);
    if (list) cfg.topics.list = list.map((t) => ({ name: t.name, title: t.title?.trim() || defaultTitle(t.name), match: [...t.match], ...(t.domains ? { domains: t.domains.map((d) => d.toLowerCase()) } : {}) }));
    problems.push(...checkTopics(cfg.topics.list, cfg.topics.other));
    cfg.topics.list.forEach((t, i) =>
      (t.domains ?? []).forEach((d, j) => {
        if (!cfg.domains.includes(d)) problems.push({ path: `topics.list.${i}.domains.${j}`, message: `"topics.list.${i}.domains.${j}": "${d}" is not a configured domain (configured: ${cfg.domains.join(', ') || 'none'})` });
      }),
    );
  }
  if (o.consolidate?.summaries) Object.assign(cfg.consolidate.summaries, o.consolidate.summaries);
  if (o.consolidate?.summarizer) Object.assign(cfg.consolidate.summarizer, o.consolidate.summarizer);
  if (o.forgetting) Object.assign(cfg.forgetting, o.forgetting);
  if (o.index) Object.assign(cfg.index, o.index.keyExpansion === undefined || typeof o.index.keyExpansion === 'boolean' ? o.index : { ...o.index, keyExpansion: [...o.index.keyExpansion] });
  if (o.server) Object.assign(cfg.server, o.server.allowedHosts ? { ...o.server, allowedHosts: o.server.allowedHosts.map((h) => h.toLowerCase()) } : o.server);
  if (o.quarantine) {
    const checked = checkQuarantineRules(o.quarantine.rules ?? [], o.quarantine.disabledRules ?? []);
    problems.push(...checked.problems);
    cfg.quarantine = {
      rules: checked.rules,
      disabledRules: [...(o.quarantine.disabledRules ?? [])],
      model: o.quarantine.model ?? QUARANTINE_DEFAULTS.model,
      modelThreshold: o.quarantine.modelThreshold ?? QUARANTINE_DEFAULTS.modelThreshold,
    };
  }
  if (cfg.embeddings.enabled) {
    for (const k of ['baseUrl', 'model'] as const) {
      if (cfg.embeddings[k] === undefined) problems.push({ path: `embeddings.${k}`, message: `"embeddings.${k}" is needed when embeddings.enabled is true` });
    }
  }
  return cfg;
}

/** Read and check a home's config.json; a missing file gives a fresh copy of the defaults. */
export function readConfig(file: string): HomeConfig {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return defaultConfig();
    throw new OptmemError('IO', `cannot read ${file}: ${(e as Error).message}`, { cause: e, file });
  }
  let data: unknown;
  try {
    data = JSON.parse(raw.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new OptmemError('INVALID_INPUT', `${file}: not valid JSON (${(e as Error).message})`, { cause: e, file });
  }
  return parseConfig(data, file);
}
