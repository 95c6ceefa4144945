import { CORRECTION_FILLER } from '../../core/markers.js';
import { CHINESE_STOPWORDS, ENGLISH_STOPWORDS } from '../tokenizer/stopwords.js';
import { heldByInitials, holds, labelsIn, looseCode, titlesIn, type TextAnalysis } from './analyze.js';
import { daypartsIn } from './dayparts.js';
import { languageOf } from './language.js';
import type { Verdict } from './judge.js';
import { ALL_ATTRIBUTE_WORDS, CHANGE_WORDS, GENERIC_WORDS, SHAPE_ANSWERS } from './lexicon.js';

/**
 * The last look at a correction's chosen targets (after resolve/choose.ts, and after a chain is
 * followed to its current version): a target is refused when there is strong counter-evidence that
 * it is about another thing or another attribute. The judge accepts on positive evidence; these
 * rules look across the candidates and at what the judge's evidence rested on. Precision first: a
 * refused target leaves two facts side by side, a wrong one hides a true fact. Pure.
 */

/** One record the correction was compared with. */
export interface VetoCandidate {
  id: string;
  analysis: TextAnalysis;
  verdict: Verdict;
}

/** A chosen target, and how it was taken. */
export interface VetoTarget extends VetoCandidate {
  /** the best candidate, a copy of it (the same fact written twice), or the current version of a chain */
  taken: 'best' | 'copy' | 'chain';
  /** a chain's current version: reached through at least one inferred edge (a plain record restating the fact) */
  viaInferred?: boolean;
}

export interface VetoInput {
  correction: TextAnalysis;
  targets: VetoTarget[];
  /** every candidate judged (targets included) */
  candidates: VetoCandidate[];
  /** the judge's verdict on a record not among the candidates (a chain's current version) */
  judgeAlone: (a: TextAnalysis) => Verdict;
}

export type VetoRuleName =
  | 'other-identifier'
  | 'other-name'
  | 'attribute-by-shape'
  | 'named-thing'
  | 'quote-only'
  | 'subject-elsewhere'
  | 'chain-unrelated'
  | 'value-not-attribute';

export interface VetoRule {
  name: VetoRuleName;
  /** why the target is refused, or null */
  check: (t: VetoTarget, input: VetoInput) => string | null;
}

export interface Vetoed {
  id: string;
  rule: VetoRuleName;
  why: string;
}

/** Chinese words taken out before a correction's subject is cut into pieces, longest first. */
const MASKED = [...new Set([...ALL_ATTRIBUTE_WORDS, ...CHANGE_WORDS, ...GENERIC_WORDS, ...CORRECTION_FILLER])]
  .filter((w) => w.length >= 2 && /^[\u4e00-\u9fff]+$/.test(w))
  .sort((a, b) => b.length - a.length);

/** The attribute classes a value of each shape answers (a `duration` answers a retention or a timeout). */
const answers = (shape: string): string[] => [shape, ...(SHAPE_ANSWERS[shape] ?? [])];

/** Attribute classes a text states: by name, or by a value's shape. */
function attributesOf(a: TextAnalysis): Set<string> {
  const out = new Set(a.named);
  for (const s of a.shapes) for (const n of answers(s)) out.add(n);
  return out;
}

/** Attribute classes a value shape answers. */
// A share, a headcount, a number of units or a place moved to answers its attribute only loosely (a count, a place are mostly
// named by words): no attribute is "shaped" by them. Nor a match format (BO5), one style among many written in words.
const SHAPED = new Set(Object.keys(SHAPE_ANSWERS).filter((s) => s !== 'percent' && s !== 'headcount' && s !== 'units' && s !== 'place' && s !== 'format').flatMap(answers));

const TIME_ATTRIBUTES = new Set(['schedule', 'date', 'duration', 'retention', 'timeout']);

/** Addresses with a scheme (s3://…, gs://…, postgres://…): each names one thing of a kind. */
const URI_RE = /\b([a-z][a-z0-9+.-]{1,15}):\/\/[^\s，。；、,;）)"'<>]+/g;

function urisOf(hay: string): { uri: string; scheme: string }[] {
  return [...hay.matchAll(URI_RE)].map((m) => ({ uri: m[0].replace(/[/.:]+$/, ''), scheme: m[1]! }));
}

