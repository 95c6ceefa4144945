import { describe, expect, it } from 'vitest';
import { createTokenizer } from '../index/tokenizer/tokenizer.js';
import { makeProbe, type ProbeDeps } from './probe.js';
import { countNearDuplicates, normalizeForDuplicates } from './near-duplicates.js';
import { stableSample } from './sample.js';

// Han runs split into single words on a space-free text would need jieba; these texts are English.
const tokenizer = createTokenizer({ id: 'test', cut: (s) => [s], cutForSearch: (s) => [s] });

function deps(df: Record<string, number>): ProbeDeps {
  return { tokenizer, domains: ['code'], docFreq: (terms) => terms.map((t) => df[t.text] ?? 1) };
}

describe('makeProbe', () => {
  it('takes the rarest words another record also holds, at most four, in the text order', () => {
    const p = makeProbe('[code] nightly backup uploads the postgres dump to the bucket', deps({ nightly: 3, backup: 9, uploads: 4, postgres: 2, dump: 5, bucket: 6 }))!;
    expect(p.words).toEqual(['nightly', 'uploads', 'postgres', 'dump']);
    expect(p.query).toBe('nightly uploads postgres dump');
  });

  it('never uses a word only this record holds, a value, or the domain prefix', () => {
    const p = makeProbe('[code] zyxwv service listens on 8443 behind nginx proxy', deps({ service: 7, listens: 3, nginx: 2, proxy: 4, zyxwv: 1, '8443': 5, code: 50 }))!;
    expect(p.words).not.toContain('zyxwv');
    expect(p.words).not.toContain('8443');
    expect(p.words).not.toContain('code');
    expect(p.words).toEqual(['service', 'listens', 'nginx', 'proxy']);
  });

  it('puts the subject of a fact slot first, and is null when fewer than two words qualify', () => {
    const p = makeProbe('the grafana port is 3000 since the dashboard moved', deps({ grafana: 20, dashboard: 2, moved: 3, since: 4 }))!;
    expect(p.subject).toEqual(['grafana']);
    expect(p.words[0]).toBe('grafana');
    expect(makeProbe('zyxwv 8443 qwert', deps({}))).toBeNull();
  });

  it('within: only words shared with another text', () => {
    const p = makeProbe('deploy script moved to the release folder today', deps({ deploy: 2, script: 2, moved: 2, release: 2, folder: 2, today: 2 }), { within: new Set(['deploy', 'script', 'release']) })!;
    expect(p.words).toEqual(['deploy', 'script', 'release']);
  });
});

describe('near-duplicates and the stable sample', () => {
  it('folds width, case, white space and punctuation, within one domain and project', () => {
    expect(normalizeForDuplicates('后端端口：８０８０， OK!')).toBe(normalizeForDuplicates('后端端口:8080 ok'));
    const n = countNearDuplicates([
      { text: '后端端口：８０８０', domain: 'code', project: null },
      { text: '后端端口: 8080', domain: 'code', project: null },
      { text: '后端端口: 8080', domain: 'hermes', project: null },
      { text: '后端端口: 9090', domain: 'code', project: null },
    ]);
    expect(n).toEqual({ records: 2, groups: 1 });
  });

  it('samples the same items whatever their order', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `id${i}`);
    const a = stableSample(ids, 10, (x) => x);
    const b = stableSample([...ids].reverse(), 10, (x) => x);
    expect(a.sampled).toBe(true);
    expect(new Set(a.picked)).toEqual(new Set(b.picked));
    expect(stableSample(ids, 50, (x) => x).sampled).toBe(false);
  });
});
