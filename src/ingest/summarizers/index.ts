import { OptmemError } from '../../core/errors.js';
import type { SummarizerConfig } from '../../config.js';
import type { Summarizer } from '../types.js';
import { createExtractiveSummarizer } from './extractive.js';
import { createOpenAISummarizer, type OpenAISummarizerDeps } from './openai.js';

export interface SummarizerDeps extends OpenAISummarizerDeps {
  /** the process environment: read here, by the composition root's hand, never below */
  env: Record<string, string | undefined>;
}

/** The summarizer `ingest.summarizer` asks for, with the environment's overrides applied. */
export function resolveSummarizerConfig(cfg: SummarizerConfig, env: Record<string, string | undefined>): SummarizerConfig & { apiKey: string | null } {
  const provider = env.OPTMEM_SUMMARIZER || cfg.provider;
  if (provider !== 'extractive' && provider !== 'openai') {
    throw new OptmemError('INVALID_INPUT', `OPTMEM_SUMMARIZER must be "extractive" or "openai", not "${provider}"`, { field: 'OPTMEM_SUMMARIZER' });
  }
  return {
    ...cfg,
    provider,
    baseUrl: env.OPTMEM_LLM_BASE_URL || cfg.baseUrl,
    model: env.OPTMEM_LLM_MODEL || cfg.model,
    apiKey: env.OPTMEM_LLM_API_KEY || env[cfg.apiKeyEnv] || null,
  };
}

/**
 * `extractive` → the local, deterministic summarizer; `openai` → an OpenAI-compatible server, which
 * needs a base URL and a model (config or environment) and, unless the server takes none, a key.
 */
export function createSummarizer(cfg: SummarizerConfig, deps: SummarizerDeps): Summarizer {
  const r = resolveSummarizerConfig(cfg, deps.env);
  if (r.provider === 'extractive') return createExtractiveSummarizer();
  if (!r.baseUrl || !r.model) {
    throw new OptmemError('INVALID_INPUT', `the openai summarizer needs ${!r.baseUrl ? 'a base URL' : 'a model'}`, {
      field: 'ingest.summarizer',
      hint: 'set "baseUrl" and "model" under ingest.summarizer in config.json, or OPTMEM_LLM_BASE_URL and OPTMEM_LLM_MODEL',
    });
  }
  if (!/^https?:\/\//.test(r.baseUrl)) throw new OptmemError('INVALID_INPUT', `the summarizer's base URL must start with http:// or https://`, { field: 'OPTMEM_LLM_BASE_URL' });
  return createOpenAISummarizer(
    { baseUrl: r.baseUrl, model: r.model, apiKey: r.apiKey, timeoutMs: r.timeoutMs, maxAttempts: r.maxAttempts, retryBaseMs: r.retryBaseMs, jsonMode: r.jsonMode },
    { fetch: deps.fetch, sleep: deps.sleep, random: deps.random, warn: deps.warn },
  );
}

export { createOpenAISummarizer } from './openai.js';
