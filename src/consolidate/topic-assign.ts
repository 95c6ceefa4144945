import { OTHER_TOPIC, defaultTitle, parseRegexItem, type TopicDef, type TopicsConfig } from './topic-config.js';
import { foldText } from '../core/simplified.js';

/**
 * Which topic a current fact is filed under, and why. Deterministic, and explainable in one line:
 *   1. a red line → `rules` (when there is such a topic);
 *   2. a record tagged with a topic's name → that topic (the first such tag in topic order);
 *   3. else the topic whose match items the text holds the most of (distinct items), a tie going to
 *      the earlier topic in the list; a topic with `domains` only takes records of those domains;
 *   4. else `other` when `topics.other` is true, else no topic (the record stays in the log only).
 */
export interface Assignment {
  topic: string;
  /** why: `redline`, `tag`, or `match` with the items it held, or `other` */
  by: 'redline' | 'tag' | 'match' | 'other';
  matched: string[];
}

interface CompiledItem {
  item: string;
  /** an English keyword: tested only on a text holding a Latin letter or digit */
  latin: boolean;
  test: (text: string) => boolean;
}

interface CompiledTopic {
  def: TopicDef;
  items: CompiledItem[];
  domains: Set<string> | null;
}

const LATIN = /^[a-z0-9][a-z0-9 ._+#-]*$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compileItem(item: string): CompiledItem {
  const re = parseRegexItem(item);
  if (re) return { item, latin: false, test: (t) => re.test(t) };
  const kw = foldText(item).toLowerCase();
  if (LATIN.test(kw)) {
    // A whole word, allowing a plural or a verb ending: "server" finds "servers", not "observer";
    // "port" finds "ports", not "report" or "portfolio".
    const w = new RegExp(`(?<![a-z0-9])${escape(kw)}(?:s|es|d|ed|ing)?(?![a-z0-9])`);
    return { item, latin: true, test: (t) => w.test(t) };
  }
  return { item, latin: false, test: (t) => t.includes(kw) };
}

export class TopicAssigner {
  readonly topics: TopicDef[];
  private readonly compiled: CompiledTopic[];
  private readonly names: Set<string>;

  constructor(private readonly config: TopicsConfig) {
    this.topics = [...config.list];
    if (config.other) this.topics.push({ name: OTHER_TOPIC, title: defaultTitle(OTHER_TOPIC), match: [] });
    this.compiled = config.list.map((def) => ({
      def,
      items: def.match.map(compileItem),
      domains: def.domains?.length ? new Set(def.domains.map((d) => d.toLowerCase())) : null,
    }));
    this.names = new Set(this.topics.map((t) => t.name));
  }

  assign(r: { text: string; tier: string; domain: string | null; tags: readonly string[] }): Assignment | null {
    if (r.tier === 'redline' && this.names.has('rules')) return { topic: 'rules', by: 'redline', matched: [] };
    for (const c of this.compiled) {
      if (r.tags.includes(c.def.name) && this.domainOk(c, r.domain)) return { topic: c.def.name, by: 'tag', matched: [c.def.name] };
    }
    // NFKC only when the text has something it changes (full-width forms, ligatures): most has not.
    const lower = r.text.toLowerCase();
    const text = /[^\x00-\x7f\u4e00-\u9fff\u3000-\u303f]/.test(lower) ? foldText(lower) : lower;
    const hasLatin = /[a-z0-9]/.test(text);
    let best: Assignment | null = null;
    for (const c of this.compiled) {
      if (!this.domainOk(c, r.domain)) continue;
      const matched: string[] = [];
      for (const i of c.items) if ((hasLatin || !i.latin) && i.test(text)) matched.push(i.item);
      if (matched.length && (!best || matched.length > best.matched.length)) best = { topic: c.def.name, by: 'match', matched };
    }
    if (best) return best;
    return this.config.other ? { topic: OTHER_TOPIC, by: 'other', matched: [] } : null;
  }

  private domainOk(c: CompiledTopic, domain: string | null): boolean {
    return !c.domains || (domain !== null && c.domains.has(domain.toLowerCase()));
  }
}
