import { describe, expect, it } from 'vitest';
import { DEFAULT_DOMAINS, detectMarkers, prefixDomain, stripMarkers } from './markers.js';

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

  it('only configured domains count', () => {
    expect(prefixDomain('[research] x', D)).toBeNull();
    expect(prefixDomain('[research] x', ['research'])).toBe('research');
  });

  it('stripMarkers removes the prefix and markers but keeps other bracketed words', () => {
    expect(stripMarkers('〔更正〕[code] 端口', D).trim()).toBe('端口');
    expect(stripMarkers('[todo] fix', D)).toBe('[todo] fix');
  });
});