/**
 * Another identifier of the same kind. The correction names gs://logs-prd and says what changes
 * with a value of another kind (a schedule); the target names gs://media-prd and not logs-prd:
 * backups of two buckets, whatever words (backup, gs) they share.
 */
const otherIdentifier: VetoRule = {
  name: 'other-identifier',
  check(t, { correction: c }) {
    if (t.verdict.quoted.length) return null;
    const isOld = (u: string) => c.oldValues.some((v) => u.includes(v) || v.includes(u));
    const mine = urisOf(c.hay).filter((x) => !isOld(x.uri));
    if (mine.length === 0) return null;
    const theirs = urisOf(t.analysis.hay);
    for (const x of mine) {
      if (holds(t.analysis.hay, x.uri)) continue;
      const rival = theirs.find((y) => y.scheme === x.scheme && y.uri !== x.uri && !holds(c.hay, y.uri));
      if (!rival) continue;
      // What changes is a value of another kind, outside the address, that the target states too:
      // the address is then what the correction is about, not its new value.
      const other = c.values.filter((v) => !x.uri.includes(v) && !mine.some((m) => m.uri.includes(v)));
      const changes = other.some((v) => {
        const s = c.valueShapes.get(v);
        return s !== undefined && s !== 'path' && s !== 'host' && t.analysis.shapes.has(s);
      });
      if (changes) return `names ${rival.uri} where the correction names ${x.uri}`;
    }
    return null;
  },
};

/**
 * The correction names its attribute (timeout); the target names none of the correction's
 * attributes, its only value answering one is of a shape several attributes share (a duration:
 * a timeout or a retention), and it states another attribute the correction does not (a
 * schedule: 每小时第 15 分钟). The duration belongs to that other attribute.
 */
const attributeByShape: VetoRule = {
  name: 'attribute-by-shape',
  check(t, { correction: c }) {
    if (c.named.size === 0 || t.verdict.quoted.length) return null;
    const o = t.analysis;
    if ([...c.named].some((n) => o.named.has(n))) return null;
    const answering = [...o.shapes].filter((s) => answers(s).some((n) => c.named.has(n)));
    if (answering.length === 0 || answering.some((s) => new Set((SHAPE_ANSWERS[s] ?? []).filter((n) => n !== s)).size < 2)) return null;
    const cAttrs = attributesOf(c);
    const another = [...o.named].filter((n) => !cAttrs.has(n));
    for (const s of o.shapes) if (s !== 'percent' && !answering.includes(s) && !answers(s).some((n) => cAttrs.has(n))) another.push(s);
    if (another.length === 0) return null;
    return `states ${[...new Set(another)].join('/')} and names no ${[...c.named].join('/')}; its ${answering.join('/')} value is not said to be one`;
  },
};

/** Pieces of the correction's subject part that say what it is about: its words and, in Chinese, their two-character pieces. */
export function subjectEvidence(c: TextAnalysis): string[] {
  // The text before its first value: 挑书单提醒 in "挑书单提醒 不是周六 09:00".
  const firstValue = Math.min(...c.values.map((v) => c.hay.indexOf(v)).filter((i) => i >= 0), c.hay.length);
  const head = c.hay.slice(0, firstValue);
  const skip = (w: string) =>
    GENERIC_WORDS.has(w) || CHANGE_WORDS.has(w) || CORRECTION_FILLER.has(w) || CHINESE_STOPWORDS.has(w) || ENGLISH_STOPWORDS.has(w) || ALL_ATTRIBUTE_WORDS.has(w);
  const out = new Set<string>();
  for (const w of c.subjectPart) if (!skip(w)) out.add(w);
  // Two-character pieces of what is left once attribute, change and generic words are taken out
  // (端口是 leaves no piece; 挑书单提醒 leaves 挑书, 书单).
  let rest = head;
  for (const w of MASKED) if (rest.includes(w)) rest = rest.split(w).join(' ');
  for (const m of rest.matchAll(/[\u4e00-\u9fff]+/g)) {
    const run = m[0];
    for (let i = 0; i + 2 <= run.length; i++) {
      const bi = run.slice(i, i + 2);
      if (!skip(bi)) out.add(bi);
    }
  }
  return [...out];
}

/**
 * The target holds none of what the correction names as its subject, while another candidate
 * stating the same attribute or holding the same quoted old value holds some: 挑书单提醒 不是周六
 * 09:00 is about the reading-list reminder, not the watering reminder that is also at 周六 09:00.
 */
