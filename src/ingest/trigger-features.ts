import { AGENT_NAMES, CUES, DONE, REQUEST, SHAPES, isQuestion, prose, splitSentences, type RuleEvidence } from './triggers.js';
import { TRIGGERS } from './types.js';

/**
 * The features the learned layer of the trigger detector reads from one turn: what the rules saw
 * (each trigger's best sentence confidence and the correction cue), the shape of the turn (role,
 * length, questions, plans, requests, past tense, value shapes) and the words themselves: CJK
 * character bigrams and trigrams, English words, stems and word pairs, from the turn read as prose
 * (code, logs and quotes removed). Names are strings so the weights file stays readable; values are 0..1.
 *
 * The turn before reaches the model only through the rules (an assistant offering options makes a
 * short "就第二个吧" a decision; a shared topic makes "不对，…" a correction). Features of the previous
 * turn itself were tried and dropped: the labelled sets give `prev` mostly where the label depends on
 * it, so its mere presence predicted corrections and choices, while in a transcript every turn has one.
 */
export type Features = Map<string, number>;

/** Words too common to say anything on their own. */
const EN_STOP = new Set(
  'a an the of to in on at for and or but is are was were be been it its this that with as by from i we you he she they me us my our your'.split(' '),
);

export function turnFeatures(turn: { role: string; text: string }, ev: RuleEvidence): Features {
  const f: Features = new Map();
  const on = (name: string, v = 1) => f.set(name, Math.max(f.get(name) ?? 0, v));
  on('bias');
  on(`role:${turn.role}`);

  // What the rules saw (each trigger's score; not their verdict, which the model learns to weigh itself).
  for (const t of TRIGGERS) {
    const s = ev.scores[t] ?? 0;
    if (s > 0) on(`rule:${t}`, s);
    if (s >= 0.5) on(`rule:${t}:fires`);
  }
  if (ev.correction > 0) on('rule:correction', ev.correction);

  const text = prose(turn.text ?? '');
  const sentences = splitSentences(text);
  const n = sentences.length;
  on(n <= 1 ? 'sentences:1' : n <= 3 ? 'sentences:2-3' : 'sentences:4+');
  const len = text.trim().length;
  on(len < 20 ? 'len:<20' : len < 60 ? 'len:<60' : len < 200 ? 'len:<200' : 'len:200+');
  const cjk = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  on(cjk > len * 0.3 ? 'lang:zh' : 'lang:en');

  // Shape of the sentences: how many ask, plan, request or report something done.
  let questions = 0;
  let plans = 0;
  let requests = 0;
  let done = 0;
  for (const s of sentences) {
    if (isQuestion(s)) questions++;
    if (CUES.plan.test(s)) plans++;
    if (turn.role === 'user' && REQUEST.test(s)) requests++;
    if (DONE.test(s)) done++;
  }
  if (n) {
    if (questions) on('question', questions / n);
    if (questions === n) on('all-questions');
    if (plans) on('plan', plans / n);
    if (requests) on('request', requests / n);
    if (done) on('done', done / n);
    if (!done) on('no-past');
  }
  for (const [k, re] of Object.entries(SHAPES)) if (re.test(text)) on(`shape:${k}`);
  if (AGENT_NAMES.test(text)) on('names-agent');
  if (/^\s*[-*•]|\n\s*[-*•]/.test(turn.text ?? '')) on('bullets');

  // The words: CJK character bigrams and trigrams, English words (and a crude stem), word pairs;
  // the first sentence's again under their own names (it is where a report says what happened).
  const lower = text.toLowerCase();
  for (const run of lower.match(/[\u3400-\u9fff]+/g) ?? []) {
    for (let i = 0; i + 1 < run.length; i++) on(`c:${run.slice(i, i + 2)}`);
    for (let i = 0; i + 2 < run.length; i++) on(`c3:${run.slice(i, i + 3)}`);
    if (run.length === 1) on(`c:${run}`);
  }
  const words = (lower.match(/[a-z][a-z'-]*/g) ?? []).map((w) => w.replace(/'s$/, ''));
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!EN_STOP.has(w) && w.length > 1) on(`w:${w}`);
    if (w.length > 4) on(`stem:${w.replace(/(?:ing|ed|es|s|ly)$/, '')}`);
    if (i + 1 < words.length) on(`ww:${w} ${words[i + 1]}`);
  }
  const first = (sentences[0] ?? '').toLowerCase();
  for (const run of first.match(/[\u3400-\u9fff]+/g) ?? []) for (let i = 0; i + 1 < run.length; i++) on(`h1:${run.slice(i, i + 2)}`);
  for (const w of first.match(/[a-z][a-z'-]*/g) ?? []) if (!EN_STOP.has(w)) on(`h1w:${w}`);
  const head = (sentences[0] ?? '').trim().toLowerCase();
  const opening = /^[\u3400-\u9fff]/.test(head) ? head.slice(0, 2) : (head.match(/^[a-z']+/)?.[0] ?? '');
  if (opening) on(`head:${opening}`);
  return f;
}
