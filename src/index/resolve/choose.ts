import { CHANGE_CUE, contrastOf, groupedSets, holds, holdsNumber, labelForm, labelsIn, namingLabels, otherLabel, saysThatOneOnly, sizeLabels, NAME_INITIAL, NUMBER_BEFORE_NOUN, numberedPlaces, numberedThings, ordinalNamesIn, otherMember, placeNumberOf, prefixClash, titlesIn } from './analyze.js';
import type { Language } from './language.js';
import { dayOfMonth, monthDay, ordinal, sameLoosely, sameValue } from './same-value.js';
import { ALIASES, ALL_ATTRIBUTE_WORDS, DISTANCE_RE, GENERIC_WORDS, KIN_SAME, KINSHIP_WORDS, VALUE_SHAPES } from './lexicon.js';
import { weekdaysIn } from './weekdays.js';
import { ENGLISH_STOPWORDS } from '../tokenizer/stopwords.js';
import { daypartsIn, daypartsMeet } from './dayparts.js';
import { frequenciesIn } from './frequency.js';
import type { Verdict } from './judge.js';
import { otherFees } from './fees.js';

/**
 * Values that name one thing (a path, an address, a person by name and initial): two records holding different ones
 * are about two things.
 */
/** A thing numbered by 号 before its noun (1号直播间, 2号车, 3号棚): another number is another of them. */
const NUMBERED_BY_HAO = /(?<![\d.:/-])\d{1,4}\s?号(?=\p{Script=Han})/gu;
const IDENTITY_SHAPES = [...VALUE_SHAPES.filter((v) => v.attr === 'path' || v.attr === 'host').map((v) => v.re), NAME_INITIAL, NUMBERED_BY_HAO];

/** Where an English setting lives, as a text qualifies it (in the health check:, for the failover script,): its own place. */
function placesOf(text: string): Set<string> {
  return new Set([...text.matchAll(/\b(?:in|for|of|on) the ([a-z]+(?: [a-z]+)?)(?=[:,;.)]|$)/g)].map((m) => m[1]!));
}

/**
 * From the judged candidates to the targets: one target, or none. Pure.
 * - Candidates already superseded by another accepted candidate give way to it (a chain ends at
 *   its current version).
 * - Copies of the best candidate (the same fact written twice) are taken with it.
 * - When another accepted candidate is about as likely as the best and is not a copy of it, the
 *   correction could mean either: it links to neither, and says so.
 */
export interface Judged {
  id: string;
  timeMs: number;
  /** ids of records that supersede this one (live edges) */
  supersededBy: string[];
  /** NFKC-lower text, alias forms appended (analysis `hay`) */
  text: string;
  /** the record's subject phrase (analysis `lead`), for telling copies from look-alikes */
  lead: string[];
  /** every thing it names: subject words and generic nouns (analysis `subjects`, `generics`) */
  things?: string[];
  /** the text as written, lower case, markers removed (analysis `plain`) */
  plain?: string;
  /** the identifiers and numbered names it gives (analysis `ids`: 仓A, app-02) */
  names?: string[];
  verdict: Verdict;
  /** the record's domain: copies of one fact are written in one domain */
  domain?: string | null;
  /** what the record is written in (languageOf its text as written, without alias forms) */
  language?: Language;
  /** the language that carries it (carriedBy: English with a Chinese name in it is English) */
  carried?: Language;
  /** its values and their shapes (analysis `valueShapes`: 10am → schedule, 400元 → price) */
  shapes?: [string, string][];
}

export type ResolutionStatus = 'linked' | 'none' | 'ambiguous';

export interface Choice {
  status: ResolutionStatus;
  targets: string[];
  /** per candidate: why it was or was not taken */
  notes: Map<string, string>;
}

/** Candidates within this share of the best one's score are "about equally likely". */
export const AMBIGUITY_RATIO = 0.85;

/** Words of a note's wording that name no thing: again, noted. */
const WORDING = new Set(['重新', '一次', '再次', '再记', '记一下', '再说一遍', 'again', 'noting', 'noted']);

/**
 * A word one record puts in its subject phrase that names no thing of its own: an attribute (电话, position), wording
 * (重新, 一次), a generic noun, or the other record's word with a character more (阿豪带 for 阿豪).
 */
function incidental(w: string, other: string[]): boolean {
  return WORDING.has(w) || GENERIC_WORDS.has(w) || ALL_ATTRIBUTE_WORDS.has(w) || other.some((x) => x.length >= 2 && x !== w && w.startsWith(x));
}

