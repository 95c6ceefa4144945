import { describe, expect, it } from 'vitest';
import { feesOf, otherFees } from './fees.js';

describe('fees', () => {
  it('reads the charge a word ending in 费 names, not a verb or a generic word', () => {
    expect(feesOf('女儿钢琴考级报名费 480 元').map((f) => f.key)).toEqual(['名']);
    expect(feesOf('免费停车，收费另算，费用月结').map((f) => f.key)).toEqual([]);
  });

  it('two charges when each names one and none in common; one side naming none is no evidence', () => {
    expect(otherFees('钢琴课学费涨到 5200', '钢琴考级报名费 480')).not.toBeNull();
    expect(otherFees('初诊挂号费下月起 12 元', '初诊挂号费 10 元')).toBeNull();
    expect(otherFees('健身房月费现在 £32 了', '健身房月卡 £28')).toBeNull();
  });
});
