import type { HandoffFields } from './types.js';
import { bullet } from './render.js';

/**
 * A handoff record's text: a fixed, readable layout that parses back into its fields.
 *
 *     〔交接〕project shop · claude-code
 *     ### Done
 *     - 登录页改完了
 *     ### Stuck
 *     - …
 */
const SECTIONS: [keyof HandoffFields, string, RegExp][] = [
  ['done', 'Done 完成', /^###\s*(done|完成)/i],
  ['stuck', 'Stuck 卡住', /^###\s*(stuck|卡住)/i],
  ['next', 'Next 下一步', /^###\s*(next|下一步)/i],
  ['decisions', 'Decisions 决定', /^###\s*(decisions?|决定)/i],
  ['files', 'Files 文件', /^###\s*(files?|文件)/i],
];

export const HANDOFF_MARK = '〔交接〕';

export function emptyFields(): HandoffFields {
  return { done: [], stuck: [], next: [], decisions: [], files: [] };
}

export function renderHandoff(project: string, agent: string | undefined, f: HandoffFields): string {
  let text = `${HANDOFF_MARK}project ${project}${agent ? ` · ${agent}` : ''}\n`;
  for (const [key, title] of SECTIONS) if (f[key].length) text += `### ${title}\n${bullet(f[key])}`;
  if (SECTIONS.every(([k]) => f[k].length === 0)) text += '(nothing recorded)\n';
  return text.trimEnd();
}

const HEADER = new RegExp(`^${HANDOFF_MARK}project [\\p{L}\\p{N}_.-]+(?: · [\\p{L}\\p{N}_.-]+)?$`, 'u');

/**
 * Whether a line of a handoff's text is optmem's own layout (renderHandoff): its first line as rendered,
 * a section heading exactly as rendered, or "(nothing recorded)". Anything else is content.
 */
export function isHandoffLayout(line: string): boolean {
  const l = line.trim();
  return HEADER.test(l) || l === '(nothing recorded)' || SECTIONS.some(([, title]) => l === `### ${title}`);
}

export function parseHandoff(text: string): HandoffFields {
  const f = emptyFields();
  let cur: keyof HandoffFields | null = null;
  for (const l of text.split('\n')) {
    const sec = SECTIONS.find(([, , re]) => re.test(l.trim()));
    if (sec) cur = sec[0];
    else if (cur && l.startsWith('- ')) f[cur].push(l.slice(2).trim());
  }
  return f;
}

/** Items given by hand: trimmed, one line each, empty ones dropped, duplicates dropped. */
export function cleanItems(items: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const i of items ?? []) {
    const s = String(i).replace(/\s+/g, ' ').trim();
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

/** A handoff with no item in any field: nothing for the next session. */
export function isEmptyHandoff(f: HandoffFields): boolean {
  return SECTIONS.every(([k]) => f[k].length === 0);
}
