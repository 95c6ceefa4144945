import { describe, expect, it } from 'vitest';
import type { Problem } from '../core/errors.js';
import type { QueryTerm } from '../index/tokenizer/tokenizer.js';
import Database from 'better-sqlite3';
import { createJiebaSegmenter } from '../index/tokenizer/jieba.js';
import { createTokenizer } from '../index/tokenizer/tokenizer.js';
import { termFts } from './inflections.js';
import { aliasPassMatch, aliasTable, expandTerms, heldWords, parseAliasText, termMatch } from './aliases.js';

const term = (text: string, cjk = /[\u4e00-\u9fff]/.test(text)): QueryTerm => ({ text, surface: text, cjk, stop: false });

function table(...files: [string, string][]) {
  const groups: { words: string[] }[] = [];
  const problems: Problem[] = [];
  for (const [name, text] of files) parseAliasText(text, name, groups, problems);
  return aliasTable(groups, problems);
}

describe('alias files', () => {
  it('reads groups, comments and blank lines; words map to the union of their groups, not transitively', () => {
    const t = table(['d', '# c\n发版 发布 release\n\n发布 publish # a comment\nPort 端口\n']);
    expect(t.lookup(term('发布')).map((a) => a.word).sort()).toEqual(['publish', 'release', '发版']);
    expect(t.lookup(term('release')).map((a) => a.word).sort()).toEqual(['发布', '发版']);
    expect(t.lookup(term('ports')).map((a) => a.word)).toEqual(['端口']);
    expect(t.problems).toEqual([]);
  });

  it('an English word and its -ing / -ed / -s forms are one key, a final e too (delete, deleting, deleted)', () => {
    const t = table(['d', '删除 rm delete\n发版 release\n']);
    for (const w of ['delete', 'deleting', 'deleted', 'deletes']) expect(t.lookup(term(w)).map((a) => a.word), w).toContain('删除');
    expect(t.lookup(term('releasing')).map((a) => a.word)).toEqual(['发版']);
  });

  it('a "-" line removes words (English by loose stem) from the groups read before it', () => {
    const t = table(['d', '失败 fail failed\n发版 上线 release\n'], ['h', '- failed\n- 上线\n']);
    expect(t.lookup(term('失败'))).toEqual([]);
    expect(t.lookup(term('发版')).map((a) => a.word)).toEqual(['release']);
  });

  it('malformed lines are problems with file and line, and are ignored', () => {
    const t = table(['home/aliases.txt', 'solo\n端口 !!!\n〔foo〕 bar\n- nothing-here\n端口 port\n']);
    expect(t.problems.map((p) => `${p.file}:${p.line}`)).toEqual(['home/aliases.txt:1', 'home/aliases.txt:2', 'home/aliases.txt:3', 'home/aliases.txt:4']);
    expect(t.lookup(term('port')).map((a) => a.word)).toEqual(['端口']);
  });

  it('markers are reached, never typed; sub-words of a longer query word are not expanded', () => {
    const t = table(['d', '红线 redline 〔红线〕\n公众 public\n']);
    expect(t.lookup(term('红线'))).toEqual([{ word: 'redline', marker: null }, { word: '〔红线〕', marker: 'redline' }]);
    expect(expandTerms(t, [term('公众'), term('公众号')]).size).toBe(0);
  });

  it('an alias-only word counts aliasWeight in coverage and in the BM25 share', () => {
    expect(heldWords([term('port'), term('backend')], ['backend'], { port: ['端口'] }, 0.6)).toEqual({ held: 1.6, typedShare: 0.8 });
    expect(heldWords([term('port')], [], undefined, 0.6)).toEqual({ held: 0, typedShare: 1 });
  });
});

describe('aliasPassMatch: the alias pass reads fewer rows and finds the same ones', () => {
  const db = new Database(':memory:');
  db.exec("CREATE VIRTUAL TABLE fts USING fts5(body, keys, tokenize = 'porter unicode61 remove_diacritics 2')");
  const rows = [
    'port 8080 backend', 'listens on 端口 9090 backend', 'backend 端口 and port both', 'cover image for the post', '封面 图 for the post',
    'midjourney cover draft', 'midjourney 封面 draft', 'midjourney only', '封面 only', 'deploy the backend tonight', 'release notes backend',
    'deploying backend port', 'nothing here', '发布 backend 端口', 'release port',
  ];
  const tokenizer = createTokenizer(createJiebaSegmenter(null));
  const insert = db.prepare('INSERT INTO fts (rowid, body, keys) VALUES (?, ?, ?)');
  rows.forEach((r, i) => insert.run(i + 1, tokenizer.indexText(r), ''));
  const t = table(['d', 'port 端口\ncover 封面\ndeploy release 发布\n']);
  const hits = (match: string) => db.prepare('SELECT rowid, bm25(fts, 1.0, 0.5) AS bm FROM fts WHERE fts MATCH ? ORDER BY rowid').all(match) as { rowid: number; bm: number }[];
  const cases = [['port'], ['backend', 'port'], ['midjourney', 'cover'], ['deploy', 'port'], ['backend', 'deploy', 'port'], ['deploying']];
  for (const words of cases) {
    it(words.join(' '), () => {
      const terms = words.map((w) => term(w));
      const ex = expandTerms(t, terms);
      const forms = aliasPassMatch(terms, ex, tokenizer)!;
      const typed = terms.map(termFts);
      const plainAnd = `(${terms.map((x) => termMatch(x, ex, tokenizer)).join(' AND ')}) NOT (${typed.join(' AND ')})`;
      const plainOr = `(${terms.map((x) => termMatch(x, ex, tokenizer)).join(' OR ')}) NOT (${typed.join(' OR ')})`;
      expect(hits(forms.and)).toEqual(hits(plainAnd));
      expect(hits(forms.or)).toEqual(hits(plainOr));
      expect(hits(forms.or).length + hits(forms.and).length).toBeGreaterThan(0);
    });
  }
  it('no word with aliases: no pass', () => {
    expect(aliasPassMatch([term('nothing')], expandTerms(t, [term('nothing')]), tokenizer)).toBeNull();
  });
});