const subjectElsewhere: VetoRule = {
  name: 'subject-elsewhere',
  check(t, { correction: c, candidates, targets }) {
    const ev = subjectEvidence(c);
    if (ev.length === 0) return null;
    const held = (a: TextAnalysis) => ev.filter((w) => holds(a.hay, w) || heldByInitials(c, a.plain, w));
    if (held(t.analysis).length) return null;
    // A copy of a target written in the other language names the subject in its own words.
    const otherLanguageCopyOf = (o: VetoCandidate) => t.taken === 'copy' && targets.some((x) => x.id === o.id) && languageOf(t.analysis.plain) !== languageOf(o.analysis.plain);
    const rival = candidates.find((o) => {
      if (o.id === t.id || held(o.analysis).length === 0 || otherLanguageCopyOf(o)) return false;
      const sameQuote = t.verdict.quoted.some((q) => holds(o.analysis.hay, q));
      const sameAttr = t.verdict.attribute !== null && attributesOf(o.analysis).has(t.verdict.attribute);
      return sameQuote || sameAttr;
    });
    return rival ? `holds none of ${ev.join(', ')}, which ${rival.id} holds (${held(rival.analysis).join(', ')})` : null;
  },
};

/**
 * A chain's current version reached through an inferred edge must be a target in its own right:
 * an inferred edge is a guess, and following it must not carry a correction over to another thing.
 * The correction then links to nothing (the guess, or the first choice, was wrong: which is not known).
 */
const chainUnrelated: VetoRule = {
  name: 'chain-unrelated',
  check(t, { judgeAlone }) {
    if (t.taken !== 'chain' || !t.viaInferred) return null;
    const v = judgeAlone(t.analysis);
    return v.accepted ? null : `the current version of a chain followed through an inferred link, and not a target itself (${v.why})`;
  },
};

/**
 * The attribute the two share is named, not valued, on the target's side, and none of the
 * correction's values answers it: "worker 多久扫一次 plugins 文件夹：改 30 秒" changes an interval,
 * not the folder "plugins 目录挂 NFS" names.
 */
const valueNotAttribute: VetoRule = {
  name: 'value-not-attribute',
  check(t, { correction: c }) {
    if (t.verdict.quoted.length || c.named.size === 0) return null;
    const o = t.analysis;
    const shared = [...attributesOf(c)].filter((a) => attributesOf(o).has(a));
    // Only an attribute whose values have a shape of their own can be told from the values (a path, not a style).
    if (shared.length === 0 || shared.some((a) => !SHAPED.has(a))) return null;
    const newValues = c.values.filter((v) => !c.oldValues.includes(v));
    const shapes = newValues.map((v) => c.valueShapes.get(v));
    if (shapes.length === 0 || shapes.some((s) => s === undefined)) return null;
    const answered = (a: string, ss: Iterable<string | undefined>) => [...ss].some((s) => s !== undefined && answers(s).includes(a));
    if (shared.some((a) => answered(a, shapes) || answered(a, o.shapes))) return null;
    return `shares only the named ${shared.join('/')}; the correction's ${newValues.join(', ')} is no ${shared.join('/')} value and the target states none`;
  },
};

/**
 * The target's value answers the attribute the correction changes, but the target names, by an
 * attribute word its values do not answer (though it has a shape of its own), what that value is
 * of: "writes the finished schedule
 * to ~/roster/out/" is where the schedule goes, and the correction, naming no schedule, moves the
 * log ("write its log to ~/roster/logs/run.log").
 */
const namedThing: VetoRule = {
  name: 'named-thing',
  check(t, { correction: c }) {
    const a = t.verdict.attribute;
    // Times answer one another loosely (a deadline given as 每周三 18:00): only a place or an
    // identity (a path, a host, a port, a version, a size) is told apart this way.
    if (a === null || TIME_ATTRIBUTES.has(a) || t.verdict.quoted.length) return null;
    const o = t.analysis;
    const valued = (x: TextAnalysis, attr: string) => [...x.shapes].some((s) => answers(s).includes(attr));
    if (!valued(o, a) || !valued(c, a)) return null;
    const cAttrs = attributesOf(c);
    // Only attributes that have values of their own shape (a schedule, a date, a size): a branch or
    // a recipient is named with a value no shape recognizes ("deploy branch: release/2026.06").
    // (A part of the day is when, not a schedule named: 护士站 025-6655 1201（夜间转 2）.)
    const things = [...o.named].filter((n) => SHAPED.has(n) && !cAttrs.has(n) && !valued(o, n) && !(n === 'schedule' && daypartsIn(o.plain).size > 0));
    return things.length ? `its ${a} is that of the ${things.join('/')} it names, which the correction does not` : null;
  },
};

