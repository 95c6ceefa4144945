import { createHash } from 'node:crypto';

/**
 * Codex CLI runs a hook from `hooks.json` only once `config.toml` trusts it:
 * `[hooks.state."<key>"] trusted_hash = "<hash>"` (Codex 0.169.0, `codex-rs/hooks`: the hook's
 * discovery and `config/src/fingerprint.rs`). Both are computed here the way Codex computes them,
 * checked against the values Codex's own `app-server` `hooks/list` reports
 * (test/fixtures/codex-hooks-list.json).
 *
 * - key: `<absolute path of hooks.json>:<event as snake_case>:<group index>:<handler index>`;
 * - hash: `sha256:` + hex SHA-256 of the compact JSON, keys sorted, of the hook's normalised
 *   identity `{event_name, matcher?, hooks: [{type: "command", command, timeout, async, statusMessage?}]}`,
 *   where `timeout` defaults to 600 (at least 1), `async` to false, and the matcher is dropped for
 *   events that take none (UserPromptSubmit, Stop). Fields that are not set are left out.
 *
 * A change to any of these (another command, a timeout, the hook's position in hooks.json) makes the
 * trust stale and Codex skips the hook without a word: `optmem install codex --trust` again fixes it.
 */
export interface CodexHookHandler {
  type?: string;
  command: string;
  timeout?: number;
  async?: boolean;
  statusMessage?: string;
}

export interface CodexHookRef {
  event: string;
  groupIndex: number;
  handlerIndex: number;
  matcher?: string | null;
  handler: CodexHookHandler;
}

const NO_MATCHER = new Set(['UserPromptSubmit', 'Stop']);

/** "UserPromptSubmit" → "user_prompt_submit" */
export function eventLabel(event: string): string {
  return event.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

export function codexHookKey(hooksJson: string, ref: Pick<CodexHookRef, 'event' | 'groupIndex' | 'handlerIndex'>): string {
  return `${hooksJson}:${eventLabel(ref.event)}:${ref.groupIndex}:${ref.handlerIndex}`;
}

export function codexHookHash(ref: Pick<CodexHookRef, 'event' | 'matcher' | 'handler'>): string {
  const h = ref.handler;
  const handler: Record<string, unknown> = {
    type: 'command',
    command: h.command,
    timeout: Math.max(1, h.timeout ?? 600),
    async: h.async === true,
  };
  if (typeof h.statusMessage === 'string') handler.statusMessage = h.statusMessage;
  const identity: Record<string, unknown> = { event_name: eventLabel(ref.event), hooks: [handler] };
  const matcher = NO_MATCHER.has(ref.event) ? null : ref.matcher;
  if (typeof matcher === 'string') identity.matcher = matcher;
  return 'sha256:' + createHash('sha256').update(JSON.stringify(sorted(identity))).digest('hex');
}

function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

/** Every command hook of a hooks.json object whose command `pick` accepts, with its position. */
export function codexHookRefs(hooksFile: Record<string, unknown>, pick: (command: string) => boolean): CodexHookRef[] {
  const out: CodexHookRef[] = [];
  const events = hooksFile.hooks;
  if (!events || typeof events !== 'object') return out;
  for (const [event, groups] of Object.entries(events as Record<string, unknown>)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((g, gi) => {
      const hooks = (g as { hooks?: unknown })?.hooks;
      if (!Array.isArray(hooks)) return;
      hooks.forEach((h, hi) => {
        const handler = h as CodexHookHandler;
        if (handler?.type !== 'command' || typeof handler.command !== 'string' || !pick(handler.command)) return;
        out.push({ event, groupIndex: gi, handlerIndex: hi, matcher: (g as { matcher?: string | null }).matcher ?? null, handler });
      });
    });
  }
  return out;
}

/** `[hooks.state."<key>"]` with its `trusted_hash`, as TOML lines. */
export function trustTable(key: string, hash: string): string {
  return `[hooks.state.${JSON.stringify(key)}]\ntrusted_hash = ${JSON.stringify(hash)}\n`;
}

/**
 * `config.toml` without the `[hooks.state."<key>"]` tables of the given keys (header to the next
 * table header), every other byte kept. Used for tables Codex itself wrote when the user trusted
 * optmem's hooks in its `/hooks` screen.
 */
export function withoutTrustTables(text: string, keys: ReadonlySet<string>): string {
  if (!keys.size || !text.includes('hooks.state')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let dropping = false;
  for (const line of lines) {
    const header = /^\s*\[\[?([^\]]*)\]\]?\s*(#.*)?$/.exec(line);
    if (header) dropping = isStateOf(header[1]!.trim(), keys);
    else if (line.startsWith('# >>> ') || line.startsWith('# <<< ')) dropping = false; // a managed block's marker
    if (!dropping) out.push(line);
  }
  return out.join('\n');
}

function isStateOf(header: string, keys: ReadonlySet<string>): boolean {
  const m = /^hooks\s*\.\s*state\s*\.\s*("(?:[^"\\]|\\.)*"|'[^']*')$/.exec(header);
  if (!m) return false;
  const q = m[1]!;
  const key = q.startsWith('"') ? (JSON.parse(q) as string) : q.slice(1, -1);
  return keys.has(key);
}
