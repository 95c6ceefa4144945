/**
 * Which of a topic's entries stand in its Archive section because the file passed its budget.
 *
 * Two promises meet here: the oldest entries move to the archive at most a bounded share at a
 * time, and a rebuild from nothing gives the same bytes. Both hold because the split is a function
 * of the log alone, replayed day by day: each day of the log (each date that has records, oldest
 * first) is one step. At a step the day's entries join the main section; while the main section's
 * lines pass `budget` characters, its oldest entries move to the archive, at most
 * max(1, ⌊share × entries in the main section⌋) of them at that step. Once archived, an entry stays
 * archived. So a big import on one day moves at most that share, and later days carry on; the
 * result never depends on when `optmem topics` ran, or how often.
 */
export interface ArchiveItem {
  id: string;
  timeMs: number;
  /** the record's date (YYYY-MM-DD in its own offset): the step it joins at */
  date: string;
  /** characters of its line in the topic file */
  chars: number;
}

export function archiveSplit(items: readonly ArchiveItem[], steps: readonly string[], budget: number, share: number): Set<string> {
  const archived = new Set<string>();
  if (items.length === 0) return archived;
  const byDate = [...items].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const allSteps = [...new Set([...steps, ...byDate.map((i) => i.date)])].sort();
  const heap = new OldestFirst();
  let chars = 0;
  let next = 0;
  for (const day of allSteps) {
    while (next < byDate.length && byDate[next]!.date <= day) {
      heap.push(byDate[next]!);
      chars += byDate[next]!.chars;
      next++;
    }
    if (chars <= budget) continue;
    const limit = Math.max(1, Math.floor(share * heap.size));
    for (let moved = 0; moved < limit && chars > budget && heap.size > 0; moved++) {
      const oldest = heap.pop()!;
      archived.add(oldest.id);
      chars -= oldest.chars;
    }
  }
  return archived;
}

const older = (a: ArchiveItem, b: ArchiveItem) => a.timeMs < b.timeMs || (a.timeMs === b.timeMs && a.id < b.id);

/** A binary min-heap of items, oldest (time, then id) on top. */
class OldestFirst {
  private readonly a: ArchiveItem[] = [];
  get size(): number {
    return this.a.length;
  }
  push(x: ArchiveItem): void {
    const a = this.a;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!older(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): ArchiveItem | undefined {
    const a = this.a;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && older(a[l]!, a[m]!)) m = l;
        if (r < a.length && older(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}
