/**
 * A stable sample: items ordered by a hash of their id, the first `max` taken. The same record is
 * picked run after run (as long as it is eligible), so a change between runs is the memory's, not
 * the sample's.
 */
export function stableSample<T>(items: readonly T[], max: number, idOf: (x: T) => string): { picked: T[]; sampled: boolean } {
  if (items.length <= max) return { picked: [...items], sampled: false };
  const keyed = items.map((x) => ({ x, h: fnv1a(idOf(x)) }));
  keyed.sort((a, b) => a.h - b.h);
  return { picked: keyed.slice(0, max).map((k) => k.x), sampled: true };
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
