import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileModel, readCompiledModel } from './trigger-model-file.js';
import { CLASSES, detectWithModel, parseModel, type TriggerModel } from './trigger-model.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-model-'));
const shippedJson = new URL('../../models/triggers.json', import.meta.url);

function small(): TriggerModel {
  const w = (x: number) => Array.from({ length: CLASSES.length + 1 }, (_, i) => x + i / 1000);
  return {
    version: 1,
    classes: [...CLASSES],
    weights: { 'w:决定': w(1.103), 'c:端口': w(-0.081), 'w:deploy': w(0.5), 'h1:改成': w(-2.25), bias: w(0.125) },
    threshold: 0.65,
    explicitDecisionMaxNone: 0.8,
    correctionThreshold: 0.35,
    trainedOn: { rows: 5, splits: ['x'], l2: 0.01, epochs: 3 },
  };
}

function write(model: TriggerModel, name: string): { json: string; bin: string } {
  const json = path.join(dir, `${name}.json`);
  const bin = path.join(dir, `${name}.bin`);
  fs.writeFileSync(json, JSON.stringify(model));
  fs.writeFileSync(bin, compileModel(model, fs.statSync(json)));
  return { json, bin };
}

describe('the compiled trigger model', () => {
  it('reads back every weight exactly, finds every name (Chinese too) and nothing else', () => {
    const m = small();
    const { json, bin } = write(m, 'small');
    const back = readCompiledModel(bin, json)!;
    expect(back).not.toBeNull();
    for (const [n, w] of Object.entries(m.weights)) expect(Array.from(back.weights[n]!)).toEqual(w);
    expect(back.weights['w:不在']).toBeUndefined();
    expect('c:端口' in back.weights).toBe(true);
    expect(Object.keys(back.weights).sort()).toEqual(Object.keys(m.weights).sort());
    expect({ ...back, weights: null }).toEqual({ ...m, weights: null });
  });

  it('is not used once the JSON changed since it was compiled, nor when it is cut short or not one', () => {
    const { json, bin } = write(small(), 'stale');
    fs.appendFileSync(json, ' ');
    expect(readCompiledModel(bin, json)).toBeNull();
    const b = write(small(), 'cut');
    fs.truncateSync(b.bin, fs.statSync(b.bin).size - 3);
    expect(readCompiledModel(b.bin, b.json)).toBeNull();
    const c = write(small(), 'other');
    fs.writeFileSync(c.bin, 'not a model');
    fs.utimesSync(c.json, fs.statSync(c.json).atime, fs.statSync(c.json).mtime);
    expect(readCompiledModel(c.bin, c.json)).toBeNull();
    expect(readCompiledModel(path.join(dir, 'missing.bin'), c.json)).toBeNull();
  });

  it('gives the shipped model the same answers as its JSON', () => {
    const model = parseModel(fs.readFileSync(shippedJson, 'utf8'), 'models/triggers.json');
    const json = path.join(dir, 'shipped.json');
    fs.copyFileSync(shippedJson, json);
    const bin = path.join(dir, 'shipped.bin');
    fs.writeFileSync(bin, compileModel(model, fs.statSync(json)));
    const back = readCompiledModel(bin, json)!;
    for (const text of ['我们决定以后 nginx 统一监听 9090 端口，不再用 8080', '帮我看下日志', 'backup moved to 03:30 because the NAS was busy', '〔更正〕标题不超过 20 字']) {
      expect(detectWithModel(back, { role: 'user', text })).toEqual(detectWithModel(model, { role: 'user', text }));
    }
  });
});
