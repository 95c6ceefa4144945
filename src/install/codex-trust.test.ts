import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codexHookHash, codexHookKey, codexHookRefs, eventLabel, trustTable, withoutTrustTables } from './codex-trust.js';

/**
 * The trust key and hash against what Codex CLI 0.169.0 itself reported (`codex app-server`,
 * `hooks/list`) for a hooks.json with matchers, a status message, an async hook, a timeout of 0, no
 * timeout, a matcher on an event that takes none, quotes, backslashes and Chinese in commands.
 */
const fixture = JSON.parse(fs.readFileSync(new URL('../../test/fixtures/codex-hooks-list.json', import.meta.url), 'utf8')) as {
  hooksJsonPath: string;
  hooksJson: Record<string, unknown>;
  hooksList: { key: string; currentHash: string }[];
};

describe('Codex hook trust', () => {
  it('computes every key and hash Codex reported', () => {
    const refs = codexHookRefs(fixture.hooksJson, () => true);
    const ours = Object.fromEntries(refs.map((r) => [codexHookKey(fixture.hooksJsonPath, r), codexHookHash(r)]));
    const theirs = Object.fromEntries(fixture.hooksList.map((h) => [h.key, h.currentHash]));
    expect(Object.keys(theirs)).toHaveLength(7);
    expect(ours).toEqual(theirs);
  });

  it('a different command, timeout or matcher is a different hash', () => {
    const base = { event: 'SessionStart', matcher: null, handler: { command: 'x', timeout: 30 } };
    const h = codexHookHash(base);
    expect(codexHookHash({ ...base, handler: { command: 'y', timeout: 30 } })).not.toBe(h);
    expect(codexHookHash({ ...base, handler: { command: 'x', timeout: 31 } })).not.toBe(h);
    expect(codexHookHash({ ...base, matcher: 'startup' })).not.toBe(h);
    // Stop and UserPromptSubmit take no matcher: Codex drops it before hashing
    expect(codexHookHash({ event: 'Stop', matcher: 'x', handler: { command: 'x' } })).toBe(codexHookHash({ event: 'Stop', matcher: null, handler: { command: 'x' } }));
    expect(eventLabel('UserPromptSubmit')).toBe('user_prompt_submit');
  });

  it('removes exactly the trust tables of the given keys, every other byte kept', () => {
    const keep = '# mine\nmodel = "gpt-5" # a comment\n\n[hooks.state."/other/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:aa"\n';
    const text = keep + '\n' + trustTable('/c/hooks.json:stop:1:0', 'sha256:bb') + '[projects."/x"]\ntrust_level = "trusted"\n';
    expect(withoutTrustTables(text, new Set(['/c/hooks.json:stop:1:0']))).toBe(keep + '\n[projects."/x"]\ntrust_level = "trusted"\n');
    expect(withoutTrustTables(text, new Set(['/nope']))).toBe(text);
  });
});
