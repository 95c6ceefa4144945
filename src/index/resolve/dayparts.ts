/** Parts of the day by group: two groups are two occasions (the morning reading, the evening one). Pure. Shanghainese 上半天 / 下半天 / 夜快 too, and a venue's sessions (早场 / 午场 / 晚场). */
export const DAYPARTS: [string, RegExp][] = [
  ['morning', /早上|早晨|清晨|上午|上半天|早饭|早餐|早场|\bmornings?\b/g],
  ['noon', /中午|午饭|午餐|午场|\bnoon\b|\blunch\b/g],
  ['afternoon', /下午|下半天|\bafternoons?\b/g],
  ['evening', /晚上|傍晚|夜快|晚饭|晚餐|睡前|夜里|夜间|晚场|夜场|\bevenings?\b|\bnights?\b|\bbedtime\b/g],
  // The day as against the night (白天洗一次 8 元 / 夜间 6 元): of a piece with the morning, noon and afternoon.
  ['daytime', /白天|日间|\bdaytime\b/g],
];

const DAY = new Set(['morning', 'noon', 'afternoon', 'daytime']);

/** Whether two texts' parts of the day can be one occasion: a group in common, or the daytime and a part of it. */
export function daypartsMeet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return [...a].some((x) => b.has(x) || (DAY.has(x) && [...b].some((y) => DAY.has(y) && (x === 'daytime' || y === 'daytime'))));
}

/** The part-of-day groups a (lower-case) text names anywhere. */
export function daypartsIn(text: string): Set<string> {
  return new Set(DAYPARTS.filter(([, re]) => ((re.lastIndex = 0), re.test(text))).map(([g]) => g));
}
