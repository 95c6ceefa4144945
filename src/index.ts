/** The public API of optmem: explicit named exports. */
export { createOptmem, initHome, homeExists } from './optmem.js';
export type { Optmem, OptmemOptions, AddResult, ImportResult, Stats } from './optmem.js';
export { OptmemError, isOptmemError, formatProblem } from './core/errors.js';
export type { ErrorCode, Problem } from './core/errors.js';
export { createRecord, normalizeText, TIERS } from './core/record.js';
export type { MemoryRecord, RecordInput, RecordSource, Tier } from './core/record.js';
export { serializeRecord, parseDayFile } from './core/record-format.js';
export { SEARCH_DEFAULTS } from './query/search.js';
export type { SearchRequest, SearchResult, SearchHit, TraceEntry } from './query/types.js';
export type { RecordJson } from './io/jsonl.js';
export type { DoctorReport } from './doctor.js';
export type { SyncReport } from './index/sync.js';
export type { CoreApi } from './sessions/sessions.js';
export type { CoreEntry, CoreMemory, CoreChange, ContextPack, HandoffFields, SessionEndInput, SessionEndResult, SessionStartInput } from './sessions/types.js';
export { RANKING_DEFAULTS } from './query/options.js';
export type { RankingOptions } from './query/options.js';
