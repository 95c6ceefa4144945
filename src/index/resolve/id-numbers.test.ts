import { describe, expect, it } from 'vitest';
import { idKindsOf, otherIdKinds } from './id-numbers.js';

describe('what a number identifies', () => {
  it('reads the kind of card or file a text gives a number of', () => {
    expect(idKindsOf('岳母医保卡尾号是 4471')).toEqual(['医保卡']);
    expect(idKindsOf('Dad’s MRN at the eye clinic is 55120')).toEqual(['病历号']);
    expect(idKindsOf('备份每天 02:00')).toEqual([]);
    // A call is no phone number.
    expect(idKindsOf('超 0.5 NTU 必须打电话给值班长')).toEqual([]);
  });
  it('finds two kinds with nothing in common, and none when one kind is shared or missing', () => {
    expect(otherIdKinds('医保卡尾号 4471', '病历号 4417')).toEqual({ mine: ['医保卡'], theirs: ['病历号'] });
    expect(otherIdKinds('手机尾号 4471', '电话 138 0000 4417')).toBeNull();
    expect(otherIdKinds('尾号 4471', '病历号 4417')).toBeNull();
  });
});
