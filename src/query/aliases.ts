import fs from 'node:fs';
import { packageFile } from '../package-root.js';
import type { Problem } from '../core/errors.js';
import { CORRECTION_MARK, MARKER_WORDS, type MarkerName } from '../core/markers.js';
import type { IndexedRecord } from '../index/record-index.js';
import { CJK_RUN, HAS_CJK } from '../index/tokenizer/cjk.js';
import type { QueryTerm, Tokenizer } from '../index/tokenizer/tokenizer.js';
import type { Candidate } from './types.js';
import { hasLetterOrDigit } from '../core/letters.js';
import { hash53 } from '../core/hash53.js';
import { ftsString, inflectionsOf, termFts } from './inflections.js';
import { foldText } from '../core/simplified.js';

/**
 * Aliases: words that mean the same thing, across Chinese and English (端口/port) and between
 * synonyms (发版/发布/release). Applied at query time only: a query term with aliases matches a
 * record holding any of them, and such an alias-only match counts `aliasWeight` of a typed one
 * (docs/RANKING.md, "aliases"). The index and the files never change with the alias list.
 *
 * File format (dict/aliases.txt, shipped; <home>/aliases.txt, the user's): one group per line,
 * words separated by white space; `#` starts a comment; blank lines are ignored. A line starting
 * with `-` removes its words (English ones with their loose stem: `- failed` also removes `fail`)
 * from every group read before it (the defaults, earlier lines).
 * `〔红线〕` and `〔更正〕` (or `[redline]`, `[correction]`) stand for the markers themselves:
 * a group holding one reaches every red line or correction.
 */

/** One word of a group, ready for the query: how FTS5 matches it and how a record's text shows it. */
export interface Alias {
  /** as written in the file (lower case, NFKC) */
  word: string;
  /** a marker item (〔红线〕): matched by the record's kind, not its words */
  marker: MarkerName | null;
}

export interface AliasTable {
  /** the other words of every group holding this query term (none: an empty list) */
  lookup(term: QueryTerm): Alias[];
  /** groups in force after removals */
  readonly groups: number;
  /** malformed lines, by file and line: warnings, never errors */
  readonly problems: Problem[];
}

/** What a query's terms expand to: term text → its aliases. Empty when nothing has an alias. */
export type Expansions = Map<string, Alias[]>;

const MARKER_ITEMS: Record<string, MarkerName> = {
  '〔红线〕': 'redline',
  '[redline]': 'redline',
  '〔更正〕': 'correction',
  '[correction]': 'correction',
};
const MAX_WORDS = 40;

/** English words are keyed by a loose stem (ports → port, deployed → deploy), Chinese ones as they are. */
function keyOf(word: string): string {
  return HAS_CJK.test(word) ? word : looseStem(word);
}

function looseStem(w: string): string {
  if (w.length <= 4) return w;
  // a final e too: delete / deleting / deleted are one key (delet), release / releasing (releas)
  return w.replace(/(?:ies|ied|ing|ed|es|s|ly|e)$/, '');
}

interface Group {
  words: string[];
}

