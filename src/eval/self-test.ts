/**
 * `optmem eval --self-test`: the user's own check that corrections work on their data. On a copy
 * of the home (never the home), for each configured domain: plant an old fact and a 〔更正〕
 * correction of it, worded the way people write them, around a made-up token no record of the
 * home contains; search for the fact; the correction must rank first and the old record must be
 * flagged superseded by it. The planted records have a project of their own, so they never link to
 * or from the user's records. The copy is deleted afterwards.
 */
import crypto from 'node:crypto';
import { DEFAULT_DOMAINS } from '../core/markers.js';
import { createOptmem, type Optmem } from '../optmem.js';
import { deepMerge, readRawConfig, validateConfig, type JsonObject } from './config-override.js';
import { copyHome } from './home-copy.js';

export interface SelfTestCase {
  domain: string;
  /** which kind of fact was planted */
  fact: 'port' | 'push-time' | 'deadline';
  query: string;
  oldId: string;
  correctionId: string;
  oldText: string;
  correctionText: string;
  /** 1-based rank of the correction, null when not returned */
  correctionRank: number | null;
  oldRank: number | null;
  oldSuperseded: boolean;
  oldSupersededBy: string | null;
  pass: boolean;
  /** what failed, in words (empty when it passed) */
  problems: string[];
}

export interface SelfTestReport {
  format: 'optmem-eval-self-test';
  home: string;
  config: JsonObject | null;
  /** records in the home (the copy) before planting */
  records: number;
  cases: SelfTestCase[];
  pass: boolean;
  ms: number;
}

type Fact = SelfTestCase['fact'];
const DAY = 86_400_000;

/** Realistic wording for each kind of fact; `t` is the unique token. */
const TEMPLATES: Record<Fact, (d: string, t: string) => { old: string; fix: string; query: string }> = {
  port: (d, t) => ({
    old: `[${d}] 服务 ${t} 的后端端口是 7431，本地调试直接连 localhost:7431，nginx 反代也指向 7431`,
    fix: `[${d}] 〔更正〕${t} 后端端口已从 7431 改为 9431，之前记的 7431 作废`,
    query: `${t} 端口是多少`,
  }),
  'push-time': (d, t) => ({
    old: `[${d}] 日报 ${t} 每天早上 7:30 推送到飞书「资讯」群，推送前先跑一遍去重`,
    fix: `[${d}] 〔更正〕日报 ${t} 早上没人看，改到晚上 21:00 推送，之前的 7:30 作废`,
    query: `日报 ${t} 几点推送`,
  }),
  deadline: (d, t) => ({
    old: `[${d}] 公众号稿件 ${t} 的截止日期是 2031-03-15，交给编辑前先过一遍错别字`,
    fix: `[${d}] 〔更正〕稿件 ${t} 截止日期推迟到 2031-04-30，之前记的 2031-03-15 作废`,
    query: `稿件 ${t} 截止日期`,
  }),
};

const FACT_OF: Record<string, Fact> = { code: 'port', hermes: 'push-time', openclaw: 'deadline' };
const CYCLE: Fact[] = ['port', 'push-time', 'deadline'];

/** A lowercase token no record of the home holds (checked by search, then by text). */
function uniqueToken(mem: Optmem, taken: Set<string>): string {
  for (let i = 0; i < 20; i++) {
    const t = `zq${crypto.randomBytes(4).toString('hex').replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    if (taken.has(t)) continue;
    const hits = mem.search({ query: t, limit: 5 }).results;
    if (!hits.some((h) => h.text.toLowerCase().includes(t))) return t;
  }
  throw new Error('self-test: could not find a token the home does not already contain');
}

export interface SelfTestOptions {
  override?: JsonObject | null;
  tmpRoot?: string;
  /** the clock (default: the real one) */
  nowMs?: number;
}

/** Run the self-test on a copy of `home`. */
export function runSelfTest(home: string, opts: SelfTestOptions = {}): SelfTestReport {
  const t0 = Date.now();
  const nowMs = opts.nowMs ?? Date.now();
  let config: JsonObject | undefined;
  if (opts.override) {
    config = deepMerge(readRawConfig(home), opts.override);
    validateConfig(config, 'the changed settings (--config/--set)');
  }
  const copy = copyHome(home, { ...(opts.tmpRoot ? { tmpRoot: opts.tmpRoot } : {}), ...(config ? { config } : {}) });
  try {
    const mem = createOptmem({ dir: copy.dir, now: () => nowMs, durable: false });
    try {
      const records = mem.stats().records;
      const domains = mem.config.domains.length ? mem.config.domains : [...DEFAULT_DOMAINS];
      const taken = new Set<string>();
      const planted = domains.map((domain, i) => {
        const fact = FACT_OF[domain] ?? CYCLE[i % CYCLE.length]!;
        const token = uniqueToken(mem, taken);
        taken.add(token);
        const w = TEMPLATES[fact](domain, token);
        // A project of its own: corrections link only within their project, so the planted pair
        // never links to or from the user's own records, whatever they say.
        const project = `optmem-self-test-${token}`;
        const old = mem.add({ text: w.old, time: new Date(nowMs - 60 * DAY).toISOString(), project }).record;
        const fix = mem.add({ text: w.fix, time: new Date(nowMs - 3 * DAY).toISOString(), project }).record;
        return { domain, fact, w, old, fix };
      });
      // Search after every plant: each check sees all the planted records, as a live home would.
      const cases = planted.map(({ domain, fact, w, old, fix }): SelfTestCase => {
        const hits = mem.search({ query: w.query, now: nowMs, limit: 10 }).results;
        const ci = hits.findIndex((h) => h.id === fix.id);
        const oi = hits.findIndex((h) => h.id === old.id);
        const oldHit = oi >= 0 ? hits[oi]! : null;
        const problems: string[] = [];
        if (ci !== 0) problems.push(ci < 0 ? 'the correction was not returned' : `the correction ranked ${ci + 1}, first was ${hits[0]!.id === old.id ? 'the old record' : `another record (${hits[0]!.id})`}`);
        if (!oldHit) problems.push('the old record was not returned (its flag cannot be seen)');
        else if (!oldHit.superseded) problems.push('the old record is not flagged superseded');
        else if (oldHit.supersededBy !== fix.id) problems.push(`the old record is flagged superseded by ${oldHit.supersededBy}, not by the correction`);
        return {
          domain,
          fact,
          query: w.query,
          oldId: old.id,
          correctionId: fix.id,
          oldText: w.old,
          correctionText: w.fix,
          correctionRank: ci < 0 ? null : ci + 1,
          oldRank: oi < 0 ? null : oi + 1,
          oldSuperseded: oldHit?.superseded ?? false,
          oldSupersededBy: oldHit?.supersededBy ?? null,
          pass: problems.length === 0,
          problems,
        };
      });
      return { format: 'optmem-eval-self-test', home: copy.source, config: opts.override ?? null, records, cases, pass: cases.every((c) => c.pass), ms: Date.now() - t0 };
    } finally {
      mem.close();
    }
  } finally {
    copy.remove();
  }
}
