import { joinedCandidate, passesFilters } from '../candidate.js';
import { evidenceOf, type SupersessionEvidence } from '../../index/edges.js';
import type { Candidate, Stage } from '../types.js';
import type { IndexedRecord } from '../../index/record-index.js';
import type { Expansions } from '../aliases.js';
import { pointsSpoken } from '../points.js';
import { CORRECTION_MARK, REDLINE_MARK } from '../../core/markers.js';
import { answerTypeOf, holdsAnswer, type AnswerType } from './answer-type.js';
import { foldText } from '../../core/simplified.js';

/**
 * Supersession at query time. A candidate that a newer record supersedes is multiplied by
 * `supersededWeight` and flagged; its current replacement (the newest record at the end of the
 * chain) joins the candidates if the query did not find it, and stands in with the relevance of
 * what it replaced. A correction aimed at a red line changes nothing but a flag on both.
 */
const EVIDENCE_NOTE: Record<SupersessionEvidence, string> = {
  id: 'by id',
  quoted: 'quotes an old value it holds',
  words: 'on subject and attribute words alone',
};

export const supersedeStage: Stage = {
  name: 'supersede',
  run(ctx, candidates) {
    const byId = new Map(candidates.map((c) => [c.rec.id, c]));
    const edges = ctx.lookup.edgesTouching([...byId.keys()]);
    const out = [...candidates];
    const w = ctx.options.supersededWeight;
    const q = ctx.q;
    const wants = q.asks ? answerTypeOf(q.text) : null;
    for (const e of edges) {
      if (!e.blocked) continue;
      byId.get(e.oldId)?.conflicts.push(e.newId);
      byId.get(e.newId)?.conflicts.push(e.oldId);
    }
    for (const c of candidates) {
      if (c.conflicts.length) {
        const redline = c.rec.tier === 'redline';
        c.trace.push({
          stage: 'supersede',
          effect: 'conflict',
          factor: 1,
          note: redline
            ? `ordinary correction(s) ${c.conflicts.join(', ')} aimed at this red line are ignored: only a newer red line overrides it`
            : `aims at red line ${c.conflicts.join(', ')}, which it cannot override`,
        });
      }
      const direct = edges.filter((e) => e.oldId === c.rec.id && !e.blocked);
      if (direct.length === 0) continue;
      const current = ctx.lookup.current(c.rec.id);
      if (!current || current.id === c.rec.id) continue;
      const first = direct.map((e) => ({ e, r: byId.get(e.newId)?.rec ?? ctx.lookup.get(e.newId) })).sort((a, b) => (b.r?.timeMs ?? 0) - (a.r?.timeMs ?? 0))[0]!;
      c.superseded = { by: first.e.newId, current: current.id, method: first.e.method, inferred: first.e.inferred, evidence: evidenceOf(first.e) };
      // The query may ask about a part of this record the correction does not speak to ("FastAPI
      // config file" of "后端用 FastAPI，端口 8080，配置在 backend/.env", corrected on its port): then it
      // is still the answer, flagged, not demoted, and the correction does not stand in for it.
      const other = otherPoint(c, current, q.expansions) ?? otherAnswer(c, current, wants);
      if (other) c.superseded.otherPoint = true;
      const factor = other ? 1 : w;
      c.score *= factor;
      c.trace.push({
        stage: 'supersede',
        effect: 'superseded',
        by: first.e.newId,
        current: current.id,
        method: first.e.method,
        inferred: first.e.inferred,
        factor,
        note: other
          ? `superseded by ${first.e.newId} on another point: it speaks to [${other.spoken.join(' ')}], the query asked about [${other.asked.join(' ')}], which it does not mention; not demoted`
          : `superseded by ${first.e.newId} (${first.e.inferred ? 'inferred: same fact, another value' : first.e.method}; ${EVIDENCE_NOTE[evidenceOf(first.e)]})${current.id !== first.e.newId ? `, current version ${current.id}` : ''}`,
      });
      if (other) continue;
      let rep = byId.get(current.id);
      if (!rep) {
        rep = joinedCandidate(current, 'replacement');
        if (!passesFilters(q, current)) continue;
        byId.set(current.id, rep);
        out.push(rep);
      }
      // The replacement answers what the old record answered.
      if (c.relevance > rep.relevance) {
        rep.relevance = c.relevance;
        rep.score = Math.max(rep.score, c.relevance);
        rep.trace.push({ stage: 'supersede', effect: 'replacement', replaces: [c.rec.id], factor: 1, note: `current version of ${c.rec.id}: takes its relevance ${c.relevance.toFixed(3)}` });
      }
    }
    return out;
  },
};