/** Parse one alias file into `groups` (after applying its removal lines to `groups` as given). */
export function parseAliasText(text: string, file: string, groups: Group[], problems: Problem[]): void {
  text.split('\n').forEach((raw, i) => {
    const line = foldText(raw.replace(/#.*$/, '').trim());
    if (!line) return;
    const at = (message: string) => problems.push({ file, line: i + 1, message });
    const removal = line.startsWith('-');
    const items = (removal ? line.slice(1) : line).split(/\s+/).filter(Boolean).map((w) => w.toLowerCase());
    const bad = items.filter((w) => !MARKER_ITEMS[w] && !hasLetterOrDigit(w));
    if (bad.length) return at(`alias ${JSON.stringify(bad[0])} has no letter, digit or CJK character; line ignored`);
    const unknownMarker = items.find((w) => /^[〔[].*[〕\]]$/.test(w) && !MARKER_ITEMS[w]);
    if (unknownMarker) return at(`unknown marker ${unknownMarker} (known: ${Object.keys(MARKER_ITEMS).join(' ')}); line ignored`);
    if (removal) {
      if (!items.length) return at('a removal line names the words to remove, e.g. "- 上线"; line ignored');
      for (const w of items) {
        let found = false;
        const key = MARKER_ITEMS[w] ? w : keyOf(w);
        for (const g of groups) {
          const n = g.words.length;
          // by key, as lookups are: "- failed" also removes "fail" (the same loose stem)
          g.words = g.words.filter((x) => (MARKER_ITEMS[x] ? x : keyOf(x)) !== key);
          if (g.words.length !== n) found = true;
        }
        if (!found) at(`"${w}" is in no alias group read before this line: nothing removed`);
      }
      return;
    }
    if (items.length > MAX_WORDS) return at(`a group holds at most ${MAX_WORDS} words (this one ${items.length}); line ignored`);
    const words = [...new Set(items)];
    if (words.length < 2) return at(`a group needs at least two words that mean the same thing (got ${JSON.stringify(line)}); line ignored`);
    groups.push({ words });
  });
}

/**
 * Build the table from parsed groups: every word maps to the union of its groups' other words. A
 * word's list is made on its first lookup (a query looks up a few words of some six hundred).
 */
export function aliasTable(groups: Group[], problems: Problem[]): AliasTable {
  const live = groups.filter((g) => g.words.length >= 2);
  const groupsOf = new Map<string, Group[]>();
  for (const g of live) {
    for (const w of g.words) {
      if (MARKER_ITEMS[w]) continue; // a marker is something to reach, not a word a query types
      const key = keyOf(w);
      const at = groupsOf.get(key);
      if (!at) groupsOf.set(key, [g]);
      else if (!at.includes(g)) at.push(g);
    }
  }
  const made = new Map<string, Alias[]>();
  const aliasesOf = (key: string): Alias[] => {
    let list = made.get(key);
    if (!list) {
      const m = new Map<string, Alias>();
      for (const g of groupsOf.get(key) ?? []) {
        for (const o of g.words) {
          if (keyOf(o) === key) continue;
          const marker = MARKER_ITEMS[o] ?? null;
          const id = marker ? `marker:${marker}` : o;
          if (!m.has(id)) m.set(id, { word: marker ? (marker === 'redline' ? '〔红线〕' : '〔更正〕') : o, marker });
        }
      }
      made.set(key, (list = [...m.values()]));
    }
    return list;
  };
  return {
    lookup: (t) => [...aliasesOf(t.cjk ? t.text : looseStem(t.text))],
    groups: live.length,
    problems,
  };
}

/** The shipped default list (in the package: `dict/aliases.txt`). */
export const DEFAULT_ALIAS_FILE = packageFile('dict', 'aliases.txt');

/**
 * The defaults, then the home's file (which adds groups and may remove words from the defaults).
 * A missing home file is no problem; an unreadable one is a warning.
 */
export function loadAliases(homeFile: string | null, defaultsFile: string = DEFAULT_ALIAS_FILE): AliasTable {
  const problems: Problem[] = [];
  const texts: [file: string, label: string, text: string][] = [];
  for (const [file, label] of [
    [defaultsFile, 'dict/aliases.txt'],
    [homeFile, homeFile],
  ] as const) {
    if (!file) continue;
    try {
      texts.push([file, label!, fs.readFileSync(file, 'utf8')]);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') problems.push({ file: label!, line: 0, message: `cannot read the alias file (${(e as Error).message}); its aliases are not used` });
    }
  }
  // The same files read the same: the table made last time (every open of a home reads them; parsing is the cost).
  const key = problems.length ? null : JSON.stringify(texts);
  const kept = key === null ? undefined : madeTables.get(key);
  if (kept) return kept;
  const groups: Group[] = [];
  for (const [file, label, text] of texts) {
    const parsed = file === DEFAULT_ALIAS_FILE ? parsedDefaults(text) : null;
    if (parsed) groups.push(...parsed);
    else parseAliasText(text, label, groups, problems);
  }
  const table = aliasTable(groups, problems);
  if (key !== null) {
    if (madeTables.size >= 8) madeTables.clear();
    madeTables.set(key, table);
  }
  return table;
}

/** Tables by the files' names and texts (a table is never changed once made: its lists are made on lookup, from fixed groups). */
const madeTables = new Map<string, AliasTable>();

/** The shipped list as the build parsed it (dist/dict/aliases.json), when it is of this text. */
export const PARSED_DEFAULTS_FILE = packageFile('dist', 'dict', 'aliases.json');
const aliasTextId = (text: string): string => hash53(text).toString(16);

function parsedDefaults(text: string): Group[] | null {
  try {
    const saved = JSON.parse(fs.readFileSync(PARSED_DEFAULTS_FILE, 'utf8')) as { text: string; groups: Group[] };
    return saved.text === aliasTextId(text) ? saved.groups : null;
  } catch {
    return null; // not built: parsed here
  }
}

/** What the build saves of the shipped list (scripts/build-dict.js): its groups, when it parses without a problem. */
export function parsedDefaultsJson(text: string): string | null {
  const groups: Group[] = [];
  const problems: Problem[] = [];
  parseAliasText(text, 'dict/aliases.txt', groups, problems);
  return problems.length ? null : `${JSON.stringify({ text: aliasTextId(text), groups })}\n`;
}

export const NO_ALIASES: AliasTable = { lookup: () => [], groups: 0, problems: [] };

/**
 * The aliases of the terms that count (no sub-word jieba adds inside a longer query word: 公众 of
 * 公众号), except words the query typed itself.
 */
export function expandTerms(table: AliasTable, terms: QueryTerm[]): Expansions {
  const out: Expansions = new Map();
  const typed = new Set(terms.map((t) => t.text));
  for (const t of terms) {
    if (t.cjk && terms.some((o) => o !== t && o.cjk && o.text.length > t.text.length && o.text.includes(t.text))) continue;
    const list = table.lookup(t).filter((a) => !typed.has(a.word));
    if (list.length) out.set(t.text, list);
  }
  return out;
}


/**
 * An alias as an FTS5 string: a Chinese word cut as the index cuts it (a word jieba splits becomes
 * a phrase of its parts, which the index holds side by side); a marker as its marker word.
 */
function aliasMatch(a: Alias, tokenizer: Tokenizer): string {
  if (a.marker) return ftsString(MARKER_WORDS[a.marker]);
  if (!HAS_CJK.test(a.word)) return ftsString(a.word);
  return ftsString(a.word.replace(CJK_RUN, (run) => ` ${tokenizer.words(run).join(' ')} `).trim().replace(/\s+/g, ' '));
}

/** A term's part of the MATCH: the term alone, or `("term" OR "alias" …)` so an AND over terms still holds. */
export function termMatch(t: QueryTerm, expansions: Expansions | undefined, tokenizer: Tokenizer): string {
  const list = expansions?.get(t.text);
  if (!list?.length) return termFts(t);
  return `(${[termFts(t), ...list.map((a) => aliasMatch(a, tokenizer))].join(' OR ')})`;
}

/** A term's aliases alone as an FTS5 OR group (null when it has none). */
function aliasesOnlyMatch(t: QueryTerm, expansions: Expansions | undefined, tokenizer: Tokenizer): string | null {
  const list = expansions?.get(t.text);
  return list?.length ? `(${list.map((a) => aliasMatch(a, tokenizer)).join(' OR ')})` : null;
}

/**
 * The alias pass's MATCH expressions (query/retrieve.ts), or null when no word has aliases. The
 * pass wants the records that hold every word or one of its aliases and not every typed word (AND),
 * or any of them and none of the typed words (OR): the typed pass found the rest. Plainly that is
 * `(g1 AND g2) NOT (t1 AND t2)` and `(g1 OR g2) NOT (t1 OR t2)`, g a word's group of it and its
 * aliases; written here so that FTS5 reads only the rows it must. The OR form needs the aliases
 * alone; so does the AND form when one word has aliases (`t1 AND (a2 NOT t2)`). The rows are the
 * same, and so is their BM25: a phrase a row does not hold adds nothing to it.
 */
export function aliasPassMatch(terms: QueryTerm[], expansions: Expansions, tokenizer: Tokenizer): { and: string; or: string } | null {
  const typed = terms.map(termFts);
  const aliases = terms.map((t) => aliasesOnlyMatch(t, expansions, tokenizer));
  const having = aliases.flatMap((a, i) => (a === null ? [] : [i]));
  if (having.length === 0) return null;
  const or = `(${having.map((i) => aliases[i]).join(' OR ')}) NOT (${typed.join(' OR ')})`;
  if (having.length > 1) {
    return { and: `(${terms.map((t) => termMatch(t, expansions, tokenizer)).join(' AND ')}) NOT (${typed.join(' AND ')})`, or };
  }
  const i = having[0]!;
  return { and: [...typed.filter((_, j) => j !== i), `(${aliases[i]} NOT ${typed[i]})`].join(' AND '), or };
}

/** Does the record show this alias? A marker by its kind or tier; a word in its text or tags. */
function holds(rec: IndexedRecord, hay: string, a: Alias): boolean {
  if (a.marker === 'redline') return rec.kind === 'redline' || rec.tier === 'redline';
  if (a.marker === 'correction') return rec.kind === 'correction' || CORRECTION_MARK.test(rec.text);
  return hay.includes(HAS_CJK.test(a.word) ? a.word : looseStem(a.word));
}

function holdsTyped(hay: string, t: QueryTerm): boolean {
  if (t.cjk) return hay.includes(t.text);
  return [t.text, ...inflectionsOf(t.text)].some((w) => hay.includes(looseStem(w)));
}

/**
 * For one retrieved record: which expanded terms it holds only through an alias, and by which.
 * A term whose typed word is in the text, or whose match we cannot place (FTS5's stemming is
 * looser than a text search), counts as typed: an alias never lowers a record below what it had.
 */
export function aliasOnlyMatches(rec: IndexedRecord, terms: QueryTerm[], expansions: Expansions): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (expansions.size === 0) return out;
  const hay = foldText(rec.text + ' ' + rec.tags.join(' ')).toLowerCase();
  for (const t of terms) {
    const list = expansions.get(t.text);
    if (!list || holdsTyped(hay, t)) continue;
    const by = list.filter((a) => holds(rec, hay, a)).map((a) => a.word);
    if (by.length) out.set(t.text, by);
  }
  return out;
}

/**
 * Relevance's `held` for a record: typed words count 1, words held only through an alias count
 * `weight` (ranking.aliasWeight). `words` are the words coverage counts.
 */
export function heldWords(
  words: QueryTerm[],
  matched: readonly string[],
  aliasOnly: Record<string, string[]> | undefined,
  weight: number,
): { held: number; typedShare: number } {
  let held = 0;
  let any = 0;
  for (const w of words) {
    if (aliasOnly?.[w.text]) held += weight;
    else if (matched.includes(w.text)) held += 1;
    else continue;
    any++;
  }
  return { held, typedShare: any ? held / any : 1 };
}

/**
 * After retrieval: mark each candidate's alias-only terms (`aliasOnly`, read by relevance), take
 * them out of its typed matches, and say in its trace which aliases fired.
 */
export function annotateAliases(candidates: Candidate[], terms: QueryTerm[], expansions: Expansions, weight: number): void {
  if (expansions.size === 0) return;
  const expanded: Record<string, string[]> = {};
  for (const [k, v] of expansions) expanded[k] = v.map((a) => a.word);
  for (const c of candidates) {
    const only = aliasOnlyMatches(c.rec, terms, expansions);
    const matchedBy: { term: string; aliases: string[] }[] = [];
    if (only.size) {
      c.aliasOnly = Object.fromEntries(only);
      // in place: the retrieve trace entry shares this list and should show typed matches only
      for (let i = c.matchedTerms.length - 1; i >= 0; i--) if (only.has(c.matchedTerms[i]!)) c.matchedTerms.splice(i, 1);
      for (const [term, aliases] of only) matchedBy.push({ term, aliases });
    }
    c.trace.push({ stage: 'aliases', expanded, matchedBy, weight });
  }
}
