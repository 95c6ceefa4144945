import { lineHashes } from '../store/seal.js';
import type { DiffLine } from './types.js';

/**
 * A line diff between a sealed block, of which only a short hash per line is kept, and the block
 * as it stands now: the longest common subsequence of line hashes. Lines only in the old block
 * are shown by number (their text is not kept); lines only in the new block with their text.
 */
export function lineDiff(oldHashes: readonly string[], newBlock: string): DiffLine[] {
  const newLines = newBlock.split('\n');
  if (newLines[newLines.length - 1] === '') newLines.pop();
  const newHashes = lineHashes(newBlock);
  const n = oldHashes.length;
  const m = newHashes.length;
  // lcs[i][j]: common length of old[i..] and new[j..]
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = oldHashes[i] === newHashes[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && oldHashes[i] === newHashes[j]) {
      out.push({ op: ' ', text: newLines[j]!, oldLine: i + 1 });
      i++;
      j++;
    } else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      out.push({ op: '-', text: null, oldLine: i + 1 });
      i++;
    } else {
      out.push({ op: '+', text: newLines[j]!, oldLine: null });
      j++;
    }
  }
  return out;
}
