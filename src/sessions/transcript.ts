import fs from 'node:fs';
import path from 'node:path';
import { OptmemError, type Problem } from '../core/errors.js';

/**
 * Reading a finished (or compacting) session's transcript into plain turns, the input of
 * `extractHandoff`. Three shapes are understood:
 *
 * - **Claude Code session JSONL** (`~/.claude/projects/<cwd>/<session>.jsonl`): one event per line,
 *   `{"type":"user"|"assistant", "message":{"role","content"}, "timestamp", "cwd", "sessionId", …}`;
 *   `content` is a string or an array of `text` / `tool_use` / `tool_result` / `thinking` blocks.
 *   Other line types (`summary`, `system`, `file-history-snapshot`, …) are skipped.
 * - **Plain JSONL**: `{"time","role","content","agent","session"}` per line (what the OpenClaw and
 *   Hermes shims write). Also accepted: OpenAI-style messages (`tool_calls`), Codex CLI rollout
 *   lines (`{"type":"response_item","payload":{"type":"message"|"function_call",…}}`) and OpenClaw
 *   session lines (`{"type":"message","message":{"role","content"}}`, roles user / assistant /
 *   toolResult, `toolCall` blocks; the `session`, `model_change`, `custom` … lines are metadata).
 * - **Markdown chat exports**: turns opened by `**User:**`, `## User`, `User:` (or Assistant /
 *   Human / Claude / AI / 用户 / 助手 …).
 *
 * Tool output is noise for a handoff: a short tool result is read only for the `KEY=value` lines
 * (`resultSettings`), a version (`resultVersions`), a test summary (`testSummary`) and a measurement
 * taken again (`remeasured`) it shows; a tool call keeps only its name, the files it touched and what
 * its edit changed (`changes`: settings, prose lines, sed substitutions, lines whose values changed,
 * what a file written whole says), and fenced code or very long pasted text is cut down.
 */
export interface Turn {
  role: 'user' | 'assistant' | 'tool' | 'system';
  text: string;
  time?: string;
  /** files the turn touched (tool inputs), as written there or relative to the session's cwd */
  files?: string[];
  /** settings an edit changed (`file: key: new (was old)`, see `settingChanges`), prose lines it replaced
   * (`proseEdits`), packages a command installed and branches it made (`commandFacts`), settings a
   * command's output showed (`resultSettings`) */
  changes?: string[];
  /** 1-based line in the transcript where the turn starts */
  line: number;
}

export interface TranscriptRead {
  turns: Turn[];
  problems: Problem[];
  format: 'claude-code' | 'jsonl' | 'markdown';
}

/** A user or assistant text longer than this is treated as pasted output and cut. */
const MAX_TURN_CHARS = 4000;
/** Tool inputs whose `path` names a search root, not a file the session worked on. */
const SEARCH_TOOLS = new Set(['Grep', 'Glob', 'LS', 'grep', 'glob', 'ls', 'find', 'search']);
const FILE_KEYS = ['file_path', 'notebook_path', 'filePath', 'path', 'file', 'filename'];

