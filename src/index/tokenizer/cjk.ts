/** Han characters (and the CJK compatibility block): the text jieba segments. */
export const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
export const HAS_CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
/** A string that is one run of Han characters, as CJK_RUN finds them. */
export const HAN_ONLY = new RegExp(`^${CJK_RUN.source}$`);
