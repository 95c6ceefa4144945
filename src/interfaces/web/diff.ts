/**
 * A word diff for the record page: what a correction changed in the text it replaced. Latin words,
 * numbers and runs of space are tokens; Chinese (and other CJK) text is compared character by
 * character, since it has no spaces between words. Longest common subsequence over the tokens
 * after the shared head and tail are set aside; past MAX_CELLS the middle is shown as one
 * deletion and one insertion rather than spending seconds on it.
 */

export interface DiffPart {
  op: 'same' | 'del' | 'ins';
  text: string;
}

const MAX_CELLS = 4_000_000;
// one CJK character | a run of other letters and digits | a run of space | any other character
const TOKEN = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]|[^\s\p{P}\p{S}\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]+|\s+|./gsu;

export function tokenize(text: string): string[] {
  return Array.from(text.matchAll(TOKEN), (m) => m[0]);
}

function push(parts: DiffPart[], op: DiffPart['op'], text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, head).join(''));
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  if (x.length * y.length > MAX_CELLS) {
    push(parts, 'del', x.join(''));
    push(parts, 'ins', y.join(''));
  } else {
    // lcs[i][j]: the common subsequence of x[i..] and y[j..], in one flat array
    const w = y.length + 1;
    const lcs = new Uint32Array((x.length + 1) * w);
    for (let i = x.length - 1; i >= 0; i--) {
      for (let j = y.length - 1; j >= 0; j--) {
        lcs[i * w + j] = x[i] === y[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < x.length && j < y.length) {
      if (x[i] === y[j]) {
        push(parts, 'same', x[i]!);
        i++;
        j++;
      } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) push(parts, 'del', x[i++]!);
      else push(parts, 'ins', y[j++]!);
    }
    while (i < x.length) push(parts, 'del', x[i++]!);
    while (j < y.length) push(parts, 'ins', y[j++]!);
  }
  push(parts, 'same', a.slice(a.length - tail).join(''));
  return parts;
}