/**
 * Does the query ask about a part of a superseded record its replacement does not speak to
 * (query/points.ts)? Yes when, beside the subject (words of the first clause the replacement also
 * holds: 后端, crawler), the query asks with words the old record holds (typed or through an alias)
 * that the replacement does not hold, each sitting only in clauses it does not speak to: "FastAPI
 * config file" of "后端用 FastAPI，端口 8080，配置在 backend/.env" corrected on its port; "crawler 超时" of
 * "crawler 的并发数 8，超时 15s" corrected on its concurrency.
 * Whenever this cannot be told for certain (a one-clause record, a replacement sharing nothing with
 * a later clause, a query word found only by a fallback), the whole record is demoted, as always.
 */
function otherPoint(c: Candidate, rep: IndexedRecord, expansions: Expansions | undefined): { asked: string[]; spoken: string[] } | null {
  const asked = [...new Set([...c.matchedTerms, ...Object.keys(c.aliasOnly ?? {})])];
  if (asked.length === 0 || (c.fallbackTerms?.length ?? 0) > 0) return null;
  const points = pointsSpoken(c.rec.text, rep.text);
  if (!points) return null;
  const hay = foldText(rep.text.replace(CORRECTION_MARK, ' ').replace(REDLINE_MARK, ' ')).toLowerCase();
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A Chinese word as written (a longer one: any two characters of it); an English one as a word
  // start, loosely stemmed (config, configs).
  const inText = (text: string, w: string) =>
    /[\u3400-\u9fff]/u.test(w)
      ? w.length <= 2
        ? text.includes(w)
        : Array.from({ length: w.length - 1 }, (_, i) => w.slice(i, i + 2)).some((g) => text.includes(g))
      : new RegExp(`(?<![a-z0-9])${escape(w.length > 4 ? w.slice(0, -2) : w)}`, 'i').test(text);
  const forms = (t: string) => [t.toLowerCase(), ...(expansions?.get(t) ?? []).filter((a) => !a.marker).map((a) => a.word.toLowerCase())];
  const clauses = points.clauses.map((cl) => foldText(cl).toLowerCase());
  // Words of the first clause the replacement also holds name what both are about (crawler, 后端):
  // asking with them says nothing about which point. The rest must be words it does not hold.
  const subject = (t: string) => forms(t).some((f) => inText(hay, f) && inText(clauses[0]!, f));
  const pointed = asked.filter((t) => !subject(t));
  // A number alone, or with its unit (1080x1440 beside "3:4 vertical", "2860 元" of a price raised),
  // may be the corrected point itself: not told without a word of two letters or more.
  if (!pointed.some((t) => (t.replace(/x(?=\d)/g, '').match(/\p{L}/gu)?.length ?? 0) >= 2)) return null;
  for (const t of pointed) if (forms(t).some((f) => inText(hay, f))) return null;
  for (const t of pointed) {
    const where = clauses.map((cl, i) => (forms(t).some((f) => inText(cl, f)) ? i : -1)).filter((i) => i >= 0);
    if (where.length === 0 || where.some((i) => points.spoken[i]!.length > 0)) return null;
  }
  return { asked: pointed, spoken: [...new Set(points.spoken.flat())] };
}

/**
 * Does a question ask for a kind of answer (a time, an address, an IP: answer-type.ts) the old record
 * holds only in clauses its replacement does not speak to, while the replacement holds none of it and
 * names no schedule? "备份几点跑" of "每天凌晨 02:00 备份 NAS 到 B2，保留 30 天" corrected on its retention
 * ("备份保留期改为 60 天"): 02:00 still answers. A number is no such kind (the corrected value is one).
 */
function otherAnswer(c: Candidate, rep: IndexedRecord, want: AnswerType | null): { asked: string[]; spoken: string[] } | null {
  if (want === null || want === 'number' || (c.fallbackTerms?.length ?? 0) > 0) return null;
  const repText = rep.text.replace(CORRECTION_MARK, ' ').replace(REDLINE_MARK, ' ');
  if (holdsAnswer(want, repText) || (want === 'time' && SCHEDULE_WORDS.test(repText))) return null;
  const points = pointsSpoken(c.rec.text, rep.text);
  if (!points) return null;
  const holding = points.clauses.map((cl, i) => (holdsAnswer(want, cl) ? i : -1)).filter((i) => i >= 0);
  if (holding.length === 0 || holding.some((i) => points.spoken[i]!.length > 0)) return null;
  return { asked: [`a ${want}`], spoken: [...new Set(points.spoken.flat())] };
}

/** Words that set when something runs, with or without a clock time (每小时, hourly, 凌晨, cron). */
const SCHEDULE_WORDS = /每|一次|个月|季度|hourly|daily|weekly|monthly|nightly|cron|schedule|every|小时|分钟|时间|时候|早上|上午|中午|下午|晚上|凌晨|夜里|半夜|周[一二三四五六日末]|点/iu;
