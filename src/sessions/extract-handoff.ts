import type { HandoffFields } from './types.js';
import type { Turn } from './transcript.js';
import { findSpecifics, specificity, type Specific } from './specifics.js';

/**
 * A handoff from a transcript, by extraction only: no model, the same turns give the same fields.
 * The rules, in the order they apply (docs/HANDOFFS.md says the same for users):
 *
 * 1. **Sentences.** Each user/assistant turn is cut into sentences (after 。！？； anywhere, after
 *    . ! ? before a capital or a Chinese character). Tool calls give the files they touched, the
 *    settings and prose lines their edits changed; tool output only the `KEY=value` lines a short
 *    output shows (see transcript.ts).
 * 2. **Field.** A labelled sentence ("下一步：…", "Fixed: …", "TODO: …") goes where its label says,
 *    and the label carries over to the rest of its line. Otherwise the cue words decide:
 *    decisions (决定 定为 就叫 采用 / decided, we'll go with), then done (已修复 解决了 改成 降到 设为 /
 *    fixed, resolved, raised, bumped, tagged), then next (下一步 还需要 明天 还没改 / next step, still
 *    need to, remind me to), then stuck (卡住 报错 失败 超时 / blocked, fails, timeout). A cue right
 *    after a negation does not count ("还没完成" is not done: it is an open item). A sentence with a
 *    title in it and no cue is a decision. Questions, the user's requests ("帮我…", "can you…") and
 *    sentences with neither a cue nor a named thing are chatter and dropped. A label alone at a line's
 *    end ("待办：") heads the list below; "记下：X" is a next step; a step put off (改天, 还没…, later,
 *    some other day) is next; the agent's result with no change word but a named thing (20 笔…全部通过),
 *    a blocker word followed by its resolution, and what the agent says it is doing now (Switching X to
 *    Y) are done; the user's reply to the agent's question is a decision, and so is the agent's
 *    recommendation the user agrees to ("我建议 -16 LUFS" → "行，-16"); a next step that names nothing
 *    ("do that next time") takes its object from the sentence before. The agent's options
 *    ("备选：…") are not items; the user's pick among them is a decision naming the option.
 * 3. **Named things.** Titles, paths, settings, versions, numbers and names (`findSpecifics`) are
 *    what a handoff keeps verbatim. A sentence that names something but has no cue is kept as a
 *    plain done item at a low priority (the user's lower than the assistant's); a settings change seen only in an edit's input
 *    (`config.yaml: pool.max: 50 (was 10)`), a package a command installed at a version or a branch it
 *    made is a done item too, unless an item already states that value with its key; so are a line
 *    whose values an edit changed, what a file written whole says (its value, title or settings) and
 *    what a short output shows (a version, a test summary, a measurement taken again; see
 *    transcript.ts); a key set several times keeps only its last value.
 * 4. **Resolved blockers.** A stuck item is dropped once a later done item resolves it (it shares a
 *    named thing or a word with the blocker, or is the first resolution within the next two turns):
 *    the done item, which carries the value that closed it ("p99 从 480ms 降到 95ms"), ranks higher.
 * 5. **Next items** are phrased as imperatives: lead-ins ("Next, I should", "下一步：还需要", "Still to
 *    do:") are cut, the step and its object stay.
 * 6. **Budget.** Every item is scored (open items and decisions first, then resolutions, done items,
 *    plain statements; more named things and more recent rank higher), cut to `ITEM_CHARS` by
 *    dropping its clauses without a named thing first, de-duplicated, and admitted best first while
 *    the items fit in `HANDOFF_CHARS` and each field's `LIMITS` (what edits, commands and outputs showed
 *    has a quota of its own, `LIMITS.changes`). Fields list the newest turn first,
 *    in reading order within a turn.
 * Files come from tool inputs first (the files the session worked on), then from path-looking words.
 */
export const LIMITS = { done: 12, stuck: 6, next: 8, decisions: 6, files: 10, changes: 6 } as const;
/** Longest item kept, in characters. */
export const ITEM_CHARS = 200;
/** The characters all items of a handoff may take together (files not counted). */
export const HANDOFF_CHARS = 1500;

type Field = Exclude<keyof HandoffFields, 'files'>;

// Labels at the start of a sentence: they decide the field and are dropped from the item.
const LABELS: [Field, RegExp][] = [
  ['next', /^(?:next(?:\s+steps?|\s+time)?|todo|to-?do|still to do|for tomorrow|tomorrow|follow[- ]?ups?|remaining|下一步|待办|(?=[接之后明下还需要])(?:接下来|之后|后续|明天|下次)?(?:还需要|还要|需要|要)?做?的?)\s*[:：]\s*/i],
  ['decisions', /^(?:decisions?|decided|决定|决策|结论|定了)\s*[:：]\s*/i],
  ['stuck', /^(?:blocked|blocker|stuck|problem|issue|卡住|卡点|问题|阻塞)\s*[:：]\s*/i],
  ['done', /^(?:done|fixed|resolved|shipped|completed?|已完成|已修复|已解决|解决了|修好了|完成|搞定|已改|改好了)\s*[:：]\s*/i],
];