/**
 * Taken on a quoted old value alone: the target holds none of what the correction names and names
 * a thing of its own ("Jellyfin 端口是 8097 不是 8096" is not about "Emby 端口 8096").
 */
const quoteOnly: VetoRule = {
  name: 'quote-only',
  check(t, { correction: c }) {
    // A subject word inside the quoted value (教室 of 示教室3) is the value, not the subject.
    const inQuote = (w: string) => t.verdict.quoted.some((q) => q !== w && holds(q, w));
    if (t.verdict.quoted.length === 0 || t.verdict.shared.some((w) => !inQuote(w))) return null;
    const ev = subjectEvidence(c).filter((w) => !inQuote(w));
    // (A code held written with its dash: K-141 for K141.)
    if (ev.length === 0 || ev.some((w) => holds(t.analysis.hay, w) || (/\d/.test(w) && t.analysis.ids.some((i) => looseCode(i) === looseCode(w))))) return null;
    // (Nor when it holds the label the correction names its thing by: 6号不是进水阀 of 6号洗衣机.)
    // (Not one it quotes as the old value: timeout 不是 3s.)
    const labels = labelsIn(c.plain).filter((l) => !t.verdict.quoted.some((q) => holds(q, l) || holds(l, q)));
    if (labelsIn(t.analysis.plain).some((l) => labels.includes(l))) return null;
    // What it is about: its lead, or for a text opening with its attribute word (SLO for login: 99.9%), what follows it.
    const o = t.analysis;
    const about = o.lead.length === 0 && o.attrWords.some((w) => o.plain.trimStart().startsWith(w)) ? o.opening : o.lead;
    const theirs = about.filter((w) => !holds(c.hay, w) && !GENERIC_WORDS.has(w));
    return theirs.length ? `holds the old value ${t.verdict.quoted.join(', ')} of ${theirs.join('/')}, and none of ${ev.join(', ')}` : null;
  },
};

/**
 * Another record's quoted name: the target names itself in quotes (旅行社「丝路游」) that the correction does not hold, while
 * the correction holds, bare or quoted, the quoted name another candidate goes by (丝路行那家 of 旅行社「丝路行」).
 */
const otherName: VetoRule = {
  name: 'other-name',
  check(t, { correction: c, candidates }) {
    const mine = titlesIn(t.analysis.plain);
    if (!mine.length || mine.some((n) => c.plain.includes(n))) return null;
    const theirs = candidates.filter((o) => o.id !== t.id).flatMap((o) => titlesIn(o.analysis.plain));
    // (Not a part of its own name: 「青石窑」 of 「青石窑 Qingshi」.)
    const named = theirs.find((n) => n.length >= 2 && !mine.some((m) => m.includes(n) || n.includes(m)) && c.plain.includes(n));
    return named ? `names "${mine.join('", "')}" where the correction names "${named}", which another record goes by` : null;
  },
};

/** The rules, in the order they are tried (the first that refuses a target gives its reason). */
export const VETO_RULES: VetoRule[] = [
  chainUnrelated,
  otherIdentifier,
  otherName,
  attributeByShape,
  namedThing,
  quoteOnly,
  subjectElsewhere,
  valueNotAttribute,
];

/** The targets kept, and those refused with the rule (the first that refuses) and the reason. */
export function veto(input: VetoInput, rules: readonly VetoRule[] = VETO_RULES): { kept: string[]; vetoed: Vetoed[] } {
  const kept: string[] = [];
  const vetoed: Vetoed[] = [];
  for (const t of input.targets) {
    let refusal: Vetoed | null = null;
    for (const r of rules) {
      const why = r.check(t, input);
      if (why) {
        refusal = { id: t.id, rule: r.name, why };
        break;
      }
    }
    if (refusal) vetoed.push(refusal);
    else kept.push(t.id);
  }
  return { kept, vetoed };
}
