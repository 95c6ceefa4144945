/**
 * A run killed with SIGKILL midway resumes without duplicates or gaps: the cursor moves only
 * past what was written, and the window between a write and the cursor move is deduplicated by
 * ref on the next run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cli, dayFiles, ok, tempDir, tempHome } from './helpers.js';
import { generateTranscript } from './ingest-gen.js';

/** Every record's ref, read from the day files themselves (the memory). */
function refsOf(home: string): string[] {
  ok(home, ['stats']); // a torn tail left by the kill is moved aside here
  return dayFiles(home).flatMap((f) => [...fs.readFileSync(path.join(home, f), 'utf8').matchAll(/^- ref: (.+)$/gm)].map((m) => m[1]!));
}

function homeWithBatch(batchLines: number): string {
  const home = tempHome();
  ok(home, ['init']);
  fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ domains: ['hermes', 'code', 'openclaw'], ingest: { batchLines } }));
  return home;
}

describe('ingest killed with SIGKILL midway', () => {
  it('resumes on the next run with no duplicates and no gaps', async () => {
    const dir = tempDir('optmem-ingest-crash-');
    const file = path.join(dir, 'big.jsonl');
    const { text, decisions } = generateTranscript(40_000, 10);
    fs.writeFileSync(file, text);
    const size = fs.statSync(file).size;

    const home = homeWithBatch(500);
    const cursors = path.join(home, 'ingest', 'cursors.json');
    const child = spawn(process.execPath, [BIN, 'ingest', file, '--dir', home], { stdio: 'ignore', env: { ...process.env, OPTMEM_HOME: undefined } as NodeJS.ProcessEnv });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    // Kill it once the cursor has moved at least once, well before the end.
    const killedAt = await new Promise<number>((resolve, reject) => {
      const t0 = Date.now();
      const tick = setInterval(() => {
        let offset = 0;
        try {
          const c = JSON.parse(fs.readFileSync(cursors, 'utf8')) as { cursors: Record<string, { offset: number }> };
          offset = Object.values(c.cursors)[0]?.offset ?? 0;
        } catch {
          // not written yet
        }
        if (offset > 0) {
          child.kill('SIGKILL');
          clearInterval(tick);
          resolve(offset);
        } else if (Date.now() - t0 > 30_000) {
          clearInterval(tick);
          reject(new Error('the ingest never moved its cursor'));
        }
      }, 5);
    });
    await exited;
    expect(killedAt).toBeLessThan(size);
    const partial = refsOf(home).length;
    expect(partial).toBeLessThan(decisions);

    const r = cli(['ingest', file, '--dir', home, '--json']);
    expect(r.code).toBe(0);
    const refs = refsOf(home);
    expect(new Set(refs).size).toBe(refs.length); // no duplicates
    expect(refs.length).toBe(decisions); // no gaps
    const expected = Array.from({ length: decisions }, (_, k) => `big.jsonl#L${(k + 1) * 10}`);
    expect([...refs].sort()).toEqual(expected.sort());
    // and a third run has nothing left to do
    const again = JSON.parse(cli(['ingest', file, '--dir', home, '--json']).stdout) as { written: number; turns: number };
    expect([again.written, again.turns]).toEqual([0, 0]);
  });
});