/** Words that put a step off to later: "do it some other day", "改天", "等审核过了再接". */
const DEFER = /(改天|以后再|(?:月初|月底|月中|月末|上旬|中旬|下旬|周末|下周[一二三四五六日天]?|明年|年底|年后|节后|回来)再(?=[\u4e00-\u9fff])|有空(?:再|的时候)|过几天|先记着|记一下|等[^，。,.；;]{1,12}(?:再|后)|还没(?:有)?(?=[\u4e00-\u9fff])(?!问题|错|报错))|\b(later(?=\s*(?:[.,;!?)]|$))|later (?:today|tonight|on)|some ?other (?:day|time)|(?:still |is )?on (?:the|my) (?:list|todo list|to-?do list)|(?:but )?not (?:today|tonight|now)(?=\s*(?:[.,;!?)]|$))|another (?:day|time)|at some point|next (?:sprint|month|release|session|iteration)|(?:is|are) (?:probably |likely )?next|down the road|eventually)\b/i;
/** The agent saying what it is doing right now ("Switching nvm to lazy loading."): done once the call runs. */
const DOING = /^(?:now\s+|so\s+)?(?:switching|changing|moving|adding|raising|lowering|bumping|enabling|disabling|removing|renaming|converting|migrating|replacing|setting|updating|pinning|reverting|rolling back|turning (?:on|off))\b/i;
/** A label on its own at the end of a line ("待办：", "Next steps:"): it heads the list below. */
const LIST_HEAD = /(?:^|[。！？!?.]\s*)(?:#{1,6}\s*)?(?:\*\*)?(next(?:\s+steps?)?|todo|to-?do|still to do|follow[- ]?ups?|remaining|下一步|待办|待办事项|后续|遗留|decisions?|决定|blockers?|卡点|问题|done|已完成|完成)(?:\*\*)?\s*[:：]?(?:\*\*)?\s*$/i;
/** The agent offering choices ("备选：", "几个备选：", "Options:"): proposals, not decisions. */
const OPTIONS_HEAD = /(?:^|[。！？!?.]\s*)(?:几个|两个|三个)?(?:备选|候选|可选|选项|options|alternatives|candidates|choices)(?:方案|标题)?\s*[:：]\s*/i;
/** The user picking one of them: "用第 2 个", "就第一个", "先用 2", "go with option 2". */
const PICK = /(?:就用?|用|选|要|换成|改成|还是)\s*(?:第\s*)?([1-9一二三四五六七八九])(?:\s*(?:个|号|条))?(?![\d.%])(?!\s*(?!吧|呢|了|的)[\u3400-\u9fff])|第\s*([1-9一二三四五六七八九])\s*(?:个|号|条)(?!\s*[\u3400-\u9fff]*(?:有点|不|太|也))|\b(?:go with|use|pick|take|choose|prefer)\s+(?:the\s+)?(?:option\s+)?(?:#|no\.?\s*)?(\d|first|second|third|fourth|last)\b/gi;
/** The agent recommending one way ("我建议 -16 LUFS", "I'd go with Resend"). */
const RECOMMEND = /(?:我?建议|推荐|我倾向于?|比较稳妥的是)|\b(?:i'd suggest|i suggest|i recommend|i'd recommend|i'd go with|my (?:suggestion|recommendation) is)\b/i;
const RECOMMEND_LEAD = /^.*?(?:我?建议(?:用|你)?|推荐(?:用)?|我倾向于?|i'd suggest|i suggest|i recommend|i'd recommend|i'd go with|my (?:suggestion|recommendation) is)\s*[:：,，]?\s*/i;
/** The user's reply that agrees ("行，-16", "ok go with that", "听你的"). */
const ASSENT = /^(?:行|好(?:的|啊|吧)?|可以|同意|就这样|就按你说的|听你的|没问题|ok(?:ay)?|sure|yes|yep|yeah|agreed|sounds good|let's do (?:it|that)|go (?:with|for) it)(?![\p{L}])/iu;
const ORDINAL: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, first: 1, second: 2, third: 3, fourth: 4 };

const LIST_HEAD_FIELD = (w: string): Field => (/^(decision|决定)/i.test(w) ? 'decisions' : /^(blocker|卡点|问题)/i.test(w) ? 'stuck' : /^(done|已完成|完成)/i.test(w) ? 'done' : 'next');

const CUES: Record<Field, RegExp> = {
  decisions:
    /(决定|定了|定为|定在|就叫|选用|采用|改用|就用|确定用|拍板|敲定|用第.个|定(?:在|成|到)?(?=周|星期|下周|明天|今晚|\d)|先别删|先不删|暂不删|暂时不删|不删了|先留着|先保留|暂时保留|继续保留|(?<![特])别(?:写|提|发|加|放|动|改|碰|上)(?![\u4e00-\u9fff]{0,2}[吗呢？?])|(?:就|也|先)不(?:申请|写|提|做|弄|加|用|搞|发|改|上)了)|\b(keep (?:it|them|that|those|the [\w-]+(?: [\w-]+)?) (?:for now|around)|(?:don't|do not|won't) delete|let's not|(?:don't|do not) (?:mention|write|add|include|bother|send|email|ping)|no need to|we'll skip|i'll skip|go with|going with|decided|we chose|chose to|settled on|opted (?:for|to)|we'll use|we will use|changed my mind)\b/i,
  done:
    /(完成|搞定|现在是|现在为|目前是|(?:建|做|配|装|跑|写|改|弄|修|搭|调|合|发|传|设|录|排|接|清|删|跑)(?:好|完)了|回收了|删掉了|删了|去掉了|拿掉了|移除了|撤掉了|合并了|已建|建了|已创建|创建了|已开通|开通了|已修复|修复了|修好了?|已解决|解决了|已上线|上线了|已部署|部署好|跑通了?|通过了|改好了|已合并|写好了|已改|已加|加了|已新增|新增了|已定时|上传成功|成功了|改成|改为|改到|换成|降到|降至|升到|升级到|提到|调到|调成|设为|设成|设置为|压到|压好了|清到|清掉|减到|加到|导出来了|释放了)|\b(done|fixed|shipped|completed|finished|resolved|merged|deployed|implemented|works now|now works|now passes|all tests pass(?:ing)?|tests pass|changed|updated|raised|lowered|bumped|renamed|moved|cut to|trimmed|added|created|tagged|scheduled|uploaded|renewed|pinned|is now|are now|now \d|verified|delivered|passed|published|released|installed|configured|enabled|disabled|removed|deleted|freed|reclaimed|converted|migrated|switched|applied|excluded|quarantined|now (?:runs|uses|points|goes|reads|returns|takes))\b/i,
  next:
    /(下一步|接下来|待办|还需要|还要|之后(?:看看|把|再|要)|回头|下周|明天|下次|记得|提醒我|待[录补做改写发传查审]|需要(?=[补改加修做跑查重写换删传录配手])|还没(?:有)?\s*(?:改|修|做|动|装|加|写|enable|启用|上线|部署|处理|补)|尚未|需要执行|需要你|(?:发|发布|上线|提交|合并|部署|交稿|发版)(?:之前|以前|前)(?:还|先)?(?:要|得|记得)|(?:这次|今天|暂时|暂且|先)(?:没|没有)(?:动|改|管|处理)(?:它|这个)?)|\b(next step|before (?:we |i |you )?(?:publish(?:ing)?|ship(?:ping)?|releas(?:e|ing)|merg(?:e|ing)|deploy(?:ing)?|launch(?:ing)?|going live)\b|(?:didn't|did not|haven't|have not) touch(?:ed)?|left (?:it|that|them) (?:alone|as is)|next,? (?:i|we)(?:'ll| will| need| should)|todo|still need to|need to (?:add|fix|check|write|update|look|push|deploy|run)|follow[- ]up|remaining work|left to do|remind me|next time|tomorrow|not yet|haven't|later (?:this|next) week|next week|this week|later today|next thing|we need (?:an?|to)|still needs?)\b/i,
  stuck:
    /(卡住|卡在|报错|失败|阻塞|出错|错误|异常|跑不通|超时|崩溃|崩了|不生效|没反应|搞不定|不够)|\b(blocked|stuck|errors?|failing|fails|failed|failure|broken|crash(?:es|ed)?|can't|cannot|couldn't|could not|wasn't able to|unable to|doesn't work|not working|timed? ?out|times out|exception|rejected)\b/i,
};

/** Words that close a blocker. */
const RESOLVES = /(解决|修好|修复|搞定|跑通|通过|成功|恢复|好了|出来了|可以了|没问题|正常了|200\b)|\b(fixed|resolved|works|passes|pass\b|succeeded|green|clean|returns 200|sorted)/i;
/** The user saying a thing works now: 也OK, 能进, 能用了, 正常了, works now, works fine. */
const USER_RESULT = /(?:也|都|就)\s*(?:OK|ok|好了|正常|可以)|能进|能用了?|好使|跑起来了|正常了|\b(?:works (?:now|fine|again)|(?:is|are) working|loads fine|all good)\b/;
/** Words that say, by themselves, that the blocker just before is gone. */
const RESOLVES_STRONG = /(解决了|已解决|修好了?|已修复|修复了|搞定)|\b(fixed|resolved|works now|now works|succeeded|sorted (?:it )?out)\b/i;
/** An item's next-step or defer words (in a done sentence: "…，还需要你执行 X" is an open item). */
const NEXT_CLAUSE = /[，,；;]\s*(?=(?:另外|然后)?(?:还需要|还要|需要你|下一步|接下来|之后要)|(?:and |but )?(?:i |we )?still need to\b)/i;
/** User items this short, with nothing named, are small talk about later ("剩下的明天弄"). */
const VAGUE = (s: string) => (s.match(/[\u3400-\u9fff]/g) ?? []).length + (s.match(/[A-Za-z0-9]+/g) ?? []).length * 2 < 14;
/** Words just before a cue that turn it around: "not done", "还没完成", "to be fixed". */
const NEGATED = /(\bnot|n't|\bnever|\bto be|\byet to|\bno|未|没|没有|还没|尚未|无法|不能|不会|别)\s*$/i;
/** The user asking for something: the assistant's answer is what happened. */
const REQUEST = /^(?:帮我|帮忙|请你?|麻烦|能不能|可以帮|你(?:帮|来|再)|看下|看看|试试|let's|please|can you|could you|would you|pick up|take a look)/i;
/** Small talk that no cue or named thing rescues. */
/** Words of small talk: an item with one of them and nothing named is dropped. */
const CHATTER_WORDS = /(天气|下雨|吃饭|吃什么|火锅|遛狗|咖啡|好累|累了|休息|开会|哈哈|笑死)|\b(weather|rain|lunch|dinner|coffee|vacation|lol|haha|the game)\b/i;
const CHATTER = /^(?:好的?|嗯|行|哈哈+|谢谢|辛苦了|晚安|ok(?:ay)?|thanks?(?: you)?|great|nice|cool|sweet|perfect|lol|bye)[\s!！。.,，~]*$/i;

interface Candidate {
  field: Field;
  item: string;
  seq: number;
  turn: number;
  /** it closed an open item */
  resolves: boolean;
  /** its sentence has words that close a blocker, or a done label */
  resolving: boolean;
  /** its sentence says in so many words that a blocker is gone */
  resolvingStrong?: boolean;
  /** it came with a label ("TODO: …") */
  labelled?: boolean;
  /** a plain statement of the user's */
  user?: boolean;
  /** a plain statement: no cue, only named things */
  plain: boolean;
  /** a stuck item closed by a later done item */
  closed: boolean;
  specifics: Specific[];
  /** an edit's setting: its key and new value */
  setting?: [string, string];
}

export function extractHandoff(turns: Turn[]): HandoffFields {
  const cands: Candidate[] = [];
  let seq = 0;
  let options: string[] = [];
  let picked: Candidate | null = null;
  let recommended: string | null = null;
  turns.forEach((t, ti) => {
    if (t.role === 'tool') {
      for (const c of t.changes ?? []) {
        // `file: key: new (was old)`, `file: KEY=new`, `installed pkg==1.2.3`, `branch name`
        const m = /^(?:[^\s:]+: )?(?:--?)?([\w.-]+)(?:\s*[=:]\s*|\s+)(?!\(was )(.+?)(?: \(was .*\))?$/.exec(c);
        const prose = !m ? /^(?:[^\s:]+: )?(.+?) \(was .*\)$/.exec(c) : null;
        const cand = candidate('done', c, seq++, ti, { plain: true });
        if (m) cand.setting = [m[1]!, m[2]!];
        else if (prose) cand.setting = ['', prose[1]!];
        cands.push(cand);
      }
      return;
    }
    if (t.role !== 'user' && t.role !== 'assistant') return;
    // A user's turn right after the agent asked something is the user's answer: a decision.
    const prev = prevTalk(turns, ti);
    const answering = t.role === 'user' && prev !== undefined && prev.role === 'assistant' && /[?？]\s*$/.test(prev.text.trim());
    let listField: Field | null = null;
    let offering = false;
    let firstLine = true;
    let prevSentence = '';
    // The user agreeing to what the agent recommended ("我建议 -16 LUFS" → "行，-16"): the recommendation is a decision.
    if (t.role === 'user' && recommended && ASSENT.test(t.text.trim())) {
      cands.push(candidate('decisions', recommended, seq++, ti));
    }
    if (t.role === 'user' || t.role === 'assistant') recommended = null;
    if (t.role === 'assistant') {
      const r = splitSentences(t.text).filter((x) => RECOMMEND.test(x) && findSpecifics(x).length > 0).at(-1);
      if (r) recommended = r.replace(RECOMMEND_LEAD, '').trim();
    }
    if (t.role === 'user' && options.length) {
      // The user picks one of the agent's options: the pick, with the option it names, is the decision.
      const picks = [...t.text.matchAll(PICK)];
      const pick = picks.at(-1);
      const raw = pick ? (pick[1] ?? pick[2] ?? pick[3])!.toLowerCase() : '';
      const n = raw === 'last' ? options.length : (ORDINAL[raw] ?? Number(raw));
      if (pick && n >= 1 && n <= options.length) {
        // A later pick among the same options replaces the earlier one ("先用 2", then "还是换成 3").
        if (picked) picked.closed = true;
        picked = candidate('decisions', `${pick[0].trim()}：${options[n - 1]}`, seq++, ti);
        cands.push(picked);
      }
    }
    for (const line of t.text.split(/\n+/)) {
      if (/^\s*\|/.test(line)) continue; // table rows
      const isListLine = /^\s*(?:[-*+•]\s|\d+[.)、](?!\d))\s*/.test(line);
      if (!isListLine) {
        listField = null;
        offering = false;
      }
      if (t.role === 'assistant') {
        const offer = OPTIONS_HEAD.exec(line);
        if (offer) {
          // "备选：《A》《B》" on one line, or "备选：" over a list of them.
          const rest = line.slice(offer.index + offer[0].length);
          options = rest.trim() ? (rest.match(/《[^《》]+》/g) ?? rest.split(/[；;、]|\s+\/\s+/).map((x) => x.trim()).filter(Boolean)) : [];
          offering = !rest.trim();
          picked = null;
          continue;
        }
        if (offering && isListLine) {
          options.push(line.replace(/^\s*(?:[-*+•]|\d+[.)、](?!\d))\s*/, '').trim());
          continue;
        }
      }
      const head = LIST_HEAD.exec(line.trim());
      let lineField: Field | null = null;
      for (const s of splitSentences(line)) {
        const got = classify(s, t.role, lineField, listField, answering && firstLine);
        const before = prevSentence;
        prevSentence = s;
        if (!got) continue;
        // "do that next time", "noted for next time": a step that names nothing takes its object from the sentence before.
        if (got.field === 'next' && before && findSpecifics(got.item).length === 0 && VAGUE(got.item) && findSpecifics(before).length > 0) {
          got.item = `${before.replace(/[?？。.]\s*$/, '')}：${got.item}`;
        }
        // An answer that names none of what the question named ("install id." to "…client IP, or the install id
        // … sent as X-Install-Id?") carries the question with it: the choice means nothing without its options.
        if (answering && firstLine && (got.field === 'decisions' || got.field === 'next') && prev) {
          const question = splitSentences(prev.text.trim()).at(-1) ?? '';
          const named = findSpecifics(question).map((x) => x.text.toLowerCase());
          const item = got.item.toLowerCase();
          if (named.length > 0 && !named.some((n) => item.includes(n))) got.item = `${question.replace(/^.*?[:：]\s*(?=\S)/, '')} → ${got.item}`;
        }
        // A label, or a next step, carries over to the rest of its line ("下一步：A；B").
        lineField = got.label || got.field === 'next' ? got.field : null;
        let parts: [Field, string][] = [[got.field, got.item]];
        if (got.field === 'done') {
          const cut = NEXT_CLAUSE.exec(got.item);
          if (cut) parts = [['done', got.item.slice(0, cut.index)], ['next', got.item.slice(cut.index + cut[0].length)]];
        }
        for (const [field, text] of parts) {
          const item = field === 'next' ? imperative(text) : text;
          if (!informative(item)) continue;
          const c = candidate(field, item, seq++, ti, { plain: got.plain });
          c.user = got.user === true;
          c.labelled = got.label === true;
          c.resolving = field === 'done' && (got.labelField === 'done' || RESOLVES.test(s));
          c.resolvingStrong = field === 'done' && (RESOLVES_STRONG.test(s) || /^(?:fixed|resolved|已修复|已解决|解决了|修好了|搞定)\s*[:：]/i.test(s.trim()));
          const named = c.specifics.length > 0;
          // Nothing named and short: "好的，标题已改" (done), "剩下的明天弄" (a user's later).
          if (!named && !c.labelled && !got.doing && field === 'done' && VAGUE(item)) continue;
          if (!named && !c.labelled && t.role === 'user' && (field === 'next' || field === 'stuck') && VAGUE(item)) continue;
          if (!named && CHATTER_WORDS.test(item)) continue;
          cands.push(c);
        }
      }
      firstLine = false;
      if (head) listField = LIST_HEAD_FIELD(head[1]!);
    }
  });
  closeOverriddenSettings(cands);
  closeResolvedBlockers(cands, turns);
  return select(cands, turns);
}

function candidate(field: Field, item: string, seq: number, turn: number, o: { plain?: boolean } = {}): Candidate {
  const text = clip(item);
  return { field, item: text, seq, turn, resolves: false, resolving: false, plain: o.plain ?? false, closed: false, specifics: findSpecifics(text) };
}

function prevTalk(turns: Turn[], ti: number): Turn | undefined {
  for (let i = ti - 1; i >= 0; i--) if (turns[i]!.role === 'user' || turns[i]!.role === 'assistant') return turns[i];
  return undefined;
}

function classify(
  sentence: string,
  role: Turn['role'],
  lineField: Field | null,
  listField: Field | null = null,
  answering = false,
): { field: Field; item: string; label?: boolean; labelField?: Field; plain?: boolean; user?: boolean; doing?: boolean } | null {
  // A list marker ("1. ", "2、"), not a number's integer part ("11.2 MiB/s").
  let s = sentence.replace(/^\s*(?:[-*+•]|\d+[.)、](?!\d)|#{1,6})\s*/, '').replace(/^\[[ xX]\]\s*/, '').trim();
  s = s.replace(/^(\*\*|__)(.+?)\1/, '$2').trim();
  // "记下：X" / "Noted: X": what the agent was asked to keep for later, a next step.
  const noted = /^(?:好的?[，,]\s*)?(?:记下了|记下|已记下|已记|记住了|记住|noted|will remember|reminder)\s*[:：]\s*/i.exec(s);
  if (noted && informative(s.slice(noted[0].length))) return { field: 'next', item: s.slice(noted[0].length).trim(), label: true, labelField: 'next' };
  // Acknowledgements before a label: "明白。下一步：…", "Noted. Next: …" are split already; "好的，下一步：…" is not.
  s = s.replace(/^(?:明白|好的|好|嗯|行|对|是的|收到|ok(?:ay)?|noted|got it|sure|yes|yeah|right)\s*[，,:：]\s*/i, '').replace(/^(?:记下了|记下|已记下|已记|记住了|注意)\s*[:：]\s*/, '');
  for (const [field, re] of LABELS) {
    const m = re.exec(s);
    if (m) {
      const rest = s.slice(m[0].length).trim();
      return informative(rest) ? { field, item: rest, label: true, labelField: field } : null;
    }
  }
  if (/[?？]\s*$/.test(s) || CHATTER.test(s)) return null; // a question reports nothing
  // An item of a list under a label ("待办：" then "1. …") belongs where the label says.
  if (listField) return informative(s) ? { field: listField, item: s, label: true, labelField: listField } : null;
  const hit = (f: Field) => {
    const re = new RegExp(CUES[f].source, 'gi');
    for (const m of s.matchAll(re)) if (!NEGATED.test(s.slice(Math.max(0, m.index - 8), m.index))) return true;
    return false;
  };
  const specifics = findSpecifics(s);
  const hasTitle = specifics.some((x) => x.kind === 'title');
  if (role === 'user' && REQUEST.test(s) && !hasTitle) return null;
  let field: Field | null = hit('decisions') ? 'decisions' : hit('done') ? 'done' : hit('next') ? 'next' : hit('stuck') ? 'stuck' : null;
  if ((field === null || field === 'done' || field === 'stuck') && DEFER.test(s) && !NEGATED.test(s.slice(0, firstAt(DEFER, s)).slice(-8))) {
    // "pyenv init is probably next, do it some other day", "审核过了下次接", "还没申请下来"
    if (field === null || firstAt(DEFER, s) < firstAt(CUES[field], s)) field = 'next';
  }
  if (role === 'assistant') {
    // "20 笔回调全部验签通过": a result with no change word is still done; so is a blocker word followed by its resolution.
    // Names do not resolve anything: "clean" in scripts/clean-downloads.sh is not "clean".
    const r = firstAt(RESOLVES, s.replace(/\w[\w-]*(?:[/._-]\w[\w-]*)+/g, (w) => ' '.repeat(w.length)));
    if (field === null && !lineField && r < Infinity && informative(s) && specifics.length > 0) field = 'done';
    else if (field === 'stuck' && r > firstAt(CUES.stuck, s) && r < Infinity) field = 'done';
  }
  if (field === null && role === 'assistant' && DOING.test(s) && !/\b(?:would|could|should|might|may)\b/i.test(s) && informative(s)) return { field: 'done', item: s, doing: true };
  // The user's own "I will…" is a step for later; the assistant's is what it is about to do now.
  if (!field && role === 'user' && /\b(?:i will|i'll|i need to|i have to)\b/i.test(s)) field = 'next';
  if (!field && role === 'user' && /\b(?:we'll|we will|we need to)\b/i.test(s)) field = 'next';
  // The user's answer to the agent's question ("保留分辨率最高的那张") is a decision.
  // A bare "不用了" / "好的" says nothing without the question: only an answer that names something or says enough.
  const says = specifics.length > 0 || /\d/.test(s) || !VAGUE(s);
  if (answering && (!field || field === 'done') && !REQUEST.test(s) && informative(s) && says) return { field: 'decisions', item: s };
  // A change said of the future ("下次要换成…", "明天把 X 改成 Y") is a next step.
  if (field === 'done' && hit('next') && firstAt(CUES.next, s) < firstAt(CUES.done, s)) field = 'next';
  if (field && role === 'user' && field === 'done' && !RESOLVES.test(s)) return informative(s) ? { field, item: s, plain: true } : null;
  if (!field && lineField) field = lineField;
  if (!field && hasTitle) field = 'decisions';
  if (field) return informative(s) ? { field, item: s } : null;
  // No cue: a statement that names things is kept as a plain done item (the user's after the assistant's).
  if (specificity(specifics) >= 1.5) return { field: 'done', item: s, plain: true, user: role === 'user' };
  // The user reporting a result in words about a named thing ("能进主菜单，Safari 也OK", "works on Safari now").
  if (role === 'user' && specifics.length > 0 && USER_RESULT.test(s) && informative(s)) return { field: 'done', item: s, plain: true, user: true };
  return null;
}

function firstAt(re: RegExp, s: string): number {
  const m = new RegExp(re.source, 'i').exec(s);
  return m ? m.index : Infinity;
}

/** A key set twice (100, then 50, then 80): only its last value stands, the earlier ones are closed. */
function closeOverriddenSettings(cands: Candidate[]): void {
  // A patch hunk may lose the section a key is in (`per_ip_rps` for `ratelimit.per_ip_rps`): one key ending the other is the same key.
  const same = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
  const fileOf = (c: Candidate) => /^([^\s:]+): /.exec(c.item)?.[1] ?? '';
  // What a command did is keyed by what it did it to: the package or branch (`installed pkg@1.2`, `branch x`),
  // the file moved, the container started, the commit, the deploy command as run.
  const keyOf = (c: Candidate) => {
    const [k, v] = c.setting!;
    const what =
      k === 'installed' || k === 'branch' ? v.replace(/(?<=.)(?:==|@|>=|~=).*$/, '') : k === 'deployed' ? v : /^(?:moved|container|commit)$/.test(k) ? v.split(/[\s:]/)[0] : null;
    return (what === null ? k : `${k} ${what}`).toLowerCase();
  };
  const settings = cands.filter((c) => c.setting?.[0]);
  for (const c of settings) {
    const k = keyOf(c);
    // Only a later edit sets a key again: one edit naming a key several times lists several things (three posts' titles).
    if (settings.some((d) => d.turn > c.turn && fileOf(d) === fileOf(c) && same(keyOf(d), k))) c.closed = true;
  }
}

/** Drops stuck items that a later done item resolves; that done item ranks as a resolution. */
function closeResolvedBlockers(cands: Candidate[], turns: readonly Turn[]): void {
  const words = (c: Candidate) => new Set([...c.specifics.map((x) => x.text.toLowerCase()), ...terms(c.item)]);
  for (const d of cands) {
    if (d.field !== 'done' || !d.resolving) continue;
    const dw = words(d);
    const open = cands.filter((s) => s.field === 'stuck' && !s.closed && s.seq < d.seq);
    let any = false;
    for (const s of open) {
      const shared = [...words(s)].some((w) => dw.has(w));
      // Without a shared word, only a resolution said in so many words, right after the one open blocker.
      const near = d.resolvingStrong === true && open.length === 1 && talkTurns(turns, s.turn, d.turn) <= 2;
      if (shared || near) {
        s.closed = true;
        any = true;
      }
    }
    if (any) d.resolves = true;
  }
}

/** User/assistant turns from turn a to turn b (tool turns in between do not count). */
function talkTurns(turns: readonly Turn[], a: number, b: number): number {
  let n = 0;
  for (let i = a + 1; i <= b; i++) if (turns[i]!.role === 'user' || turns[i]!.role === 'assistant') n++;
  return n;
}

/** Significant words: ASCII words of 3+ letters (not stop words) and CJK character pairs. */
function terms(s: string): string[] {
  const out: string[] = [];
  for (const w of s.toLowerCase().match(/[a-z_][\w.-]{2,}/g) ?? []) {
    if (!STOP.has(w)) out.push(w);
    for (const part of w.split(/[/._-]/)) if (part.length >= 4 && part !== w && !STOP.has(part) && !PATH_PARTS.has(part)) out.push(part);
  }
  for (const n of s.match(/\d{3,}/g) ?? []) out.push(n); // an error code, a port
  for (const run of s.match(/[\u3400-\u9fff]{2,}/g) ?? []) for (let i = 0; i + 2 <= run.length; i++) if (!CJK_STOP.has(run.slice(i, i + 2))) out.push(run.slice(i, i + 2));
  return out;
}
const STOP = new Set('the and for with that this from now are was were has have had not but all its into then than when what which will would should could after before still just also one two'.split(' '));
const PATH_PARTS = new Set('src lib test tests docs config main index yaml json http https home html conf spec dist build scripts'.split(' '));
const CJK_STOP = new Set(['已经', '现在', '这个', '那个', '还是', '一下', '我们', '你的', '可以', '应该', '之后', '然后', '改成', '解决', '修好', '问题', '报错', '失败', '成功']);

const BASE: Record<Field, number> = { next: 4, stuck: 4, decisions: 3.5, done: 2.5 };

function select(cands: Candidate[], turns: Turn[]): HandoffFields {
  const last = Math.max(1, ...cands.map((c) => c.seq));
  // An edit's setting comes after every sentence: it is kept only when no sentence says its value.
  const lastTurn = Math.max(1, ...cands.map((c) => c.turn));
  // What an edit or a command showed ranks by its turn's recency; within one turn in reading order (the
  // first attribute of a snippet before the seventh).
  const score = (c: Candidate) =>
    c.setting ? 1 + c.turn / lastTurn : BASE[c.field] + (c.resolves ? 2 : 0) - (c.plain ? (c.user ? 2.5 : 2) : 0) + Math.min(4, specificity(c.specifics)) + c.seq / last;
  const live = cands.filter((c) => !c.closed);
  const ranked = [...live].sort((a, b) => score(b) - score(a) || (a.setting && b.setting ? a.seq - b.seq : b.seq - a.seq));
  const kept: Candidate[] = [];
  const keys = new Set<string>();
  let used = 0;
  const count: Record<Field, number> = { done: 0, stuck: 0, next: 0, decisions: 0 };
  let changes = 0;
  for (const c of ranked) {
    const key = normKey(c.item);
    // A change an edit made has a quota of its own: sentences that filled the done items do not crowd it out.
    if (!key || keys.has(key) || (c.setting ? changes >= LIMITS.changes : count[c.field] >= LIMITS[c.field])) continue;
    const keptText = kept.map((k) => normKey(k.item)).join('|');
    if (keptText.includes(key)) continue; // said already, in a longer item
    if (kept.some((k) => k.field === c.field && nearDuplicate(c, k))) continue;
    // A shorter kept item that this one says in full gives way to it.
    // (It gives way only once this one is admitted: the checks below may still refuse this one.)
    const shorter = kept.findIndex((k) => k.field === c.field && nearDuplicate(k, c));
    // A plain statement or an edit's setting adds nothing when every named thing in it is kept already.
    const keptLower = kept.filter((_k, i) => i !== shorter).map((k) => k.item.toLowerCase()).join('\n');
    if (c.setting) {
      // A setting is news only when no kept item states its new value with its key (a value alone,
      // "beta-1105", may be said of something else); a prose edit's new text when no item says it.
      const value = c.setting[1].replace(/^["']|["']$/g, '').split(/==|=|@/).at(-1)!.trim().toLowerCase();
      const key = c.setting[0].toLowerCase();
      const leaf = key.split('.').at(-1)!;
      if (key) {
        // Said as the line itself, with the file's own separator (`compileSdk = 36`, `auth: token`, the key's
        // last part allowed): "apns.auth 从 cert 改成 token" or "compileSdk 36" tell the change but not the
        // line to search for, so the edit's own line is kept beside them.
        const line = c.item.toLowerCase().replace(/^[^\s:]+: /, '').replace(/ \(was .*\)$/, '');
        const leafLine = line.startsWith(key) ? leaf + line.slice(key.length) : line;
        const said = (k: Candidate) => {
          const l = k.item.toLowerCase();
          return l.includes(line) || l.includes(leafLine);
        };
        if (kept.some((k, i) => i !== shorter && said(k))) continue;
      } else if (keptLower.includes(value)) continue;
    } else if (c.plain && c.specifics.every((x) => keptLower.includes(x.text.toLowerCase()))) continue;
    const freed = shorter >= 0 ? kept[shorter]!.item.length + 3 : 0;
    if (used - freed + c.item.length + 3 > HANDOFF_CHARS) continue;
    if (shorter >= 0) {
      used -= freed;
      if (kept[shorter]!.setting) changes--;
      else count[c.field]--;
      kept.splice(shorter, 1);
    }
    used += c.item.length + 3;
    keys.add(key);
    if (c.setting) changes++;
    else count[c.field]++;
    kept.push(c);
  }
  const fields: HandoffFields = { done: [], stuck: [], next: [], decisions: [], files: [] };
  // Newest turn first; within a turn, reading order.
  for (const c of kept.sort((a, b) => b.turn - a.turn || a.seq - b.seq)) fields[c.field].push(c.item);
  fields.files = filesOf(turns);
  return fields;
}

/** Most of `c`'s words are in `k` and `c` names nothing `k` does not: the same item said again. */
function nearDuplicate(c: Candidate, k: Candidate): boolean {
  const kl = k.item.toLowerCase();
  if (c.specifics.some((x) => !kl.includes(x.text.toLowerCase()))) return false;
  // A number is a detail: "bug 18" is not "bug 19".
  const kn = new Set(k.item.match(/\d+(?:[.,]\d+)*/g) ?? []);
  if ((c.item.match(/\d+(?:[.,]\d+)*/g) ?? []).some((n) => !kn.has(n))) return false;
  const ct = new Set(terms(c.item));
  if (ct.size === 0) return true;
  const kt = new Set(terms(k.item));
  return [...ct].filter((w) => kt.has(w)).length / ct.size >= 0.6;
}

function filesOf(turns: Turn[]): string[] {
  const out: string[] = [];
  const add = (f: string) => {
    if (out.length >= LIMITS.files || out.some((o) => o === f || o.endsWith(`/${f}`))) return;
    out.push(f);
  };
  for (let i = turns.length - 1; i >= 0; i--) for (const f of turns[i]!.files ?? []) add(f);
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i]!;
    if (t.role === 'user' || t.role === 'assistant') for (const p of pathsIn(t.text)) add(p);
  }
  return out;
}

/** A next item as a step to take: lead-ins ("Next, I should", "接下来还需要") are cut. */
export function imperative(item: string): string {
  let s = item.trim();
  for (let i = 0; i < 3; i++) {
    const before = s;
    s = s
      .replace(/^(?:明白|好的|好|嗯|行|收到|记下了|ok(?:ay)?|noted|got it|sure|sweet|great|nice|cool|perfect|thanks|hmm+)\s*[，,。.!！:：]\s*/i, '')
      .replace(/^(?:下一步|接下来|之后要做的?|之后|后续|待办|还需要做的|明天|下次|回头)\s*[:：，,]?\s*/, '')
      .replace(/^(?:我们|我)?(?:还需要|还要|需要|记得|得|要)(?:你|您)?\s*/, '')
      .replace(/^(?:next(?:\s+steps?|\s+time)?|todo|to-?do|still to do|for tomorrow|tomorrow|follow[- ]?ups?|later|then)\s*[:：,]?\s*/i, '')
      .replace(/^(?:i|we)\s+(?:still\s+)?(?:should|need to|will|'ll|must|have to|want to)\s+/i, '')
      .replace(/^(?:i'll|we'll|let's|still need to|need to|remind me to)\s+/i, '');
    if (s === before) break;
  }
  return s || item;
}

/** Enough words to say something: "Done." or "搞定！" alone are not an item. */
function informative(s: string): boolean {
  const stripped = s.replace(new RegExp(Object.values(CUES).map((r) => r.source).join('|'), 'gi'), '');
  const cjk = (stripped.match(/[\u3400-\u9fff]/g) ?? []).length;
  const words = (stripped.match(/[A-Za-z0-9_./-]{2,}/g) ?? []).length;
  return cjk >= 3 || words >= 2 || cjk + words >= 3;
}

const OPEN = '《「『“（(【';
const CLOSE = '》」』”）)】';

function splitSentences(line: string): string[] {
  const out: string[] = [];
  // Split after Chinese stops anywhere, and after English stops followed by a space and a capital;
  // never inside a title, quote or bracket (《RAG 还是长上下文？…》 is one title).
  let cur = '';
  let depth = 0;
  let straight = false; // inside "…"
  const push = () => {
    const t = cur.trim();
    if (t.length >= 4) out.push(t);
    cur = '';
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    cur += ch;
    if (OPEN.includes(ch)) depth++;
    else if (CLOSE.includes(ch)) depth = Math.max(0, depth - 1);
    else if (ch === '"') straight = !straight;
    if (depth > 0 || straight) continue;
    if ('。！？；!?;'.includes(ch)) push();
    else if (ch === '.' && /^\s+[A-Z\u3400-\u9fff]/.test(line.slice(i + 1))) push();
  }
  push();
  return out;
}

/** One line, at most ITEM_CHARS: clauses without a named thing go first, from the end. */
function clip(s: string): string {
  let one = s.replace(/\s+/g, ' ').replace(/[。.；;，,、\s]+$/, '').trim();
  if (one.length <= ITEM_CHARS) return one;
  const clauses = one.split(/(?<=[，,；;])\s*/);
  for (let i = clauses.length - 1; i > 0 && clauses.join('').length > ITEM_CHARS; i--) {
    if (findSpecifics(clauses[i]!).length === 0) clauses.splice(i, 1);
  }
  one = clauses.join('').replace(/[，,；;\s]+$/, '');
  return one.length <= ITEM_CHARS ? one : one.slice(0, ITEM_CHARS - 1).trimEnd() + '…';
}

function normKey(s: string): string {
  return s.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

const EXT = 'ts|tsx|js|jsx|mjs|cjs|json|jsonl|md|py|go|rs|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|sql|sh|bash|zsh|toml|ya?ml|ini|env|css|scss|html|vue|svelte|txt|csv|lock|conf|xml|proto|gradle';
const PATH_RE = new RegExp(`(?<![\\w/@:.-])((?:\\.{0,2}/)?(?:[\\w.@-]+/)*[\\w@-][\\w.@-]*\\.(?:${EXT}))(?![\\w/(-])`, 'gi');

/** Path-looking words: `src/app.ts`, `./config.yaml`, `README.md` — not URLs, not versions like 1.2.3. */
function pathsIn(text: string): string[] {
  const noUrls = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
  const out: string[] = [];
  for (const m of noUrls.matchAll(PATH_RE)) {
    const p = m[1]!.replace(/[.,;:]+$/, '');
    if (/^\d+(\.\d+)+$/.test(p)) continue;
    out.push(p);
  }
  return out;
}
