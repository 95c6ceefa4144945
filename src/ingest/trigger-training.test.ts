import { describe, expect, it } from 'vitest';
import { trainTriggerModel, type LabelledTurn } from './trigger-training.js';
import { detectWithModel, parseModel, predict } from './trigger-model.js';
import { detectByRules } from './triggers.js';

/** Turns about a made-up kind of work: the rules know none of its words, so only learning can. */
function corpus(): LabelledTurn[] {
  const rows: LabelledTurn[] = [];
  const things = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];
  for (const t of things) {
    rows.push({ role: 'assistant', text: `${t} 那个节点已经 zorbified 进集群，编号 ${t.length}`, trigger: 'inventory-change' });
    rows.push({ role: 'assistant', text: `${t} 今天状态平稳，什么也没动`, trigger: null });
    rows.push({ role: 'user', text: `${t} 的情况你看看`, trigger: null });
  }
  return rows;
}

describe('trainTriggerModel', () => {
  it('learns what the labels say from words the rules do not know', () => {
    const model = trainTriggerModel(corpus(), { epochs: 200, l2: 0.001 });
    const turn = { role: 'assistant', text: 'mike 那个节点已经 zorbified 进集群，编号 4' };
    expect(detectByRules(turn).trigger).toBeNull();
    const d = detectWithModel(model, turn);
    expect(d.trigger).toBe('inventory-change');
    expect(d.confidence).toBeGreaterThanOrEqual(0.5);
    expect(detectWithModel(model, { role: 'assistant', text: 'mike 今天状态平稳，什么也没动' }).trigger).toBeNull();
  });

  it('gives the same weights for the same rows, every time', () => {
    const a = trainTriggerModel(corpus(), { epochs: 50 });
    const b = trainTriggerModel(corpus(), { epochs: 50 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('does not learn from turns the rules drop outright (tool output, chatter)', () => {
    const rows: LabelledTurn[] = [...corpus(), { role: 'tool', text: 'deployed ok', trigger: null }, { role: 'user', text: '谢谢！', trigger: null }];
    expect(trainTriggerModel(rows, { epochs: 5 }).trainedOn.rows).toBe(corpus().length);
  });

  it('probabilities over the seven classes sum to one', () => {
    const model = trainTriggerModel(corpus(), { epochs: 20 });
    const p = predict(model, new Map([['bias', 1], ['c:节点', 1]])).probabilities;
    expect(Object.values(p).reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
  });
});

describe('parseModel', () => {
  it('names the file when the model is not one this version reads', () => {
    expect(() => parseModel(JSON.stringify({ version: 1, classes: ['none', 'x'], weights: {}, threshold: 0.5 }), 'models/triggers.json')).toThrow(
      /models\/triggers\.json: not a trigger model/,
    );
  });
});
