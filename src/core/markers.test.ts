import { describe, expect, it } from 'vitest';
import { DEFAULT_DOMAINS, detectMarkers, prefixDomain, stripLabel, stripMarkers } from './markers.js';

const D = [...DEFAULT_DOMAINS];

describe('markers', () => {
  it('a leading [domain] prefix names a known domain, also after 〔更正〕/〔红线〕/[correction]/[redline]', () => {
    const cases: [string, string | null][] = [
      ['[hermes] x', 'hermes'],
      ['[code] x', 'code'],
      ['[openclaw] x', 'openclaw'],
      ['[Code] x', 'code'],
      ['〔更正〕[code] x', 'code'],
      ['〔更正〕 [code] x', 'code'],
      ['〔红线〕[hermes] x', 'hermes'],
      ['[correction] [openclaw] x', 'openclaw'],
      ['[redline][code] x', 'code'],
      ['[todo] x', null],
      ['[code-review] x', null],
      ['x [code]', null],
      ['(code) x', null],
      ['〔备注〕[todo] x', null],
    ];
    for (const [text, want] of cases) expect(prefixDomain(text, D), text).toBe(want);
  });

  it('〔更正〕/[correction] mark corrections; 〔红线〕/[redline] red lines, which win', () => {
    expect(detectMarkers('〔更正〕x', D)).toMatchObject({ kind: 'correction', tier: 'evidence' });
    expect(detectMarkers('[Correction] x', D)).toMatchObject({ kind: 'correction', tier: 'evidence' });
    expect(detectMarkers('〔红线〕x', D)).toMatchObject({ kind: 'redline', tier: 'redline' });
    expect(detectMarkers('[redline] x', D)).toMatchObject({ kind: 'redline', tier: 'redline' });
    expect(detectMarkers('〔更正〕〔红线〕x', D)).toMatchObject({ kind: 'redline', tier: 'redline', correction: true });
    expect(detectMarkers('plain 更正 红线 correction', D)).toMatchObject({ kind: 'note', tier: 'normal' });
  });

  it('the markers as users also write them: other brackets, and a label opening the text', () => {
    for (const t of ['【更正】后端端口改为9090', '[更正] 后端端口改为9090', '更正：后端端口改为9090', '[code] 更正: 后端端口改为9090', '[openclaw] Correction: newsletter is Thursday 08:00, not Tuesday', 'correction: port 9090', '更正一下：私教换成 Lily 了', '订正一下：降脂药改为每晚 8:30'])
      expect(detectMarkers(t, D), t).toMatchObject({ kind: 'correction', tier: 'evidence' });
    for (const t of ['【红线】不许 rm -rf', '[红线] 不许 rm -rf', '红线：不许 rm -rf', '[hermes] Red line: never empty the NAS recycle bin', '[code] [red line] no force push'])
      expect(detectMarkers(t, D), t).toMatchObject({ kind: 'redline', tier: 'redline' });
    // a label counts only where it opens the text; the words elsewhere are just words
    for (const t of ['今天写了一篇关于红线：规则的文章', 'the correction: we discussed it', '端口更正：见下条', 'Incorrection: x'])
      expect(detectMarkers(t, D), t).toMatchObject({ kind: 'note', tier: 'normal' });
    expect(prefixDomain('【更正】[code] 端口 9090', D)).toBe('code');
    expect(stripMarkers('[code] 【更正】端口', D).trim()).toBe('端口');
  });

  it('taking back what one said, opening the text, is a correction: 改：, 不对，, 说错了，, Erratum:, oops — correction:', () => {
    for (const t of ['改：二甲双胍的补货点从 20 盒提到 30 盒', '[hermes] 不对，早上 5 点走', '说错了，早餐 8 点开始', '搞错了，牛肉面是 29', '记错了，体检是 4 月 25', '上条有误：跟诊是周丽', 'Erratum: the draft is v3.4, not v3.2', 'oops — correction: sprint 15 starts Mar 26', '[hermes] Correction — freeze starts at noon', '哦不对，那个 SKU 是 399'])
      expect(detectMarkers(t, D), t).toMatchObject({ kind: 'correction', tier: 'evidence' });
    // the same words inside a sentence, or 改 without a colon, are just words
    for (const t of ['这个不对，要再查', '改天再说', '代码审查说错了两处', 'fix: null pointer in the parser', '改进：缓存命中率'])
      expect(detectMarkers(t, D), t).toMatchObject({ kind: 'note', tier: 'normal' });
    // read without its label: 改：老爸体检 is about 老爸体检
    expect(stripLabel('改：老爸体检挪到 4 月 25').trim()).toBe('老爸体检挪到 4 月 25');
    expect(stripLabel('oops — correction: sprint 15 starts Mar 26').trim()).toBe('sprint 15 starts Mar 26');
    expect(stripLabel('后端端口改为 9090')).toBe('后端端口改为 9090');
  });

  it('only configured domains count', () => {
    expect(prefixDomain('[research] x', D)).toBeNull();
    expect(prefixDomain('[research] x', ['research'])).toBe('research');
  });

  it('stripMarkers removes the prefix and markers but keeps other bracketed words', () => {
    expect(stripMarkers('〔更正〕[code] 端口', D).trim()).toBe('端口');
    expect(stripMarkers('[todo] fix', D)).toBe('[todo] fix');
  });
});
