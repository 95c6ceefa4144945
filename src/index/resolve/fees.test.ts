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

  it('a sum in 金 and pay in 薪 are charges too: 违约金 is not 月薪; 日薪 and 时薪 are one pay; 现金 and 加薪 name none', () => {
    expect(otherFees('Mochi 的违约金改成 15 万', 'Mochi 月薪 10k')).not.toBeNull();
    expect(otherFees('改成时薪 40 EUR', 'Marta 日薪 300 EUR')).toBeNull();
    expect(feesOf('只收现金，下月加薪')).toEqual([]);
  });
});
