// Builds agentwork-records.jsonl (optmem's JSONL import shape) from the hand-written records in
// agentwork-facts.txt plus seeded routine background records (daily logs, progress notes, merges)
// that compete with them, and agentwork-questions.jsonl from agentwork-questions.txt.
// Deterministic: node eval/recall/make-agentwork.js rewrites both files byte for byte.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
let seed = 12;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (a) => a[Math.floor(rnd() * a.length)];
const int = (a, b) => a + Math.floor(rnd() * (b - a + 1));
const iso = (d, hm) => `${d}T${hm}:00+08:00`;

const records = [];
const keyToId = new Map();
for (const line of fs.readFileSync(path.join(here, 'agentwork-facts.txt'), 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [key, when, domain, kind, project, corrects, ...rest] = line.split('|');
  const text = rest.join('|').trim();
  const id = `aw-${key}`;
  keyToId.set(key, id);
  const [d, hm] = when.split(' ');
  const rec = { id, time: iso(d, hm), text: `[${domain}] ${text}`, domain, kind };
  if (project) rec.project = project;
  if (corrects) rec.corrects = [`aw-${corrects}`];
  rec.source = { agent: domain === 'code' ? 'codeagent' : domain };
  records.push(rec);
}

// Routine background: the kind of records that pile up between the facts above.
const days = [];
for (let t = Date.UTC(2026, 2, 1); t <= Date.UTC(2026, 4, 31); t += 86400000) days.push(new Date(t).toISOString().slice(0, 10));
const bg = [];
const add = (d, hm, domain, text, project) => bg.push({ d, hm, domain, text, project });
days.forEach((d, i) => {
  if (i % 2 === 0) add(d, '08:0' + int(0, 9), 'hermes', `昨晚备份正常，新增快照 ${(rnd() * 3 + 0.5).toFixed(1)} GB，耗时 ${int(6, 19)} 分钟`);
  if (i % 7 === 3) add(d, '21:3' + int(0, 9), 'hermes', `Downloads 清理完成，移走 ${int(5, 90)} 个文件`);
  if (i % 9 === 1) add(d, '06:1' + int(0, 9), 'hermes', `日志轮转正常，/var/log 占用 ${int(300, 900)} MB`);
  if (i % 6 === 2) add(d, '07:4' + int(0, 9), 'hermes', `Offsite sync to B2 finished, ${(rnd() * 2 + 0.2).toFixed(1)} GB transferred`);
  if (i % 4 === 1)
    add(d, `2${int(0, 3)}:${int(10, 59)}`, 'openclaw', pick([
      `今天写了 ${int(600, 2200)} 字，${pick(['公众号', '小红书', 'newsletter'])}的稿子进度 ${int(20, 90)}%`,
      `小红书笔记发布，点赞 ${int(40, 900)}，收藏 ${int(10, 300)}，评论 ${int(2, 60)}`,
      `整理了 ${int(3, 12)} 个选题到选题库，优先级还没排`,
      `回复了公众号后台 ${int(5, 30)} 条留言`,
    ]), pick(['gzh', 'xhs']));
  if (i % 3 === 0)
    add(d, `1${int(0, 8)}:${int(10, 59)}`, 'code', pick([
      `合并 PR #${int(20, 99)}：${pick(['调整商品列表分页', '升级依赖', '修复购物车数量显示', '补充订单接口测试', '重构支付回调', '优化图片懒加载'])}`,
      `CI 通过，构建耗时 ${int(3, 9)} 分 ${int(0, 59)} 秒`,
      `Merged PR #${int(100, 199)} in api-gw: ${pick(['refactor auth middleware', 'bump dependencies', 'add request id to logs', 'fix flaky integration test', 'tune connection pool'])}`,
      `本地开发环境重装，npm ci 用时 ${int(40, 160)} 秒`,
    ]), 'shop');
});
bg.forEach((r, i) => {
  const id = `aw-bg-${String(i + 1).padStart(3, '0')}`;
  const rec = { id, time: iso(r.d, r.hm), text: `[${r.domain}] ${r.text}`, domain: r.domain, kind: 'note' };
  if (r.domain !== 'hermes' && r.project) rec.project = r.project;
  rec.source = { agent: r.domain === 'code' ? 'codeagent' : r.domain };
  records.push(rec);
});
records.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : 1));
fs.writeFileSync(path.join(here, 'agentwork-records.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');

// Questions: "set|split-hint|blind|lang|keys|question" lines; the split is by hash of the question id.
const ids = new Set(records.map((r) => r.id));
const qs = [];
for (const line of fs.readFileSync(path.join(here, 'agentwork-questions.txt'), 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [set, blind, lang, keys, ...rest] = line.split('|');
  const question = rest.join('|').trim();
  const answers = keys.split(',').map((k) => `aw-${k.trim()}`);
  for (const a of answers) if (!ids.has(a)) throw new Error(`unknown answer ${a} in: ${line}`);
  const n = qs.filter((q) => q.set === set).length + 1;
  const id = `${set === 'agentwork' ? 'aw' : 'xl'}-q${String(n).padStart(3, '0')}`;
  const h = crypto.createHash('sha256').update(`optmem-recall-split:${id}`).digest();
  qs.push({ id, set, split: h[0] < 77 ? 'test' : 'dev', blind: blind === 'b', lang, question, answers });
}
fs.writeFileSync(path.join(here, 'agentwork-questions.jsonl'), qs.map((q) => JSON.stringify(q)).join('\n') + '\n');
console.log(`${records.length} records (${bg.length} background), ${qs.length} questions`);