/**
 * The times a text writes as H:MM or HH:MM (14:20, 3:40), as minutes of the day. Compared mod 720, so 3:40 and 15:40 are
 * one time (tokenizer/clock-times.ts reads the Chinese ways of writing a time, for the index).
 */
function clockMinutes(text: string): number[] {
  return [...text.matchAll(/(?<![\d.:])(\d{1,2})[:：](\d{2})(?![\d:])/g)].map((m) => Number(m[1]) * 60 + Number(m[2])).filter((x) => x < 24 * 60);
}

/**
 * Two records state the same fact: the same subject phrase (the words before their first
 * attribute or value), the same correction words held (or fewer of them, with a value in common the correction does
 * not quote), and a value in common. 杭州仓推单 17:00 and
 * 东莞仓推单 17:00 share a value and most of their text, and are two facts.
 */
export function sameFact(a: Judged, b: Judged): boolean {
  // The drafting job in one domain and the publishing rule in another can share a schedule: two facts.
  if ((a.domain ?? null) !== (b.domain ?? null)) return false;
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((w) => y.includes(w));
  // The same correction words held, or one holding some of the other's and none of its own (a copy noted in fewer words).
  const within = (x: string[], y: string[]) => x.length > 0 && x.every((w) => y.includes(w));
  const fewer = !same(a.verdict.shared, b.verdict.shared);
  if (fewer && !within(a.verdict.shared, b.verdict.shared) && !within(b.verdict.shared, a.verdict.shared)) return false;
  // Each naming something the other does not (杭州仓 / 东莞仓) is two subjects; one adding a word is a copy.
  const onlyA = a.lead.filter((w) => !holds(b.text, w) && !incidental(w, b.lead));
  const onlyB = b.lead.filter((w) => !holds(a.text, w) && !incidental(w, a.lead));
  // A copy written in the other language (成绩系统后端端口 8080 / grader backend listens on 8080) names its subject in
  // its own words: its lead tells nothing.
  // Unless both give one value that names one thing and that the correction does not quote (4.4%, /backup/grader,
  // 13800001234): two things do not share it.
  // (A day written with a dot, 12.20, names one day: a clock time or a length of time is common to many.)
  const timely = new Set([...(a.shapes ?? []), ...(b.shapes ?? [])].filter(([, sh]) => sh === 'schedule' || sh === 'duration').map(([v]) => v));
  // (Nor a version of one dot, 3.10: the python of every environment.)
  // (A share is no version: 4.4% names one rate.)
  const versions = new Set([...(a.shapes ?? []), ...(b.shapes ?? [])].filter(([, sh]) => sh === 'version').map(([v]) => v));
  const asVersion = (v: string) =>
    versions.has(v) && /^v?\d+\.\d+$/.test(v) && [a.text, b.text].every((t) => !new RegExp(`${v.replace(/\./g, '\\.')}\\s?%`).test(t));
  const specific = (v: string) => /\d[.]\d|\/\w|\d{5,}/.test(v) && !/^\d{1,2}\/\d{1,2}$/.test(v) && !timely.has(v) && !asVersion(v);
  const unquoted = (j: Judged) => j.verdict.tokens.filter((v) => specific(v) && !a.verdict.quoted.some((x) => sameValue(v, x)) && !b.verdict.quoted.some((x) => sameValue(v, x)));
  const sharesSpecific = unquoted(a).some((v) => unquoted(b).some((w) => sameValue(v, w) || v.replace(/\D/g, '') === w.replace(/\D/g, '')));
  if (onlyA.length && onlyB.length && (a.language ?? null) === (b.language ?? null) && !sharesSpecific) return false;
  if (siblings(a, b)) return false;
  // Each naming a place or thing of its own (仓A 白班 / 仓B 白班 at one hour) is two facts.
  const namesA = (a.names ?? []).filter((n) => !holds(b.text, n));
  const namesB = (b.names ?? []).filter((n) => !holds(a.text, n));
  if (namesA.length && namesB.length) return false;
  // One naming its place by a number before 的 (46 的 IEM) and the other not holding that number but naming a place
  // of its own (回声馆的 IEM 频点表): two places.
  const na = placeNumberOf(a.plain ?? a.text);
  const nb = placeNumberOf(b.plain ?? b.text);
  if ((na && !holdsNumber(b.plain ?? b.text, na) && onlyB.length) || (nb && !holdsNumber(a.plain ?? a.text, nb) && onlyA.length)) return false;
  // One naming a file or identifier of its own (the backup script backup_db.py on the NAS's Python 3.10) is about that.
  if ([...onlyA, ...onlyB].some((w) => /[a-z][_.][a-z0-9]/i.test(w))) return false;
  // About two people: 老婆体检 and 我的体检 (a relation word on one side only, or none in common) are two facts.
  // The US rate and the EU rate, the 支付宝 and the 微信支付 reconciliation: each names another member of one group.
  // (Read without what a text adds in brackets: production Postgres（跟 staging 不在一台机器）is production's alone.)
  // (The text as written then, not with its alias forms, which would bring the bracketed words back.)
  const unbracketed = (j: Judged) => (j.plain !== undefined && /[（(]/.test(j.plain) ? j.plain.replace(/[（(][^（()）]*[）)]/g, ' ') : j.text);
  if (otherMember(contrastOf(unbracketed(a)), contrastOf(unbracketed(b)))) return false;
  // Two charges (场地费 / 车费, both 200 a group) are two facts. (Not a rate, 收款费率 for 手续费: one fee in other words.)
  if (![a, b].some((j) => /费率/.test(j.plain ?? j.text)) && otherFees(a.plain ?? a.text, b.plain ?? b.text)) return false;
  if (prefixClash(a.text, b.text)) return false;
  const ka = kinOf(a.text);
  const kb = kinOf(b.text);
  // (One relative however called, in either language: 母亲 / mom.)
  const akin = (x: string, y: string) => x.includes(y) || y.includes(x) || KIN_SAME.some((g) => g.includes(x) && g.includes(y));
  if (ka.length + kb.length > 0 && !ka.some((x) => kb.some((y) => akin(x, y)))) return false;
  // Two weekly jobs at one hour (Saturday 02:00 / Sunday 02:00) are two facts: each names its own day.
  const da = weekdaysIn(a.text);
  const db = weekdaysIn(b.text);
  if (da.size && db.size && ![...da].some((d) => db.has(d))) return false;
  // The same for the morning and the evening dose, the nightly and the weekly job, the 10 km and the 10 mile race.
  const pa = daypartsIn(a.text);
  const pb = daypartsIn(b.text);
  if (pa.size && pb.size && !daypartsMeet(pa, pb)) return false;
  for (const read of [frequenciesIn, distancesIn]) {
    const xa = read(a.text);
    const xb = read(b.text);
    if (xa.size && xb.size && ![...xa].some((x) => xb.has(x as never))) return false;
  }
  // One setting said of two places (the lag threshold in the health check: 30s / in the failover script: 30s): two facts.
  const qa = placesOf(a.text);
  const qb = placesOf(b.text);
  if (qa.size && qb.size && ![...qa].some((x) => qb.has(x))) return false;
  // Each naming its own path or address (/opt/signin/backup.sh, /opt/admin/backup.sh at one 02:00), or its own person by
  // name and initial (Noah W. / Noah B.), is two things.
  // (An address with its port or without is one address: 10.12.3.45:1521 / 10.12.3.45, port 1521.)
  const bare = (x: string) => x.replace(/(\d):\d{2,5}$/, '$1');
  for (const re of IDENTITY_SHAPES) {
    const xa = new Set([...a.text.matchAll(re)].map((m) => bare(m[0])));
    const xb = new Set([...b.text.matchAll(re)].map((m) => bare(m[0])));
    if (xa.size && xb.size && ![...xa].some((x) => xb.has(x))) return false;
  }
  // Each naming its own title or name in quotes (preset 'Narration' / preset 'Characters', 《夜航》 / 《晨钟》): two things.
  const titlesA = new Set(titlesIn(a.plain ?? a.text));
  const titlesB = new Set(titlesIn(b.plain ?? b.text));
  // (A title and its translation, 《爱丁堡读博生活》 / 'PhD life in Edinburgh', are one: only titles in one script count.)
  const han = (x: Set<string>) => [...x].every((t) => /\p{Script=Han}/u.test(t));
  const ascii = (x: Set<string>) => [...x].every((t) => !/\p{Script=Han}/u.test(t));
  const oneScript = (han(titlesA) && han(titlesB)) || (ascii(titlesA) && ascii(titlesB));
  if (titlesA.size && titlesB.size && oneScript && ![...titlesA].some((x) => titlesB.has(x))) return false;
  // Two things numbered alike, the number right before the same noun (203 制氧机 / 301 制氧机, 202 房 / 203 房): two rooms' things.
  const labelled = (t: string) => groupedSets([...t.matchAll(NUMBER_BEFORE_NOUN)].map((m) => [m[2]!, m[1]!]));
  const la = labelled(a.plain ?? a.text);
  const lb = labelled(b.plain ?? b.text);
  for (const [noun, xa] of la) {
    const xb = lb.get(noun);
    if (xb && ![...xa].some((x) => xb.has(x))) return false;
  }
  // 1 号红色单人艇 and 2 号红色单人艇, each by a label of one form and none in common: two boats.
  if (otherLabel(namingLabels(a.plain ?? a.text), namingLabels(b.plain ?? b.text))) return false;
  // Court 3 and court 5 at one 19:00, 1号椅 and 2号椅 on the 15th: two bookings, two chairs.
  for (const read of [numberedThings, numberedPlaces]) {
    const ta = read(a.plain ?? a.text);
    const tb = read(b.plain ?? b.text);
    for (const [noun, xa] of ta) {
      const xb = tb.get(noun);
      if (xb && ![...xa].some((x) => xb.has(x))) return false;
    }
  }
  // Each stating a value of one shape the other has no match for, and none of that shape in common (the 3月9日 invoice
  // for 400元 / the 3月16日 one for 150元; two hearings on 12 Mar, at 10am and at 2pm): two facts, not one written twice.
  const sa = a.shapes ?? [];
  const sb = b.shapes ?? [];
  for (const shape of new Set(sa.map(([, sh]) => sh))) {
    const xa = sa.filter(([, sh]) => sh === shape).map(([v]) => v);
    const xb = sb.filter(([, sh]) => sh === shape).map(([v]) => v);
    // (How often, written two ways: every 3 months / quarterly.)
    const oftenAlike = (v: string, w: string) => {
      const fv = frequenciesIn(v.toLowerCase());
      const fw = frequenciesIn(w.toLowerCase());
      return shape === 'schedule' && fv.size > 0 && fv.size === fw.size && [...fv].every((f) => fw.has(f));
    };
    if (xa.length && xb.length && !xa.some((v) => xb.some((w) => sameValue(v, w) || sameLoosely(v, w, shape) || oftenAlike(v, w)))) return false;
  }
  // Two clock times apart (落地 14:20 / 落地 14:50 on one afternoon): two pickups, though 下午 is said of both.
  const ca = clockMinutes(a.plain ?? a.text);
  const cb = clockMinutes(b.plain ?? b.text);
  if (ca.length && cb.length && !ca.some((x) => cb.some((y) => x % 720 === y % 720))) return false;
  // How often (每天, daily) is no value in common: "NAS 照片备份每天 01:00" and "NAS 数据库备份每天 02:00" are two jobs.
  const often = (v: string) => frequenciesIn(v).size > 0 && !/\d/.test(v);
  // Nor the number of the place both name (陈医生坐 3 号椅 / 3 号椅的脚踏坏了): it says where, not what is so there.
  const placeNos = new Set([...numberedPlaces(a.plain ?? a.text).values(), ...numberedPlaces(b.plain ?? b.text).values()].flatMap((x) => [...x]));
  // (Nor the numbered room or item both name, 三宝村二号工作室 with its rent / with its power bill: what they are of.)
  const ordinals = new Set([...ordinalNamesIn(a.text), ...ordinalNamesIn(b.text)]);
  const va = [...a.verdict.quoted, ...a.verdict.tokens].filter((v) => !often(v) && !placeNos.has(v) && !ordinals.has(v));
  const vb = [...b.verdict.quoted, ...b.verdict.tokens].filter((v) => !often(v) && !placeNos.has(v) && !ordinals.has(v));
  // Each holding a number of one form the other lacks (沪A·12345 / 沪A·66018 at the same 04:30, objects
  // 2019.45.3 / 2019.45.8) is two things.
  const form = (v: string) => v.replace(/\d/g, '9');
  const numbers = (x: string[], other: string[]) => x.filter((v) => /^\d+(?:\.\d+)*$/.test(v) && v.length >= 3 && !other.includes(v));
  // Read off the texts too: a number the correction names (1201) is no token of the one holding it.
  const inText = (t: string) => [...t.matchAll(/(?<![\d.])\d+(?:\.\d+)*(?![\d.])/g)].map((m) => m[0]);
  const onlyNumA = numbers([...a.verdict.tokens, ...inText(a.text)], [...vb, ...inText(b.text)]);
  const onlyNumB = numbers([...b.verdict.tokens, ...inText(b.text)], [...va, ...inText(a.text)]);
  if (onlyNumA.some((x) => onlyNumB.some((y) => form(x) === form(y)))) return false;
  // Noted in fewer words, the value in common must be one the correction does not quote (nor its digits, 仓3 for 3号门):
  // many records hold its old 7点.
  if (fewer) {
    const digits = (v: string) => v.replace(/\D/g, '');
    const quoted = [...a.verdict.quoted, ...b.verdict.quoted];
    const own = (v: string) => !often(v) && !quoted.some((x) => sameValue(v, x) || (digits(v) !== '' && digits(v) === digits(x)));
    return a.verdict.tokens.filter(own).some((v) => b.verdict.tokens.filter(own).some((w) => sameValue(v, w)));
  }
  // (An address with its port is the address: 10.3.5.20:1433 / 10.3.5.20, port 1433.)
  return va.some((v) => vb.some((w) => sameValue(v, w) || ((bare(v) !== v || bare(w) !== w) && sameValue(bare(v), bare(w)))));
}



/**
 * Two records written from one template that differ in the thing they name (照片 backup / 文档 backup at one
 * 3:00, NAS 备份实验数据 / 备份照片库, API / webhook 服务端口 8080): items of a list, not one fact written twice,
 * which is worded anew. Most of the shorter text is a common opening and ending, and the part between names
 * a thing on each side.
 */
export function siblings(a: Judged, b: Judged): boolean {
  const x = (a.plain ?? '').trim();
  const y = (b.plain ?? '').trim();
  if (!x || !y || x === y) return false;
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  let q = 0;
  while (q < x.length - p && q < y.length - p && x[x.length - 1 - q] === y[y.length - 1 - q]) q++;
  if (p + q < 0.5 * Math.min(x.length, y.length)) return false;
  // Widen each middle to whole words: an ASCII word cut at its edge (lumen ds / lumen app).
  const widen = (t: string) => {
    let s0 = p;
    let e = t.length - q;
    while (s0 > 0 && /[a-z0-9_-]/.test(t[s0 - 1]!)) s0--;
    while (e < t.length && /[a-z0-9_-]/.test(t[e]!)) e++;
    return t.slice(s0, e);
  };
  const mx = widen(x);
  const my = widen(y);
  // The part between is the thing and no more (照片 / 文档): a copy rewords more than that (posts to / output channel:).
  const onlyThing = (m: string, things: string[] | undefined) => {
    const held = (things ?? []).filter((w) => holds(m, w));
    if (!held.length) return false;
    let rest = m;
    for (const w of held) rest = rest.split(w).join('');
    return rest.replace(/[\s\p{P}]/gu, '').length <= 2;
  };
  // Or one word in English each (API / webhook 服务端口 8080), neither a form of the other (crawl / crawler, db / database).
  const oneWord = (m: string) => /^[a-z][a-z0-9_-]{2,}$/.test(m.trim());
  const forms = (m: string) => ALIASES.find((g) => g.includes(m)) ?? [m];
  const twoWords = oneWord(mx) && oneWord(my) && !mx.trim().startsWith(my.trim()) && !my.trim().startsWith(mx.trim()) && !forms(mx.trim()).includes(my.trim());
  // Or two words each, none in common (product photos / homepage banners): two things named the English way.
  const twoWordName = (m: string) => /^[a-z][a-z0-9_-]{2,}\s[a-z][a-z0-9_-]{2,}$/.test(m.trim());
  const wordsOf = (m: string) => m.trim().split(/\s+/);
  const twoNames = twoWordName(mx) && twoWordName(my) && !wordsOf(mx).some((w) => wordsOf(my).some((v) => v.startsWith(w) || w.startsWith(v) || forms(w).includes(v)));
  // Or a letter each, labelling one noun (冷库A / 冷库B, 仓A / 仓B): two of a kind.
  const letter = (m: string, t: string) => /^[a-z]$/.test(m) && /\p{Script=Han}/u.test(t[p - 1] ?? t[t.length - q] ?? '');
  const twoLetters = letter(mx, x) && letter(my, y);
  // (One side's may be a word read as no thing, an attribute's: 变更评审会 / 容量评审会.)
  const hanWord = (m: string, other: string) => /^\p{Script=Han}{2,4}$/u.test(m) && !forms(m).includes(other);
  const things = (onlyThing(mx, a.things) && (onlyThing(my, b.things) || hanWord(my, mx))) || (onlyThing(my, b.things) && hanWord(mx, my));
  return (a.language ?? null) === (b.language ?? null) && (twoWords || twoNames || twoLetters || things);
}

/** Distances a text names, spaces out (10公里, 10英里, 5km). */
function distancesIn(text: string): Set<string> {
  return new Set([...text.matchAll(DISTANCE_RE)].map((m) => m[0].replace(/\s/g, '')));
}

/** The relation words (老婆, 妈妈, wife) a text holds. */
function kinOf(text: string): string[] {
  // A title is no relative: 王小姐 is Ms. Wang, not a sister (姐).
  const t = text.replace(/小姐|空姐/g, ' ');
  return [...KINSHIP_WORDS].filter((k) => holds(t, k));
}

/** A value that names one thing: letters and digits or marks together (kafka-1.internal:9092, qb-main, release.yml), a dated day. */
const DISTINCT_VALUE = /^(?=.*[a-z])(?=.*[\d./:_-]).{4,}$|^\d{4}-\d{2}-\d{2}$/i;

/** Whether a text holds a word, an English plural and its singular counted as one (covers / cover). */
function holdsWord(text: string, w: string): boolean {
  return holds(text, w) || (/^[a-z]{4,}s$/.test(w) && holds(text, w.slice(0, -1)));
}

/** A refused candidate stating attributes states the target's (not another fact of the same thing). */
function sameAttribute(best: Judged, j: Judged): boolean {
  const a = best.verdict.attribute;
  if (j.verdict.attributes.length === 0) return true;
  // The correction names no attribute: one candidate naming the time and one the place are two facts.
  if (!a) return best.verdict.named.length === 0 || j.verdict.named.length === 0 || j.verdict.named.some((x) => best.verdict.named.includes(x));
  return j.verdict.attributes.includes(a);
}

/**
 * The same fact written in the other language ("树莓派每周日凌晨4:00自动重启" / "The Pi reboots automatically every
 * Sunday at 04:00"): its words cannot be held, its values can. Every value the best target gives (two at least, or one
 * that names one thing) is given by it too.
 */
function otherLanguageCopy(best: Judged, j: Judged): boolean {
  const other = (x?: Language, y?: Language) => x !== undefined && y !== undefined && x !== y;
  if (!other(best.language, j.language) && !other(best.carried, j.carried)) return false;
  const values = [...new Map(best.shapes ?? [])];
  const theirs = j.shapes ?? [];
  // Written the other language's way: 16:30 / 4:30pm (the hour on a twelve-hour clock and the minutes), 20块 / 20 RMB.
  const clock = (v: string) => {
    const m = /(\d{1,2})(?:[:：](\d{2}))?/.exec(v);
    return m ? `${Number(m[1]) % 12}:${m[2] ?? '00'}` : null;
  };
  const loosely = (v: string, sh: string, w: string, wsh: string) =>
    sh === wsh && (sh === 'schedule' ? /\d/.test(v) && clock(v) === clock(w) : sh === 'price' || sh === 'date' ? sameLoosely(v, w, sh) : false);
  // (An address and its port written apart: 10.12.3.45:1521 / host 10.12.3.45, port 1521.)
  const apart = (v: string) => {
    const m = /^(.+\d):(\d{2,5})$/.exec(v);
    return m !== null && holds(j.text, m[1]!) && holds(j.text, m[2]!);
  };
  // (A day of the month: 每月 5 号 / the 5th. A weekday or how often, without a number: 每晚 / every night, 周一 / Mondays.)
  const sameDayOfMonth = (v: string) => {
    const d = dayOfMonth(v);
    return d !== null && new RegExp(`(?<![\\d.:])${ordinal(d)}\\b`).test(j.text);
  };
  const inWords = (v: string) => {
    if (/\d/.test(v)) return false;
    const days = weekdaysIn(v);
    const often = frequenciesIn(v);
    const theirDays = weekdaysIn(j.text);
    const theirOften = frequenciesIn(j.text);
    return (days.size > 0 || often.size > 0) && [...days].every((d) => theirDays.has(d)) && [...often].every((f) => theirOften.has(f));
  };
  const matched = ([v, sh]: [string, string]) => holds(j.text, v) || apart(v) || sameDayOfMonth(v) || inWords(v) || theirs.some(([w, wsh]) => sameValue(v, w) || loosely(v, sh, w, wsh));
  if (!values.some(([v, sh]) => /\d/.test(v) || sh === 'path') || !values.every(matched)) return false;
  // (A day of the year names one occasion: 6月30日 / 30 June.)
  const names = values.some(([v]) => DISTINCT_VALUE.test(v) || /\d{3,}/.test(v) || monthDay(v) !== null);
  // Carried by one language, one naming a thing in the other (拾光 manuscripts, the 小班 groups), they are no copy written
  // in the other language: a weekday and an hour in common are common to many jobs.
  if (!other(best.carried, j.carried)) return names;
  return values.length >= 2 || names;
}

/**
 * A candidate refused for want of evidence (not for naming another thing) that is a copy of the
 * chosen target: it holds every subject word the target shares with the correction, and states the
 * same fact (sameFact). "nginx 日志保留 30 天" and "每天删掉 30 天前的 nginx 日志" are one fact written twice.
 */
function refusedCopy(best: Judged, j: Judged): boolean {
  if (j.verdict.accepted || j.verdict.conflict || j.verdict.refusal === 'generic-only') return false;
  if (best.verdict.shared.length === 0) return false;
  // Missing a subject word the best holds (crawler / crawl, 短信 / SMS), it must give the best's own value, one that names
  // one thing (kafka-1.internal:9092, templates/sms/, 2026-06-30).
  const distinct = [...best.verdict.quoted, ...best.verdict.tokens].filter((v) => DISTINCT_VALUE.test(v) && holds(j.text, v));
  if (!best.verdict.shared.every((w) => holdsWord(j.text, w)) && !(distinct.length && best.verdict.shared.some((w) => holdsWord(j.text, w))) && !otherLanguageCopy(best, j)) return false;
  if (!sameAttribute(best, j)) return false;
  return sameFact(best, { ...j, verdict: { ...j.verdict, shared: best.verdict.shared } });
}

/**
 * Of candidates about equally likely, the one holding the label the correction names its thing by (6号不是进水阀 for
 * 6号洗衣机 / 5号洗衣机; "3S cutoff" for the 3S packs / the 2S packs), each other one holding another label of that form.
 */
function byLabel(pool: Judged[], correction: string): { chosen: Judged; why: Map<Judged, string> } | null {
  // (Not a monthly day: 改每月 1 号 names no 1 号 boat. A day of one month may name the occasion: 8号嗰班.)
  const byDay = (t: string) => labelsIn(t.toLowerCase().replace(/每\s?个?月\s?\d{1,2}\s?号/g, ' '));
  const mine = byDay(correction);
  if (!mine.length) return null;
  const holding = pool.filter((j) => byDay(j.plain ?? j.text).some((l) => mine.includes(l)));
  if (holding.length !== 1) return null;
  const why = new Map<Judged, string>();
  for (const j of pool) {
    if (j === holding[0]) continue;
    const other = byDay(j.plain ?? j.text).filter((l) => !mine.includes(l) && mine.some((m) => labelForm(m) === labelForm(l)));
    if (!other.length) return null;
    why.set(j, `names ${other.join(', ')} where the correction names ${mine.filter((m) => labelForm(m) === labelForm(other[0]!)).join(', ')}`);
  }
  return { chosen: holding[0]!, why };
}

export function choose(judged: Judged[], ratio = AMBIGUITY_RATIO, correction?: string): Choice {
  const notes = new Map<string, string>();
  for (const j of judged) if (!j.verdict.accepted) notes.set(j.id, `refused: ${j.verdict.why}`);
  let accepted = judged.filter((j) => j.verdict.accepted);
  const ids = new Set(accepted.map((j) => j.id));
  // Give way to the current version.
  accepted = accepted.filter((j) => {
    const by = j.supersededBy.find((s) => ids.has(s));
    if (by) notes.set(j.id, `already superseded by ${by}, which is taken instead`);
    return !by;
  });
  accepted.sort((a, b) => b.verdict.score - a.verdict.score || b.timeMs - a.timeMs || (a.id < b.id ? -1 : 1));
  const best = accepted[0];
  if (!best) return { status: 'none', targets: [], notes };
  // Copies: accepted ones, and ones refused only because they name no attribute ("记一下：Uptime Kuma 在 3001").
  let copies = [
    ...accepted.slice(1).filter((j) => sameAttribute(best, j) && sameFact(best, j)),
    ...judged.filter((j) => (!j.verdict.accepted && !j.verdict.conflict && j.verdict.refusal === 'other-attribute' && j.lead.length > 0 && sameAttribute(best, j) && sameFact(best, { ...j, verdict: { ...j.verdict, shared: best.verdict.shared } })) || refusedCopy(best, j)),
  ];
  // A copy holding another label of the form the correction names its thing by (读卡器1号 for 2号那台读卡器), and not
  // the correction's own, is the other one.
  // (Not a day of the month, 每月 5 号, nor an amount with its unit, 10s: namingLabels.)
  if (correction !== undefined) {
    const mine = namingLabels(correction);
    const other = (j: Judged) => otherLabel(mine, namingLabels(j.plain ?? j.text));
    for (const j of copies) {
      const l = other(j);
      if (l) notes.set(j.id, `refused: names ${l} where the correction names ${mine.join(', ')}; no copy`);
    }
    copies = copies.filter((j) => !other(j));
  }
  // A copy by value alone (it lacks a word the target shares with the correction) that names a thing of its own the
  // correction names too, and the target does not (release 分支的 CI 挪到 runner-fab04，fab01 留给 main: main's CI on
  // runner-fab01), is that other thing, which the correction names apart.
  if (correction !== undefined) {
    const bestText = best.plain ?? best.text;
    // (Named after the change word: before it is the correction's own thing.)
    const cue = CHANGE_CUE.exec(correction);
    const told = cue ? correction.slice(cue.index + cue[0].length) : '';
    const own = correction.slice(0, cue?.index ?? 0);
    const ownNamed = (j: Judged) => {
      if (!cue || best.verdict.shared.every((w) => holdsWord(j.text, w))) return null;
      const words = new Set([...(j.things ?? []), ...((j.plain ?? j.text).match(/(?<![a-z0-9_./-])[a-z][a-z0-9]{2,}(?![a-z0-9_./-])/g) ?? [])]);
      return [...words].find((w) => !ENGLISH_STOPWORDS.has(w) && !holdsWord(bestText, w) && holdsWord(told, w) && !holdsWord(own, w)) ?? null;
    };
    const apart = new Map(copies.map((j) => [j, ownNamed(j)]));
    for (const [j, w] of apart) if (w) notes.set(j.id, `refused: names ${w}, which the correction names apart from the target; no copy`);
    copies = copies.filter((j) => !apart.get(j));
  }
  // A copy naming its thing by another size of one unit (the 25-ton crane, where the target is the 50-ton one) is the other.
  const sizes = sizeLabels(best.plain ?? best.text);
  if (sizes.length) {
    const otherSize = (j: Judged) => otherLabel(sizes, sizeLabels(j.plain ?? j.text));
    for (const j of copies) {
      const l = otherSize(j);
      if (l) notes.set(j.id, `refused: names ${l} where the target names ${sizes.join(', ')}; no copy`);
    }
    copies = copies.filter((j) => !otherSize(j));
  }
  // Copies known by their values (written in the other language, missing words of the target): two of them
  // (the roster export and the school-calendar export, both Sundays 8pm) and which one copies it is not known.
  const byValues = copies.filter((j) => j.language && best.language && j.language !== best.language && !best.verdict.shared.every((w) => holdsWord(j.text, w)));
  if (byValues.length >= 2) {
    for (const j of byValues) notes.set(j.id, `refused: one of ${byValues.length} records in the other language giving the target's values; which one copies it is not known`);
    copies = copies.filter((j) => !byValues.includes(j));
  }
  // A correction saying it changes that one alone ("resize to 1000 for that platform only", 其他平台不变): a record giving the
  // same values without the target's words is the other one, left as it is.
  if (correction !== undefined && saysThatOneOnly(correction)) {
    for (const j of byValues.filter((x) => copies.includes(x))) notes.set(j.id, 'refused: the correction changes the one it names only, and this gives the values without its words');
    copies = copies.filter((j) => !byValues.includes(j));
  }
  // A correction naming no attribute ("康润那场改到浦东香格里拉"), with one candidate naming the time and one the
  // place of the same thing: which it changes is a guess, however the scores fall.
  const otherSlot = (j: Judged) => best.verdict.attribute === null && best.verdict.quoted.length === 0 && !sameAttribute(best, j);
  const rivals = accepted.slice(1).filter((j) => !copies.includes(j) && (j.verdict.score >= ratio * best.verdict.score || otherSlot(j)));
  const label = rivals.length && correction !== undefined ? byLabel([best, ...rivals], correction) : null;
  if (label) {
    const refused = judged.map((j) => {
      const why = label.why.get(j);
      return why ? { ...j, verdict: { ...j.verdict, accepted: false, conflict: true, refusal: 'other-subject' as const, why } } : j;
    });
    return choose(refused, ratio, correction);
  }
  if (rivals.length) {
    for (const j of [best, ...copies, ...rivals]) notes.set(j.id, `ambiguous: as likely as ${[best, ...rivals].filter((x) => x !== j).map((x) => x.id).join(', ')}; linked to none`);
    for (const j of accepted) if (!notes.has(j.id)) notes.set(j.id, `less likely than ${best.id}`);
    return { status: 'ambiguous', targets: [], notes };
  }
  notes.set(best.id, `taken: ${best.verdict.why}`);
  for (const j of copies) notes.set(j.id, `taken: a copy of ${best.id}`);
  for (const j of accepted) if (!notes.has(j.id)) notes.set(j.id, `less likely than ${best.id} (score ${j.verdict.score.toFixed(2)} < ${(ratio * best.verdict.score).toFixed(2)})`);
  return { status: 'linked', targets: [best.id, ...copies.map((j) => j.id)], notes };
}
