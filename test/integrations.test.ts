import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok, ROOT, tempDir, tempHome } from './helpers.js';

/** The shipped host integrations, driven the way their hosts call them, against the real CLI. */
function project(): string {
  const dir = path.join(tempDir(), 'weekly');
  fs.mkdirSync(path.join(dir, '.git'), { recursive: true });
  return dir;
}

describe('integrations/hermes', () => {
  const py = spawnSync('python3', ['--version']);
  it.skipIf(py.status !== 0)('the provider, installed and loaded the way Hermes loads it, runs a session with the real CLI (python3 unittest)', () => {
    const home = tempHome();
    ok(home, ['init']);
    const r = spawnSync('python3', ['-m', 'unittest', 'discover', '-s', path.join(ROOT, 'integrations', 'hermes', 'test'), '-v'], {
      encoding: 'utf8',
      env: { ...process.env, OPTMEM_TEST_HOME: home, OPTMEM_TEST_CWD: project(), OPTMEM_TEST_NODE: process.execPath, PYTHONDONTWRITEBYTECODE: '1' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Ran 3 tests/);
    expect(r.stderr).not.toContain('skipped');
  });
});
