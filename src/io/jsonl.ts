import { OptmemError, type Problem } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { createRecord, type MemoryRecord, type RecordContext, type RecordSource } from '../core/record.js';

/** One line of `optmem export` / `optmem import`. */
export interface RecordJson {
  id: string;
  time: string;
  text: string;
  domain: string | null;
  project: string | null;
  kind: string;
  tier: string;
  corrects: string[];
  tags: string[];
  source: RecordSource;
  /** who wrote it (core/provenance.ts): always present in an export, `owner` when the record has none */
  origin?: string;
  writer?: string;
  /** the quarantine rules that flagged it at write time */
  quarantine?: string[];
}

export function recordToJson(r: MemoryRecord): RecordJson {
  return {
    id: r.id,
    time: r.time,
    text: r.text,
    domain: r.domain,
    project: r.project,
    kind: r.kind,
    tier: r.tier,
    corrects: r.corrects,
    tags: r.tags,
    source: r.source,
    origin: r.origin ?? 'owner',
    ...(r.writer ? { writer: r.writer } : {}),
    ...(r.quarantine?.length ? { quarantine: r.quarantine } : {}),
  };
}

const FIELDS = new Set(['id', 'time', 'text', 'domain', 'project', 'kind', 'tier', 'corrects', 'tags', 'source', 'origin', 'writer', 'quarantine']);

/**
 * Parse JSONL into records, all or nothing: every bad line is collected (file and line), and if
 * there is any, nothing is returned. Blank lines are allowed. With `ctx.door` set (an import into
 * a home), every line passes the same checks at the door as `add` (docs/RECORD_FORMAT.md, "Input checks").
 */
export function parseJsonlRecords(text: string, file: string, ctx: RecordContext): { records: { record: MemoryRecord; line: number; hadOrigin: boolean }[] } {
  const problems: Problem[] = [];
  const records: { record: MemoryRecord; line: number; hadOrigin: boolean }[] = [];
  const seen = new Map<string, number>();
  let hint: string | undefined;
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = i + 1;
    const l = raw.trim();
    if (!l) return;
    let obj: unknown;
    try {
      obj = JSON.parse(l);
    } catch (e) {
      problems.push({ file, line, message: `not valid JSON (${(e as Error).message})` });
      return;
    }
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
      problems.push({ file, line, message: 'expected a JSON object' });
      return;
    }
    const o = obj as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => !FIELDS.has(k));
    if (unknown.length) {
      problems.push({ file, line, message: `unknown field ${unknown.map((k) => `"${k}"`).join(', ')} (known: ${[...FIELDS].join(', ')})` });
      return;
    }
    for (const k of ['id', 'time', 'text', 'domain', 'project', 'kind', 'tier', 'origin', 'writer'] as const) {
      if (o[k] !== undefined && o[k] !== null && typeof o[k] !== 'string') {
        problems.push({ file, line, message: `field "${k}" must be a string` });
        return;
      }
    }
    if (o.text === undefined) {
      problems.push({ file, line, message: 'field "text" is required' });
      return;
    }
    if (o.tags !== undefined && o.tags !== null && !(Array.isArray(o.tags) && o.tags.every((t) => typeof t === 'string'))) {
      problems.push({ file, line, message: 'field "tags" must be a list of strings' });
      return;
    }
    if (o.quarantine !== undefined && o.quarantine !== null && !(Array.isArray(o.quarantine) && o.quarantine.every((t) => typeof t === 'string'))) {
      problems.push({ file, line, message: 'field "quarantine" must be a list of rule ids' });
      return;
    }
    const c = o.corrects;
    if (c !== undefined && c !== null && typeof c !== 'string' && !(Array.isArray(c) && c.every((t) => typeof t === 'string'))) {
      problems.push({ file, line, message: 'field "corrects" must be an id or a list of ids' });
      return;
    }
    const s = o.source;
    if (s !== undefined && s !== null && typeof s !== 'string' && (typeof s !== 'object' || Array.isArray(s))) {
      problems.push({ file, line, message: 'field "source" must be an agent name or {agent, session, ref}' });
      return;
    }
    try {
      const record = createRecord(
        {
          id: (o.id as string | undefined) ?? undefined,
          time: (o.time as string | undefined) ?? undefined,
          text: o.text as string,
          domain: o.domain as string | null | undefined,
          project: o.project as string | null | undefined,
          kind: (o.kind as string | undefined) ?? undefined,
          tier: (o.tier as string | undefined) ?? undefined,
          corrects: (c as string | string[] | null | undefined) ?? undefined,
          tags: (o.tags as string[] | null | undefined) ?? undefined,
          source: (s as RecordSource | string | null | undefined) ?? undefined,
          origin: (o.origin as string | undefined) ?? undefined,
          writer: (o.writer as string | undefined) ?? undefined,
          quarantine: (o.quarantine as string[] | null | undefined) ?? undefined,
        },
        ctx,
      );
      // Lines without an id share one instant (the import's), so their ids differ only in 30 random
      // bits: in a file of 10,000 such lines two collide about once in twenty. A generated id that
      // is taken is drawn again; only an id the file gives is the file's mistake.
      if (o.id === undefined || o.id === null) while (seen.has(record.id)) record.id = newId(ctx.nowMs);
      const prev = seen.get(record.id);
      if (prev !== undefined) {
        problems.push({ file, line, message: `id ${record.id} is already used on line ${prev}` });
        return;
      }
      seen.set(record.id, line);
      records.push({ record, line, hadOrigin: typeof o.origin === 'string' });
    } catch (e) {
      if (e instanceof OptmemError) {
        problems.push({ file, line, message: e.message.replace(/^\[optmem\] /, '') });
        hint ??= e.hint;
      } else throw e;
    }
  });
  if (problems.length) {
    const shown = problems.slice(0, 20).map((p) => `${p.file}:${p.line}: ${p.message}`).join('\n');
    throw new OptmemError(
      'INVALID_INPUT',
      `import refused, nothing written (${problems.length} bad line${problems.length > 1 ? 's' : ''}):\n${shown}${problems.length > 20 ? `\n… and ${problems.length - 20} more` : ''}`,
      { file, line: problems[0]!.line, ...(hint ? { hint } : {}) },
    );
  }
  return { records };
}