export function readTranscript(file: string): TranscriptRead {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new OptmemError('IO', `cannot read transcript ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      file,
      cause: e,
      hint: 'pass the path of a Claude Code session .jsonl, a JSONL of {time,role,content} lines, or a Markdown chat export',
    });
  }
  return parseTranscript(text, file);
}

/** The same as `readTranscript`, from text already in memory; `file` only names it in problems. */
export function parseTranscript(text: string, file = 'transcript'): TranscriptRead {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const format = detectFormat(lines, file);
  if (format === 'markdown') return { format, problems: [], turns: readMarkdown(lines) };
  return { format, ...readJsonl(lines, file, format) };
}

function detectFormat(lines: string[], file: string): TranscriptRead['format'] {
  let jsonLines = 0;
  let seen = 0;
  for (const l of lines) {
    const s = l.trim();
    if (!s) continue;
    if (++seen > 50) break;
    if (!s.startsWith('{')) continue;
    let v: unknown;
    try {
      v = JSON.parse(s);
    } catch {
      continue;
    }
    jsonLines++;
    if (isObj(v) && (v.type === 'user' || v.type === 'assistant') && isObj(v.message)) return 'claude-code';
  }
  if (jsonLines > 0) return 'jsonl';
  return /\.jsonl?$/i.test(file) && seen > 0 ? 'jsonl' : 'markdown';
}

function readJsonl(lines: string[], file: string, format: 'claude-code' | 'jsonl'): Omit<TranscriptRead, 'format'> {
  // The measurements tool outputs showed so far in this transcript (remeasured).
  const measured: Measurement[] = [];
  const turns: Turn[] = [];
  const problems: Problem[] = [];
  let cwd: string | undefined;
  lines.forEach((raw, i) => {
    const s = raw.trim();
    if (!s) return;
    const line = i + 1;
    let v: unknown;
    try {
      v = JSON.parse(s);
    } catch (e) {
      problems.push({ file, line, message: `not a JSON line (${(e as Error).message.split('\n')[0]})` });
      return;
    }
    if (!isObj(v)) {
      problems.push({ file, line, message: 'a line must be a JSON object' });
      return;
    }
    if (typeof v.cwd === 'string') cwd = v.cwd;
    // Codex names the session's folder in session_meta / turn_context: {"type":…,"payload":{"cwd"}}.
    else if ((v.type === 'session_meta' || v.type === 'turn_context') && isObj(v.payload) && typeof v.payload.cwd === 'string') cwd = v.payload.cwd;
    const got = format === 'claude-code' ? claudeLine(v, line, cwd, measured) : plainLine(v, line, cwd, measured);
    if (got === 'bad') problems.push({ file, line, message: 'no role and content (expected {"role","content"} or a Claude Code / Codex event)' });
    else turns.push(...got);
  });
  return { turns, problems };
}

/** One Claude Code event line → zero or more turns. */
function claudeLine(v: Record<string, unknown>, line: number, cwd: string | undefined, measured: Measurement[]): Turn[] | 'bad' {
  if (v.type !== 'user' && v.type !== 'assistant') return [];
  // Meta lines (command caveats, injected reminders) and side chains are not the conversation.
  if (v.isMeta === true || v.isSidechain === true || v.isCompactSummary === true) return [];
  const msg = v.message;
  if (!isObj(msg)) return 'bad';
  const time = typeof v.timestamp === 'string' ? v.timestamp : undefined;
  const role = v.type;
  const out: Turn[] = [];
  const texts: string[] = [];
  const blocks = typeof msg.content === 'string' ? [{ type: 'text', text: msg.content }] : Array.isArray(msg.content) ? msg.content : [];
  for (const b of blocks) {
    if (!isObj(b)) continue;
    if (b.type === 'text' && typeof b.text === 'string') texts.push(b.text);
    else if (b.type === 'tool_use') out.push(toolTurn(String(b.name ?? 'tool'), b.input, line, time, cwd));
    else if (b.type === 'tool_result') out.push(...resultTurn(b.content, line, time, cwd, measured));
    // thinking, image: noise for a handoff
  }
  const text = cleanText(texts.join('\n'));
  if (text && !isHostChatter(text)) out.unshift({ role, text, time, line });
  return out;
}

/** One plain JSONL line (or OpenAI message, or Codex rollout line) → zero or more turns. */
function plainLine(v: Record<string, unknown>, line: number, cwd: string | undefined, measured: Measurement[]): Turn[] | 'bad' {
  const time = str(v.time) ?? str(v.timestamp) ?? str(v.created_at);
  // Codex CLI rollout: {"timestamp","type":"response_item","payload":{…}}; other line types are metadata.
  if (typeof v.type === 'string' && isObj(v.payload)) {
    const p = v.payload;
    if (v.type === 'session_meta' || v.type === 'turn_context') return [];
    if (v.type !== 'response_item') return [];
    if (p.type === 'message') return messageTurns(p, line, time, cwd, measured);
    if (p.type === 'function_call' || p.type === 'custom_tool_call' || p.type === 'local_shell_call') {
      return [toolTurn(String(p.name ?? 'tool'), parseMaybeJson(p.arguments ?? p.input ?? p.action), line, time, cwd)];
    }
    if (p.type === 'function_call_output' || p.type === 'custom_tool_call_output') {
      const o = parseMaybeJson(p.output);
      return resultTurn(isObj(o) && typeof o.output === 'string' ? o.output : o, line, time, cwd, measured);
    }
    return [];
  }
  // OpenClaw session JSONL: {"type":"message","message":{role, content}}; other typed lines are metadata.
  if (v.type === 'message' && isObj(v.message)) return messageTurns(v.message, line, time, cwd, measured);
  if (typeof v.role !== 'string' && !('content' in v) && !('text' in v)) return typeof v.type === 'string' ? [] : 'bad';
  return messageTurns(v, line, time, cwd, measured);
}

function messageTurns(m: Record<string, unknown>, line: number, time: string | undefined, cwd: string | undefined, measured: Measurement[]): Turn[] {
  const role = normalizeRole(str(m.role));
  const out: Turn[] = [];
  const texts: string[] = [];
  const content = m.content ?? m.text;
  const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : [];
  for (const b of blocks) {
    if (typeof b === 'string') texts.push(b);
    else if (!isObj(b)) continue;
    else if (typeof b.text === 'string' && b.type !== 'tool_result' && b.type !== 'toolResult') texts.push(b.text);
    else if (b.type === 'tool_use' || b.type === 'toolCall' || b.type === 'tool_call') out.push(toolTurn(String(b.name ?? 'tool'), b.input ?? b.arguments, line, time, cwd));
  }
  if (Array.isArray(m.tool_calls)) {
    for (const c of m.tool_calls) {
      const fn = isObj(c) && isObj(c.function) ? c.function : null;
      if (fn) out.push(toolTurn(String(fn.name ?? 'tool'), parseMaybeJson(fn.arguments), line, time, cwd));
    }
  }
  const files = Array.isArray(m.files) ? m.files.filter((f): f is string => typeof f === 'string') : [];
  if (role === 'tool') {
    // A tool's output: keep only the files it names and the settings it shows, never its text.
    const got = resultTurn(texts.join('\n'), line, time, cwd, measured)[0];
    const shown = got?.changes ?? [];
    for (const f of got?.files ?? []) if (!files.includes(f)) files.push(f);
    if (files.length || shown.length) out.push({ role: 'tool', text: '', time, ...(files.length ? { files } : {}), ...(shown.length ? { changes: shown } : {}), line });
    return out;
  }
  const text = cleanText(texts.join('\n'));
  if ((text && !isHostChatter(text)) || files.length) out.unshift({ role, text, time, line, ...(files.length ? { files } : {}) });
  return out;
}

function toolTurn(name: string, input: unknown, line: number, time: string | undefined, cwd: string | undefined): Turn {
  const files = new Set<string>();
  // A line commented out or back is said so; the same line as a prose edit (`x (was # x)`) would say it less clearly.
  const commented = commentedOut(input, cwd);
  const bodies = commented.map((c) => c.replace(/^.*?(?:commented out|uncommented) /, ''));
  const changes = [...settingChanges(input, cwd), ...commented, ...proseEdits(input, cwd).filter((p) => !bodies.some((b) => p.includes(b)))];
  // A value an edit changed that no setting or prose line above already says.
  for (const v of valueEdits(input, cwd)) if (!changes.some((c) => c.includes(v.value))) changes.push(v.text);
  changes.push(...writtenFacts(input, cwd).filter((w) => !changes.includes(w)));
  for (const a of addedLines(input, cwd)) if (!changes.some((c) => c.includes(a.line))) changes.push(a.text);
  changes.push(...commandFacts(input));
  if (isObj(input)) {
    for (const k of FILE_KEYS) {
      const f = input[k];
      if (typeof f !== 'string' || !f || f.includes('\n')) continue;
      if (k === 'path' && SEARCH_TOOLS.has(name)) continue;
      files.add(relativeTo(f, cwd));
    }
    if (Array.isArray(input.edits)) for (const e of input.edits) if (isObj(e) && typeof e.file_path === 'string') files.add(relativeTo(e.file_path, cwd));
    // apply_patch (Codex) carries its files in the patch headers.
    const patch = typeof input.input === 'string' ? input.input : typeof input.patch === 'string' ? input.patch : '';
    for (const m of patch.matchAll(/^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm)) files.add(relativeTo(m[1]!.trim(), cwd));
  } else if (typeof input === 'string') {
    for (const m of input.matchAll(/^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm)) files.add(relativeTo(m[1]!.trim(), cwd));
  }
  return { role: 'tool', text: name, time, line, ...(files.size ? { files: [...files] } : {}), ...(changes.length ? { changes } : {}) };
}

/** A tool's output, read only for the settings, versions, test summaries and new measurements it shows. */
function resultTurn(content: unknown, line: number, time: string | undefined, cwd: string | undefined, measured: Measurement[]): Turn[] {
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((b) => (isObj(b) && typeof b.text === 'string' ? b.text : '')).join('\n') : '';
  const changes = [...resultSettings(text), ...resultVersions(text), ...testSummary(text), ...applySummary(text), ...commitLines(text), ...remeasured(text, measured)];
  const files = savedFiles(text).map((f) => relativeTo(f, cwd));
  return changes.length || files.length ? [{ role: 'tool', text: '', time, line, ...(changes.length ? { changes } : {}), ...(files.length ? { files } : {}) }] : [];
}

/**
 * Files a tool says it wrote, on a line of its own output that starts with the word
 * (`Saved res://scenes/harbor.lmbake (23.4 MB)`, `Wrote dist/report.csv`, `Exported to build/app.zip`).
 */
export function savedFiles(output: string): string[] {
  const out: string[] = [];
  for (const m of output.matchAll(/^\s*(?:saved|wrote|written|created|exported|generated)(?:\s+(?:to|as))?:?\s+["'`]?([^\s"'`]+)/gim)) {
    const f = m[1]!.replace(/[.,;:]+$/, '');
    if ((f.includes('/') || /\.\w{1,8}$/.test(f)) && !/^\d+(?:\.\d+)*$/.test(f) && !out.includes(f)) out.push(f);
    if (out.length >= 3) break;
  }
  return out;
}

/**
 * Settings a command's output shows and nothing else does: one or two `KEY=value` lines in an output
 * of at most six (`grep OnCalendar x.timer` → `OnCalendar=*-*-* 00/4:00:00`, `loginctl show-user dev -p
 * Linger` → `Linger=yes`). Three or more (`cat .env`) and longer output (a file read, a log) are not read.
 */
export function resultSettings(output: string): string[] {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  const kv = lines.filter((l) => /^[A-Za-z_][\w.-]*=\S.{0,60}$/.test(l));
  return lines.length <= 6 && kv.length >= 1 && kv.length <= 2 ? kv : [];
}

const OLD_KEYS = ['old_string', 'oldText', 'old_str', 'old', 'search'];
const NEW_KEYS = ['new_string', 'newText', 'new_str', 'new', 'replace'];
/** `key = value`, `key: value`, `"key": value` and nginx-style `key value;` lines. */
const SETTING_LINE = /^\s*(?:export\s+)?["']?([A-Za-z_][\w.-]*)["']?(\s*[=:]\s*|\s+(?=[^\s=:]+;\s*$))(.+?)[,;]?\s*$/;
/** The same, with `/` in keys (`variant/thread_support=false`) and quoted `"key" "value"` pairs (Valve KeyValues). */
const SETTING_LINE_WIDE = /^\s*(?:export\s+)?["']?([A-Za-z_][\w./-]*)["']?(\s*[=:]\s*|\s+(?=[^\s=:]+;\s*$)|(?<=["'])\s+(?=["']))(.+?)[,;]?\s*$/;

/**
 * Settings an edit changed: the lines of the old and new text (Claude Code `Edit`/`MultiEdit`,
 * OpenClaw `edit`, a Codex patch's `-`/`+` lines) that set the same key to another value, as
 * `file: key: new (was old)`, written with the file's own separator (`KEY=200`, `max: 50`,
 * `client_max_body_size 20m`) so the line can be searched for as it is in the file. Nested YAML keys
 * are joined with dots from the new text's indentation, a TOML table is a prefix.
 */
export function settingChanges(input: unknown, cwd?: string): string[] {
  const out: string[] = [];
  const LINE = SETTING_LINE_WIDE;
  for (const p of editPairs(input, cwd)) {
    // The old text's settings by key, with the table or mapping each was under (an edit's text is a
    // fragment: a key of another table is not the same setting).
    const old = new Map<string, { dotted: string; value: string }[]>();
    for (const l of settingLines(p.before, LINE)) {
      if (!l.m) continue;
      old.set(l.m[1]!, [...(old.get(l.m[1]!) ?? []), { dotted: [...l.prefix, l.m[1]!].join('.'), value: stripComment(l.m[3]!.trim()) }]);
    }
    // A key an edit adds to a config file is a setting too; added to code it is not.
    const configFile = CONFIG_FILE.test(p.file);
    const after = settingLines(p.after, LINE);
    for (const l of after) {
      const pairs = pairChanges(l.line, p.before);
      if (pairs.length) {
        for (const x of pairs) out.push(`${p.file ? `${p.file}: ` : ''}${x}`.slice(0, 200));
        continue;
      }
      if (!l.m) continue;
      const [, key, sepRaw, raw] = l.m;
      const value = stripComment(raw!.trim());
      const sep = sepRaw!.includes('=') ? (/\s=/.test(sepRaw!) ? ' = ' : '=') : sepRaw!.includes(':') ? ': ' : ' ';
      // A TOML inline table of plain values (`simple = { limit = 10, period = 60 }`) is a setting; other braces are code.
      const inlineTable = /\.toml$/i.test(p.file) && /^\{\s*[\w-]+\s*=\s*[^{}()<>]+\}$/.test(value);
      if (!value || value.length > 60 || (/[(<{]|=>/.test(value) && !inlineTable)) continue; // code, not a setting
      const dotted = [...l.prefix, key].join('.');
      const olds = old.get(key!) ?? [];
      if (olds.some((o) => o.value === value)) continue; // unchanged
      // The old value of the same setting: under the same table, or the only one when the fragment shows the
      // table on one side only (`auth: cert` before, `apns:\n  auth: token` after), unless the new text still
      // holds that old value under the same key elsewhere (another table: not replaced here).
      const suffix = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
      const stillThere = (o: { value: string }) => after.some((x) => x.m !== null && x.m[1] === key && stripComment(x.m[3]!.trim()) === o.value);
      const was = (olds.find((o) => o.dotted === dotted) ?? (olds.length === 1 && suffix(olds[0]!.dotted, dotted) && !stillThere(olds[0]!) ? olds[0] : undefined))?.value;
      if (was === undefined && p.before.trim() !== '' && !configFile) continue;
      const what = `${dotted}${sep}${value}${was === undefined || /^["']?…["']?$/.test(was) ? '' : ` (was ${was})`}`;
      out.push(`${p.file ? `${p.file}: ` : ''}${what}`.slice(0, 200));
    }
  }
  return [...new Set(out)];
}

/**
 * The lines of a config text that are not a table header (`[cache]`, `[[ratelimits]]`) or a YAML mapping
 * opener (`pool:`), each with the tables and mappings it stands under and its setting match, if any.
 */
function settingLines(text: string, LINE: RegExp): { line: string; prefix: string[]; m: RegExpExecArray | null }[] {
  const out: { line: string; prefix: string[]; m: RegExpExecArray | null }[] = [];
  const stack: { indent: number; key: string }[] = [];
  let section = '';
  for (const l of text.split('\n')) {
    const toml = /^\s*\[\[?([\w.-]+)\]\]?\s*$/.exec(l); // a TOML table or array of tables opens
    if (toml) {
      section = toml[1]!;
      continue;
    }
    const indent = /^\s*/.exec(l)![0].length;
    while (stack.length && stack.at(-1)!.indent >= indent) stack.pop();
    const opener = /^\s*([A-Za-z_][\w.-]*):\s*$/.exec(l);
    if (opener) {
      stack.push({ indent, key: opener[1]! }); // a YAML mapping opens
      continue;
    }
    out.push({ line: l, prefix: [...(section ? [section] : []), ...stack.map((x) => x.key)], m: LINE.exec(l) });
  }
  return out;
}

/**
 * `key=value` pairs inside a directive line whose value an edit changed (`limit_req zone=api burst=50;` →
 * `limit_req zone=api burst=20 nodelay;`): `limit_req burst=20 (was 50)`, the directive named by its
 * first word and matched with the line of the same first word before the edit.
 */
function pairChanges(line: string, before: string): string[] {
  const head = /^\s*([A-Za-z_][\w-]*)\s+(?=[^=\s]*[\w-]=)/.exec(line);
  if (!head) return [];
  const prev = before.split('\n').find((b) => new RegExp(`^\\s*${head[1]}\\s`).test(b));
  if (!prev) return [];
  const pairsOf = (l: string) => new Map([...l.matchAll(/(?<![\w.-])([A-Za-z_][\w.-]*)=([^\s;,]+)/g)].map((x) => [x[1]!, x[2]!] as const));
  const was = pairsOf(prev);
  const out: string[] = [];
  for (const [k, v] of pairsOf(line)) if (was.has(k) && was.get(k) !== v) out.push(`${head[1]} ${k}=${v} (was ${was.get(k)})`);
  return out;
}

const CONFIG_FILE = /\.(?:ya?ml|toml|ini|env(?:\.[\w-]+)?|conf|cfg|properties)$|(?:^|\/)\.env(?:\.[\w-]+)?$/i;
/** A value's trailing comment (`"vectorized"  # falls back …`, `50 // per IP`) is not the value. */
function stripComment(v: string): string {
  return v.replace(/\s+(?:#|\/\/)\s.*$/, '').trim();
}

/**
 * Prose an edit replaced, one line for one line (`drafts/a.md: HippoRAG（2024） (was HippoRAG（2023）)`):
 * a corrected figure, a new heading, a reworded sentence. Code is left out: a line with code
 * punctuation, or English outside a text file.
 */
export function proseEdits(input: unknown, cwd?: string): string[] {
  const out: string[] = [];
  for (const p of editPairs(input, cwd)) {
    const before = p.before.trim();
    const after = p.after.trim();
    if (!before || !after || before === after || before.includes('\n') || after.includes('\n') || after.length > 100) continue;
    if (SETTING_LINE.test(after)) continue; // a setting, said by settingChanges
    const cron = (t: string) => /^(?:[\d*…][\d*,/-]*\s+){4}[\d*][\d*,/-]*(?:\s|$)/.test(t);
    const prose = (t: string) => !/[(){};=<>$\\`|]/.test(t) && (/[\u3400-\u9fff]/.test(t) || /^#{1,6}\s/.test(t) || cron(t) || /\.(?:md|mdx|txt|rst|adoc)$/i.test(p.file));
    if (!prose(before) || !prose(after)) continue;
    out.push(`${p.file ? `${p.file}: ` : ''}${after} (was ${before})`.slice(0, 200));
  }
  return [...new Set(out)];
}

/** The old and new text of each replacement an edit made (an edit tool's input or a patch's hunks). */
function editPairs(input: unknown, cwd?: string): { file: string; before: string; after: string }[] {
  const pairs: { file: string; before: string; after: string }[] = [];
  const fileOf = (o: Record<string, unknown>) => {
    const f = FILE_KEYS.map((k) => o[k]).find((v): v is string => typeof v === 'string' && !v.includes('\n'));
    return f ? relativeTo(f, cwd) : '';
  };
  const pick = (o: Record<string, unknown>, keys: string[]) => keys.map((k) => o[k]).find((v): v is string => typeof v === 'string');
  if (isObj(input)) {
    const before = pick(input, OLD_KEYS);
    const after = pick(input, NEW_KEYS);
    if (before !== undefined && after !== undefined) pairs.push({ file: fileOf(input), before, after });
    if (Array.isArray(input.edits)) {
      for (const e of input.edits) {
        if (!isObj(e)) continue;
        const b = pick(e, OLD_KEYS);
        const a = pick(e, NEW_KEYS);
        if (b !== undefined && a !== undefined) pairs.push({ file: fileOf(e) || fileOf(input), before: b, after: a });
      }
    }
  }
  const patch = typeof input === 'string' ? input : isObj(input) && typeof input.input === 'string' ? input.input : isObj(input) && typeof input.patch === 'string' ? input.patch : '';
  let file = '';
  let minus: string[] = [];
  let plus: string[] = [];
  const flush = () => {
    if (minus.length || plus.length) pairs.push({ file, before: minus.join('\n'), after: plus.join('\n') });
    minus = [];
    plus = [];
  };
  for (const l of patch.split('\n')) {
    const m = /^\*\*\* (?:Update|Add) File: (.+)$/.exec(l);
    if (m) {
      flush();
      file = relativeTo(m[1]!.trim(), cwd);
    } else if (l.startsWith('-') && !l.startsWith('---')) minus.push(l.slice(1));
    else if (l.startsWith('+') && !l.startsWith('+++')) plus.push(l.slice(1));
    else flush();
  }
  flush();
  pairs.push(...sedPairs(commandOf(input), cwd));
  return pairs;
}

/**
 * The replacements a `sed` substitution made in place (`sed -i 's/^max = 5/max = 20/' app.conf`) or
 * in the crontab (`crontab -l | sed 's/^0 23 /30 22 /' | crontab -`): a pattern's regex parts are
 * dropped; a replacement that refers back to the match (`\1`, `&`) is not a text and is skipped.
 */
export function sedPairs(cmd: string, cwd?: string): { file: string; before: string; after: string }[] {
  const out: { file: string; before: string; after: string }[] = [];
  for (const m of cmd.matchAll(/\bsed\s+((?:-[\w.]*\s+)*)(["'])(.+?)\2\s*([^\s|;&>]*)/g)) {
    const inPlace = /-\w*i/.test(m[1]!);
    const rest = cmd.slice(m.index! + m[0].length);
    const crontab = /\bcrontab -l\b/.test(cmd.slice(0, m.index)) && /^\s*\|\s*crontab\s+-(?!\w)/.test(rest);
    if (!inPlace && !crontab) continue;
    const file = crontab ? 'crontab' : m[4] ? relativeTo(m[4], cwd) : '';
    for (const c of m[3]!.split(/;\s*/)) {
      const s = /^s(.)((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1[gIi\d]*$/.exec(c.trim());
      if (!s) continue;
      const [, , pattern, replacement] = s;
      if (/\\\d|(?<!\\)&/.test(replacement!)) continue; // refers back to the match
      const unescape = (t: string) => t.replace(/\\(.)/g, '$1');
      const before = unescape(pattern!.replace(/^\^|\$$/g, '').replace(/\.\*/g, '…'));
      out.push({ file, before, after: unescape(replacement!) });
    }
  }
  return out;
}

function commandOf(input: unknown): string {
  if (typeof input === 'string') return input.includes('*** Begin Patch') ? '' : input;
  if (!isObj(input)) return '';
  const c = input.command ?? input.cmd;
  return Array.isArray(c) ? c.map(String).join(' ') : typeof c === 'string' ? c : '';
}

const MD_TURN =
  /^\s*(#{1,6}\s*)?(\*\*|__)?\s*(user|human|me|you|assistant|ai|claude|codex|agent|bot|model|system|tool|用户|我|助手|智能体|模型|系统|工具)(?![a-z])\s*(?:\*\*|__)?\s*([:：])?\s*(?:\*\*|__)?\s*(.*)$/i;

function readMarkdown(lines: string[]): Turn[] {
  const turns: Turn[] = [];
  let cur: { role: Turn['role']; line: number; body: string[] } | null = null;
  const flush = () => {
    if (!cur) return;
    const text = cleanText(cur.body.join('\n'));
    if (text) turns.push({ role: cur.role, text, line: cur.line });
  };
  let fence = false;
  lines.forEach((l, i) => {
    if (/^\s*(```|~~~)/.test(l)) fence = !fence;
    const m = fence ? null : MD_TURN.exec(l);
    // A turn opens with `User:` / `**User:**` (a colon right after the name) or a bare `## User` heading;
    // "User guide: …" or "我觉得：…" are ordinary lines.
    if (m && (m[4] !== undefined || ((m[1] || m[2]) && !m[5]))) {
      flush();
      cur = { role: normalizeRole(m[3]!), line: i + 1, body: m[5] ? [m[5]] : [] };
    } else if (cur) cur.body.push(l);
  });
  flush();
  return turns;
}

function normalizeRole(r: string | undefined): Turn['role'] {
  const s = (r ?? '').toLowerCase();
  if (['user', 'human', 'me', 'you', '用户', '我'].includes(s)) return 'user';
  if (['system', 'developer', '系统'].includes(s)) return 'system';
  if (['tool', 'toolresult', 'tool_result', 'function', 'ipython', '工具'].includes(s)) return 'tool';
  return 'assistant';
}

/** Drop fenced code, collapse blank runs, and cut pasted walls of text. */
function cleanText(t: string): string {
  let s = t.replace(/(```|~~~)[^\n]*\n[\s\S]*?(\1|$)/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
  if (s.length > MAX_TURN_CHARS) s = s.slice(0, 600).trimEnd() + ' …';
  return s;
}

/** Text the host injects into user turns: command echoes, reminders, environment blocks. */
function isHostChatter(t: string): boolean {
  return /^<(command-name|command-message|local-command-stdout|local-command-stderr|system-reminder|environment_context|user_instructions|user-prompt-submit-hook)>/.test(t) ||
    t.startsWith('Caveat: The messages below were generated by the user while running local commands') ||
    t.startsWith('[Request interrupted by user') ||
    /^HEARTBEAT(?:_OK)?$/.test(t) ||
    t.startsWith('# AGENTS.md instructions');
}

function relativeTo(f: string, cwd: string | undefined): string {
  if (cwd && path.isAbsolute(f)) {
    const rel = path.relative(cwd, f);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
  }
  return f;
}

/** Files whose added lines are code, not list entries: an added line there is left to the other readers. */
const CODE_FILE = /\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|dart|scala|lua|vue|svelte|css|scss|html|json|jsonl|sql|sh|bash|zsh|md|mdx|markdown)$/i;

/**
 * Lines an edit only added to a list-like file (a sync filter, `.gitignore`, `requirements.txt`, a hosts
 * or crontab file; not code, not prose): `backup/design-filter.txt: added - **\/Cache/**`. Only an edit that
 * removed nothing and added one to three short lines.
 */
export function addedLines(input: unknown, cwd?: string): { text: string; line: string }[] {
  const out: { text: string; line: string }[] = [];
  for (const p of editPairs(input, cwd)) {
    if (!p.file || CODE_FILE.test(p.file)) continue;
    const before = new Set(p.before.split('\n').map((l) => l.trim()).filter(Boolean));
    const after = p.after.split('\n').map((l) => l.trim()).filter(Boolean);
    if ([...before].some((b) => !after.includes(b))) continue;
    const added = after.filter((a) => !before.has(a));
    if (added.length < 1 || added.length > 3 || added.some((a) => a.length > 100)) continue;
    for (const a of added) out.push({ text: `${p.file}: added ${a}`, line: a });
  }
  return out;
}

/** Schema statements in SQL text: an index made, a table created, a column added or changed (two at most). */
export function ddlStatements(text: string): string[] {
  const re = /\b(?:CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?[\w."]+\s+ON\s+[\w."]+\s*(?:USING\s+\w+\s*)?\([^)\n]{1,80}\)|CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?[\w."]+|ALTER\s+TABLE\s+[\w."]+\s+(?:ADD|DROP|ALTER|RENAME)\s+(?:COLUMN\s+)?(?:IF\s+(?:NOT\s+)?EXISTS\s+)?[\w."]+(?:\s+[\w()]+)?)/gi;
  return [...new Set([...text.matchAll(re)].map((m) => m[0].replace(/\s+/g, ' ')))].slice(0, 2);
}

/**
 * What a shell command left behind that a handoff may need: packages installed at a version
 * (`installed resend==2.4.0`, `installed vite@8.3.8`) and branches created or pushed (`branch ci-speedup`).
 */
export function commandFacts(input: unknown): string[] {
  let cmd = '';
  if (typeof input === 'string') cmd = input;
  else if (isObj(input)) {
    const c = input.command ?? input.cmd;
    cmd = Array.isArray(c) ? c.map(String).join(' ') : typeof c === 'string' ? c : '';
  }
  if (!cmd || cmd.includes('*** Begin Patch')) return [];
  const out: string[] = [];
  for (const m of cmd.matchAll(/\b(?:npm|pnpm|yarn|bun)\s+(?:i|install|add)\b([^&|;\n]*)/g)) for (const p of m[1]!.matchAll(/(?<!\S)(@?[\w./-]+@\^?~?\d[\w.-]*)/g)) out.push(`installed ${p[1]}`);
  for (const m of cmd.matchAll(/\b(?:pip3?|uv pip|poetry add|pipx)\s+(?:install\s+)?([^&|;\n]*)/g)) for (const p of m[1]!.matchAll(/(?<!\S)([\w.-]+(?:\[[\w,]+\])?(?:==|>=|~=)[\w.]+)/g)) out.push(`installed ${p[1]}`);
  for (const m of cmd.matchAll(/\bcargo add\s+([\w-]+@[\d.]+)/g)) out.push(`installed ${m[1]}`);
  for (const m of cmd.matchAll(/\bgo get\s+(\S+@v[\d.]+)/g)) out.push(`installed ${m[1]}`);
  for (const m of cmd.matchAll(/\bgit\s+(?:checkout\s+-[bB]|switch\s+-[cC]|branch)\s+([\w./-]+)/g)) out.push(`branch ${m[1]}`);
  for (const m of cmd.matchAll(/\bgit\s+push\s+(?:-[\w-]+\s+)*origin\s+([\w./-]+)/g)) if (!/^(?:main|master|HEAD)$/.test(m[1]!)) out.push(`branch ${m[1]}`);
  // A file moved: `git mv bot.py rss_bot/main.py`, `mv drafts/a.md published/a.md` (two plain paths, no flags or globs).
  for (const m of cmd.matchAll(/(?:^|[;&|]\s*|\s)(?:git\s+)?mv\s+((?:[\w.@~-]*\/)*[\w.@-]*\.?[\w@-]+)\s+((?:[\w.@~-]*\/)*[\w.@-]*)(?=\s*(?:$|[;&|]))/g)) {
    if (m[1] !== m[2] && /[./]/.test(m[1]! + m[2]!)) out.push(`moved ${m[1]} → ${m[2]}`);
  }
  // A deploy: the command as run (`wrangler deploy --env staging`, `fly deploy -a api`, `kubectl apply -f k8s/prod`).
  for (const m of cmd.matchAll(/\b(?:npx\s+)?(?:wrangler|flyctl|fly|vercel|netlify|firebase|heroku|kubectl|helm|serverless|sls|cdk|pulumi|gcloud\s+(?:app|run))\s+(?:deploy|apply|up|upgrade|release|publish)\b[^&|;\n]{0,80}/g)) {
    out.push(`deployed ${m[0].replace(/^npx\s+/, '').replace(/\s+/g, ' ').trim()}`);
  }
  // A container started: its name, image and published ports (`docker run -d --name meili -p 7701:7700 getmeili/meilisearch:v1.12.8`).
  for (const m of cmd.matchAll(/\b(?:docker|podman)\s+run\s+([^&|;\n]*)/g)) {
    const args = m[1]!;
    const name = /--name[= ]([\w.-]+)/.exec(args)?.[1];
    const ports = [...args.matchAll(/(?:-p|--publish)[= ]([\d.:]+(?:\/\w+)?)/g)].map((x) => x[1]!);
    // The image: the first word after the options that is not an option's value.
    const words = args.split(/\s+/).filter(Boolean);
    let image = '';
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w.startsWith('-')) {
        if (!w.includes('=') && /^(?:-[pevwu]|--(?:name|publish|env|volume|network|restart|user|workdir|label|env-file|mount|entrypoint|memory|cpus|platform|add-host|hostname))$/.test(w)) i++;
        continue;
      }
      image = w;
      break;
    }
    if (image && (ports.length || /:/.test(image))) out.push(`container ${name ?? image.split(/[/:]/).at(-2) ?? image}: ${image}${ports.length ? `, -p ${ports.join(' -p ')}` : ''}`);
  }
  return [...new Set(out)];
}

function parseMaybeJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : typeof v === 'number' ? new Date(v).toISOString() : undefined;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Numbers and versions in a line: `8090`, `4.5.31`, `v0.4.0`. */
const VALUE = /(?<![A-Za-z_\d.])v?\d+(?:\.\d+)*|\d+(?:\.\d+)*/g;
/** Declaration words before a name (`const TTL_SECONDS = 60`): not part of the setting. */
const DECLARATION = /^(?:(?:export|const|let|var|final|static|private|public|readonly|val|declare)\s+)+/;

/**
 * Values an edit changed and nothing else on their line (`--port 8100` → `--port 8090`, `TTL_SECONDS = 60`
 * → `120`, `clap = { version = "4.5.20" … }` → `"4.5.31"`, a `.nvmrc` of `18.20.4` → `22.11.0`): the new
 * line as `file: line (was old)`, cut around the value when the line is long. The lines an edit
 * replaced are paired in order; a replacement that changed words too is not a value change.
 */
export function valueEdits(input: unknown, cwd?: string): { text: string; value: string }[] {
  const out: { text: string; value: string }[] = [];
  for (const p of editPairs(input, cwd)) {
    const before = p.before.split('\n');
    const after = p.after.split('\n');
    const olds = before.filter((l) => l.trim() && !after.includes(l));
    const news = after.filter((l) => l.trim() && !before.includes(l));
    if (olds.length !== news.length || news.length > 6) continue;
    news.forEach((raw, i) => {
      const line = raw.trim().replace(DECLARATION, '');
      const old = olds[i]!.trim().replace(DECLARATION, '');
      if (line.replace(VALUE, '#') !== old.replace(VALUE, '#')) return;
      const nv = line.match(VALUE) ?? [];
      const ov = old.match(VALUE) ?? [];
      const changed = nv.map((n, j) => [n, ov[j]!] as const).filter(([n, o]) => n !== o);
      if (!changed.length) return;
      let text = line.replace(/[;,]\s*$/, '');
      if (text.length > 80) {
        const at = text.indexOf(changed[0]![0]);
        const from = Math.max(0, at - 50);
        text = `${from > 0 ? '…' : ''}${text.slice(from, at + changed[0]![0].length + 20).trim()}${at + changed[0]![0].length + 20 < text.length ? '…' : ''}`;
      }
      out.push({ value: changed[0]![0], text: `${p.file ? `${p.file}: ` : ''}${text} (was ${changed.map(([, o]) => o).join(', ')})`.slice(0, 200) });
    });
  }
  return out;
}

/** A single-line file's content that is a value (`.nvmrc`, `.python-version`, `VERSION`). */
const VALUE_FILE_LINE = /^v?\d+(?:\.\d+)+[\w.-]*$|^[\w.-]+[ @:=]v?\d+(?:\.\d+)+[\w.-]*$/;
const UNIT_FILE = /\.(?:service|timer|socket|mount|path)$|(?:^|\/)docker-compose[\w.-]*\.ya?ml$|(?:^|\/)compose\.ya?ml$/i;

/**
 * What a file written whole says that the next session needs (Claude Code `Write`, OpenClaw `write`, a
 * patch's `*** Add File`): a one-line value file's value (`.nvmrc: 20.11.1`), a Markdown document's title
 * (its first `# ` heading or front matter `title:`), and up to four settings with a number in them from a
 * config or unit file (`clean-downloads.timer: Timer.OnCalendar=Sun 03:00`).
 */
export function writtenFacts(input: unknown, cwd?: string): string[] {
  const out: string[] = [];
  for (const w of writtenFiles(input, cwd)) {
    const lines = w.content.split('\n').map((l) => l.trim()).filter(Boolean);
    const where = w.file ? `${w.file}: ` : '';
    if (lines.length === 1 && lines[0]!.length <= 40 && VALUE_FILE_LINE.test(lines[0]!)) {
      out.push(`${where}${lines[0]}`);
      continue;
    }
    if (/\.(?:md|mdx|markdown)$/i.test(w.file)) {
      const fm = /^---\n[\s\S]*?^title:\s*["']?(.+?)["']?\s*$/m.exec(w.content.trimStart());
      const h1 = /^#\s+(.+?)\s*#*\s*$/m.exec(w.content);
      const title = fm?.[1] ?? h1?.[1];
      if (title && title.length <= 120) out.push(`${where}title: ${title}`);
      // A draft of several posts names each by a title line (标题：…, Title: …) rather than a heading.
      for (const m of [...w.content.matchAll(/^(?:标题|题目|title)\s*[:：]\s*(.{2,120}?)\s*$/gim)].slice(0, 3)) {
        if (m[1] !== title) out.push(`${where}title: ${m[1]}`);
      }
      continue;
    }
    out.push(...ddlStatements(w.content).map((d) => `${where}${d}`));
    if (w.whole && (CONFIG_FILE.test(w.file) || UNIT_FILE.test(w.file))) {
      const set = settingChanges({ file_path: w.file, old_string: '', new_string: w.content }).filter((s) => /\d/.test(s.slice(where.length)));
      out.push(...set.slice(0, 4));
    }
  }
  return out;
}

/** Files a tool call wrote whole: a `content` with a file name and no old text, a patch's added files. */
function writtenFiles(input: unknown, cwd?: string): { file: string; content: string; whole: boolean }[] {
  const out: { file: string; content: string; whole: boolean }[] = [];
  if (isObj(input) && typeof input.content === 'string' && !OLD_KEYS.some((k) => k in input)) {
    const f = FILE_KEYS.map((k) => input[k]).find((v): v is string => typeof v === 'string' && !v.includes('\n'));
    if (f) out.push({ file: relativeTo(f, cwd), content: input.content, whole: true });
  }
  const patch = typeof input === 'string' ? input : isObj(input) && typeof input.input === 'string' ? input.input : isObj(input) && typeof input.patch === 'string' ? input.patch : '';
  for (const m of patch.matchAll(/^\*\*\* Add File: (.+)\n((?:\+.*(?:\n|$))*)/gm)) {
    out.push({ file: relativeTo(m[1]!.trim(), cwd), content: m[2]!.split('\n').map((l) => l.slice(1)).join('\n'), whole: false });
  }
  return out;
}

/**
 * Versions a short command output shows (`hugo v0.139.0+extended linux/amd64`, `Configuration valid
 * (Home Assistant 2026.10.4)`, `{"status":"ok","version":"0.3.2"}`): at most two lines of an output
 * of at most four. Longer output (a log, a test run) is never read.
 */
export function resultVersions(output: string): string[] {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0 || lines.length > 4 || /^HTTP\/\d/.test(lines[0]!)) return [];
  const out: string[] = [];
  for (const l of lines) {
    if (l.length > 100) continue;
    if (/^\{.*\}$/.test(l)) {
      try {
        const o = JSON.parse(l) as unknown;
        if (isObj(o)) for (const [k, v] of Object.entries(o)) if (/^(?:version|ver|tag|release)$/i.test(k) && (typeof v === 'string' || typeof v === 'number') && /\d/.test(String(v))) out.push(`${k}: ${v}`);
      } catch {
        // not JSON after all
      }
      continue;
    }
    if (/^[\w-]+:\s/.test(l)) continue; // a header line (`Server: SimpleHTTP/0.6 Python/3.12.6`)
    if (/(?<![\w.])v?\d+\.\d+\.\d+(?:[-+][\w.]+)?(?![\w.])|(?<![\w.])v\d+\.\d+(?![\w.])/.test(l) && /[A-Za-z]{2}|^v?\d/.test(l)) out.push(l);
  }
  return out.slice(0, 2);
}

/**
 * A test run's summary line (`test result: ok. 31 passed; 0 failed`, `31 passed in 2.1s`, `Tests: 31
 * passed, 31 total`), as `tests 31 passed, 0 failed`: a later run's summary replaces an earlier one.
 */
export function testSummary(output: string): string[] {
  // "23 failed" alone may count links or jobs: a summary names tests or passes
  const lines = output.split('\n').map((l) => l.trim()).filter((l) => l.length <= 120 && /\b\d+ (?:passed|passing|failed|failing)\b/i.test(l) && /\btests?\b|\bpass(?:ed|ing)\b/i.test(l));
  const last = lines.at(-1);
  if (!last) return [];
  const passed = /\b(\d+) (?:passed|passing)\b/i.exec(last)?.[1];
  const failed = /\b(\d+) (?:failed|failing)\b/i.exec(last)?.[1];
  return [`tests ${[passed && `${passed} passed`, failed && `${failed} failed`].filter(Boolean).join(', ')}`];
}

/** A commit git reports making (`[release/1.8 4be91c2] fix(streak): guard …`): `commit 4be91c2 (release/1.8): fix(streak): guard …`. */
export function commitLines(output: string): string[] {
  const out: string[] = [];
  for (const m of output.matchAll(/^\[([\w./-]+)(?: \(root-commit\))? ([0-9a-f]{7,12})\] (.{3,140})$/gm)) out.push(`commit ${m[2]} (${m[1]}): ${m[3]!.trim()}`);
  return out.slice(0, 2);
}

/**
 * What an infrastructure run changed (`Apply complete! Resources: 3 added, 7 changed, 0 destroyed.`,
 * `Plan: 2 to add, 0 to change, 1 to destroy.`), as the line itself: a later run's replaces it.
 */
export function applySummary(output: string): string[] {
  const line = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^(?:Apply complete! Resources: \d+ added, \d+ changed, \d+ destroyed|Plan: \d+ to add, \d+ to change, \d+ to destroy|Destroy complete! Resources: \d+ destroyed)/.test(l))
    .at(-1);
  return line ? [line.replace(/[.\s]+$/, '')] : [];
}

/** A line of an earlier output with a measurement, by its shape with the numbers taken out. */
interface Measurement {
  shape: string;
  line: string;
  values: string[];
}
/** A duration written as one word: 14m05s, 2m31.5s, 1h20m, 1h05m30s. */
const DURATION_WORD = String.raw`\d+h\d+m(?:\d+(?:\.\d+)?s)?|\d+m\d+(?:\.\d+)?s`;
const DURATION = new RegExp(`^(?:${DURATION_WORD})$`);
const MEASURE = new RegExp(`${DURATION_WORD}|\\d+(?:[.:,]\\d+)*`, 'g');
const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/;

/**
 * A measurement taken again after a change (`docker stats` showing `382MiB`, then `141MiB`; a backup's
 * speed `3.1 MiB/s`, then `11.2 MiB/s`): the output line with the same shape as an earlier one whose
 * measured values (numbers with a unit or a %) changed, as `line (was old values)`. Only outputs of a
 * few short lines are read; clock times do not count as measurements. `measured` holds the earlier outputs of the same transcript and grows.
 */
export function remeasured(output: string, measured: Measurement[]): string[] {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length > 8) return [];
  const out: string[] = [];
  for (const line of lines) {
    if (line.length > 160) continue;
    const values = line.match(MEASURE) ?? [];
    const shape = line.replace(MEASURE, '#');
    // the numbers that are measurements: followed by a unit or a percent sign
    const units = [...line.replace(MEASURE, (m) => (DURATION.test(m) ? ' ' : m)).matchAll(/(\d+(?:\.\d+)?)\s?(?:%|[KMGT]i?B\b|[KMGT]i?B\/s|ms\b|s\b|[kK]?req\/s|rps\b|qps\b)/g)].map((m) => m[1]!);
    const before = measured.filter((m) => m.shape === shape).at(-1);
    measured.push({ shape, line, values });
    if (!before || (units.length === 0 && !values.some((v) => DURATION.test(v)))) continue;
    const changed = values.map((v, i) => [v, before.values[i]!] as const).filter(([v, o]) => v !== o && ((PLAIN_NUMBER.test(v) && units.includes(v)) || DURATION.test(v)));
    if (changed.length && out.length < 2) out.push(`${line} (was ${changed.map(([, o]) => o).join(', ')})`.slice(0, 200));
  }
  return out;
}

/** Comment markers a config, script or code line may start with. */
const COMMENT = /^(?:#+|\/\/|;+|--|%|<!--)\s*/;

/**
 * Lines an edit turned into comments or back (`  export-mac:` → `  # export-mac: disabled until …`, a
 * crontab line `#`-ed out): `file: commented out export-mac:` or `file: uncommented …`.
 */
export function commentedOut(input: unknown, cwd?: string): string[] {
  const out: string[] = [];
  for (const p of editPairs(input, cwd)) {
    const before = p.before.split('\n').map((l) => l.trim()).filter(Boolean);
    const after = p.after.split('\n').map((l) => l.trim()).filter(Boolean);
    for (const a of after) {
      if (before.includes(a)) continue;
      const m = COMMENT.exec(a);
      const body = m ? a.slice(m[0].length) : '';
      const was = m && before.find((b) => !COMMENT.test(b) && b.length >= 3 && body.startsWith(b.replace(/:$/, '')));
      if (was) out.push(`${p.file ? `${p.file}: ` : ''}commented out ${body}`.slice(0, 200));
    }
    for (const b of before) {
      const m = COMMENT.exec(b);
      if (!m || after.includes(b)) continue;
      const body = b.slice(m[0].length);
      if (body.length >= 3 && after.includes(body)) out.push(`${p.file ? `${p.file}: ` : ''}uncommented ${body}`.slice(0, 200));
    }
  }
  return out;
}
