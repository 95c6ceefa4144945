// The labelled handoff sessions of eval/handoffs (format in its README): loading and the recall rule,
// shared by bench/handoffs.js and the recall-floor test.
import fs from 'node:fs';
import path from 'node:path';

/** The sets scored in aggregate only: nobody reads or tunes on their cases (blind-z confirms blind-x). */
export const TEST_SETS = ['blind-x', 'blind-z'];
export const isTestSet = (set) => TEST_SETS.includes(set);

const KINDS = new Set(['title', 'path', 'config', 'version', 'number', 'done', 'stuck', 'next', 'decision']);
const HOSTS = new Set(['claude-code', 'codex', 'openclaw']);

/** Every case under `dir`/<set>/<case>/ with its labels; a malformed case.json is an error naming it. */
export function loadHandoffCases(dir, { sets } = {}) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const set of fs.readdirSync(dir).sort()) {
    const setDir = path.join(dir, set);
    if (!fs.statSync(setDir).isDirectory() || (sets && !sets.includes(set))) continue;
    for (const id of fs.readdirSync(setDir).sort()) {
      const caseFile = path.join(setDir, id, 'case.json');
      if (!fs.existsSync(caseFile)) continue;
      let c;
      try {
        c = JSON.parse(fs.readFileSync(caseFile, 'utf8'));
      } catch (e) {
        throw new Error(`${set}/${id}/case.json: not valid JSON (${e.message})`);
      }
      const where = `${set}/${id}/case.json`;
      if (!HOSTS.has(c.host)) throw new Error(`${where}: host "${c.host}" is not one of ${[...HOSTS].join(', ')}`);
      if (typeof c.project !== 'string' || !/^[\p{L}\p{N}_.-]+$/u.test(c.project)) throw new Error(`${where}: project must be one word`);
      if (!Array.isArray(c.facts) || c.facts.length === 0) throw new Error(`${where}: facts must be a non-empty list`);
      for (const f of c.facts) {
        if (!KINDS.has(f.kind)) throw new Error(`${where}: fact ${f.id}: kind "${f.kind}" is not one of ${[...KINDS].join(', ')}`);
        if (!Array.isArray(f.anyOf) || !f.anyOf.length || !f.anyOf.every((a) => Array.isArray(a) && a.length && a.every((s) => typeof s === 'string' && s.trim()))) {
          throw new Error(`${where}: fact ${f.id}: anyOf must be a list of non-empty lists of strings`);
        }
      }
      out.push({ ...c, set, transcript: path.join(setDir, id, 'transcript.jsonl') });
    }
  }
  return out;
}

const norm = (s) => s.toLowerCase().replace(/\s+/g, ' ');

/** A fact is recalled by a text when every string of one of its alternatives occurs in it. */
export function factRecalled(fact, text) {
  const t = norm(text);
  return fact.anyOf.some((alt) => alt.every((s) => t.includes(norm(s).trim())));
}
