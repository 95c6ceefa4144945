/**
 * The inspector in real Chromium (Debian's /usr/bin/chromium driven by playwright-core), served by
 * a real loopback server. Every page loads without a console error; then every hostile string we
 * have (the labelled injection sets under eval/injection/ when present, and a set of HTML, SVG,
 * CSS and URL tricks) is stored as records and rendered on the timeline, search, record,
 * red-line, handoff, core and quarantine pages: no script runs (a `window.__pwned` canary, no
 * dialog, no console message) and no request leaves the page's origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { createOptmem, type Optmem } from '../src/optmem.js';
import { scrubText } from '../src/core/record.js';
import { inspectorApp } from '../src/interfaces/web/app.js';
import { ROOT, tempHome } from './helpers.js';

const CHROMIUM = '/usr/bin/chromium';
/** The flags this closed network needs: no background connections, no sandbox as root. */
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const have = fs.existsSync(CHROMIUM);
if (!have) console.log(`inspector-browser: skipped: ${CHROMIUM} is absent (apt-get install chromium fonts-wqy-microhei)`);

/** Every hostile text: our own tricks, and each labelled injection set of the repository. */
function hostileTexts(): string[] {
  const files = [path.join(ROOT, 'test/fixtures/inspector-nasty.jsonl')];
  const dir = path.join(ROOT, 'eval/injection');
  if (fs.existsSync(dir)) for (const n of fs.readdirSync(dir).sort()) if (n.endsWith('.jsonl')) files.push(path.join(dir, n));
  const out: string[] = [];
  for (const f of files) {
    for (const line of fs.readFileSync(f, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const t = (JSON.parse(line) as { text?: unknown }).text;
      if (typeof t === 'string' && scrubText(t).trim()) out.push(scrubText(t).slice(0, 4000));
    }
  }
  return out;
}

describe.skipIf(!have)('the inspector in Chromium', () => {
  let m: Optmem;
  let server: ServerType;
  let origin = '';
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const consoleMessages: string[] = [];
  const dialogs: string[] = [];
  const pageErrors: string[] = [];
  const hostileIds: string[] = [];
  let hostileCount = 0;

  beforeAll(async () => {
    // no fsync per write: this home only has to be rendered
    m = createOptmem({ dir: tempHome(), create: true, durable: false });
    const fix = m.add({ text: '[code] 后端服务的端口是8080', project: 'shop', time: '2026-05-10T09:00:00+08:00' });
    m.add({ text: '[code] 〔更正〕后端端口已从8080改为9090', project: 'shop' });
    m.add({ text: '〔红线〕不要删除生产数据库', tier: 'redline' });
    void fix;
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: inspectorApp({ optmem: m }).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    page = await browser.newPage();
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (msg) => consoleMessages.push(`${msg.type()}: ${msg.text()}`));
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    m?.close();
  });

  async function visit(p: string): Promise<void> {
    const res = await page.goto(origin + p, { waitUntil: 'load' });
    expect(res?.status(), p).toBeLessThan(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), p).toBeUndefined();
  }

  function offOrigin(): string[] {
    return requests.filter((u) => !u.startsWith(origin + '/') && !u.startsWith('data:'));
  }

  it('loads every page without a console error', async () => {
    for (const p of ['/', '/search?q=后端端口', '/redlines', '/quarantine', '/handoffs', '/core', '/reports', '/records/0000000000000000']) await visit(p);
    expect(consoleMessages.filter((x) => !x.includes('404'))).toEqual([]);
    expect(pageErrors).toEqual([]);
    // the stylesheet loaded: the policy let the page's own style in
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
  });

  it('renders every hostile record as text: no script runs, nothing leaves the origin', async () => {
    consoleMessages.length = 0;
    requests.length = 0;
    const texts = hostileTexts();
    hostileCount = texts.length;
    const t0 = Date.now();
    expect(texts.length).toBeGreaterThanOrEqual(50);
    m.import(texts.map((text, i) => JSON.stringify({ text, project: i % 2 ? 'shop' : null, tags: ['hostile'] })).join('\n'));
    // every fourth written again by an agent: those the scanner flags wait in the quarantine queue, rendered there (a
    // quarter keeps the queue's pages full without scanning nine thousand lines twice)
    m.import(texts.filter((_, i) => i % 4 === 0).map((text) => JSON.stringify({ text })).join('\n'), { provenance: { origin: 'agent', writer: 'test' } });
    expect(m.quarantined().length).toBeGreaterThan(0);
    // some as red lines, a handoff and core pins: those pages render record text too
    for (const t of texts.slice(0, 5)) m.add({ text: t, tier: 'redline' });
    m.sessionEnd({ project: 'shop', done: texts.slice(0, 10), next: texts.slice(10, 20), decisions: texts.slice(20, 25) });
    // every record, whatever the labelled sets hold (the agent's copies come last and are the newest;
    // an imported line the scanner flags is held, and its page renders it too)
    for (const r of m.recent({ limit: 2 * texts.length + 100, quarantined: true })) if (r.tags.includes('hostile')) hostileIds.push(r.id);
    expect(hostileIds.length).toBeGreaterThanOrEqual(texts.length);
    for (const id of hostileIds.slice(0, 5)) m.core.pin(id);
    // every page of the timeline, 500 a page: each hostile text is rendered at least there
    const timelinePages = Math.ceil((texts.length + Math.ceil(texts.length / 4) + 20) / 500);
    const pages = Array.from({ length: timelinePages }, (_, i) => `/?per=500&page=${i + 1}`);
    pages.push('/');
    pages.push('/?project=shop', '/redlines', '/quarantine', '/handoffs', '/core', '/core?project=shop');
    for (const q of ['script', 'evil', 'ignore', '忽略']) pages.push(`/search?q=${encodeURIComponent(q)}&limit=100`);
    pages.push(`/search?q=script&why=${hostileIds[0]}`);
    // the record pages of 10 of them, spread over the set (the chain and meta lines render the same text again)
    const step = Math.max(1, Math.floor(hostileIds.length / 10));
    hostileIds.forEach((id, i) => i % step === 0 && pages.push(`/records/${id}`));
    const t1 = Date.now();
    for (const p of pages) await visit(p);
    console.log(`inspector-browser: writing ${t1 - t0} ms, ${pages.length} pages ${Date.now() - t1} ms`);
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleMessages).toEqual([]);
    expect(offOrigin()).toEqual([]);
    // the hostile text is on the pages, as text
    await visit(`/records/${hostileIds[0]}`);
    expect((await page.textContent('main .box .text'))?.length).toBeGreaterThan(0);
    console.log(`inspector-browser: ${hostileCount} hostile texts, ${pages.length} pages, ${requests.length} requests, all same-origin`);
    // (Ten thousand writes and some forty pages in Chromium: minutes on a slow, shared two-core machine.)
  }, 360_000);
});
