/**
 * Line edits for the two configs we do not parse: Codex's config.toml (a managed block between
 * marker comments) and Hermes' config.yaml (one child key under a top-level map). Both leave every
 * other line of the file as it was.
 */
export const BEGIN = '# >>> optmem (added by `optmem install`; `optmem uninstall` removes it)';
export const END = '# <<< optmem';

export function withBlock(text: string, body: string): string {
  const base = withoutBlock(text);
  const sep = base === '' || base.endsWith('\n\n') ? '' : base.endsWith('\n') ? '\n' : '\n\n';
  return `${base}${sep}${BEGIN}\n${body.trimEnd()}\n${END}\n`;
}

export function withoutBlock(text: string): string {
  const lines = text.split('\n');
  const a = lines.indexOf(BEGIN);
  const b = lines.indexOf(END, a + 1);
  if (a === -1 || b === -1) return text;
  // the blank line withBlock put before the block goes with it
  const from = a > 0 && lines[a - 1] === '' ? a - 1 : a;
  return [...lines.slice(0, from), ...lines.slice(b + 1)].join('\n');
}

const TOP = (key: string) => new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:\\s*(#.*)?$`);

/** Set `top.child` to the given YAML lines (the child's own lines, indented under `top`). */
export function yamlSetChild(text: string, top: string, child: string, childLines: string[]): string {
  const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const at = lines.findIndex((l) => TOP(top).test(l));
  if (at === -1) {
    if (lines.some((l) => new RegExp(`^${top}\\s*:`).test(l))) throw new Error(`config.yaml: "${top}:" has an inline value; make it a block map first`);
    return [...lines, `${top}:`, ...childLines.map((l) => `  ${l}`)].join('\n') + '\n';
  }
  const end = blockEnd(lines, at);
  const indent = childIndent(lines, at, end) ?? '  ';
  const [from, to] = childRange(lines, at, end, child, indent);
  const insert = childLines.map((l) => indent + l);
  if (from === -1) lines.splice(end, 0, ...insert);
  else lines.splice(from, to - from, ...insert);
  return lines.join('\n') + '\n';
}

/** Remove `top.child`; remove `top:` too when nothing is left under it. */
export function yamlRemoveChild(text: string, top: string, child: string): string {
  const lines = text.replace(/\n$/, '').split('\n');
  const at = lines.findIndex((l) => TOP(top).test(l));
  if (at === -1) return text;
  const end = blockEnd(lines, at);
  const indent = childIndent(lines, at, end) ?? '  ';
  const [from, to] = childRange(lines, at, end, child, indent);
  if (from === -1) return text;
  lines.splice(from, to - from);
  const newEnd = blockEnd(lines, at);
  if (lines.slice(at + 1, newEnd).every((l) => !l.trim() || l.trim().startsWith('#'))) lines.splice(at, newEnd - at);
  return lines.length ? lines.join('\n') + '\n' : '';
}

export function yamlChildValue(text: string, top: string, child: string): string | null {
  const lines = text.replace(/\n$/, '').split('\n');
  const at = lines.findIndex((l) => TOP(top).test(l));
  if (at === -1) return null;
  const end = blockEnd(lines, at);
  const indent = childIndent(lines, at, end) ?? '  ';
  const [from] = childRange(lines, at, end, child, indent);
  if (from === -1) return null;
  return lines[from]!.slice(indent.length + child.length + 1).replace(/#.*$/, '').trim().replace(/^["']|["']$/g, '');
}

function blockEnd(lines: string[], at: number): number {
  let i = at + 1;
  while (i < lines.length && (lines[i]!.trim() === '' || /^\s/.test(lines[i]!) || lines[i]!.startsWith('#'))) i++;
  while (i > at + 1 && lines[i - 1]!.trim() === '') i--;
  return i;
}

function childIndent(lines: string[], at: number, end: number): string | null {
  for (let i = at + 1; i < end; i++) {
    const m = /^(\s+)\S/.exec(lines[i]!);
    if (m && !lines[i]!.trim().startsWith('#')) return m[1]!;
  }
  return null;
}

function childRange(lines: string[], at: number, end: number, child: string, indent: string): [number, number] {
  const re = new RegExp(`^${indent}${child}\\s*:`);
  const from = lines.findIndex((l, i) => i > at && i < end && re.test(l));
  if (from === -1) return [-1, -1];
  let to = from + 1;
  while (to < end && (lines[to]!.trim() === '' || lines[to]!.startsWith(indent + ' ') || lines[to]!.startsWith(indent + '\t'))) to++;
  while (to > from + 1 && lines[to - 1]!.trim() === '') to--;
  return [from, to];
}
