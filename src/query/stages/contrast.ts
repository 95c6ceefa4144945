import { contrastOf } from '../../index/resolve/analyze.js';
import { CLASH_ONLY } from '../../index/resolve/lexicon.js';
import type { Stage } from '../types.js';
import { foldText } from '../../core/simplified.js';

/** What a record naming another member of a group the query names is worth: 小红书封面 asked as 公众号封面. */
export const CONTRAST_FACTOR = 0.5;

/**
 * Contrast: the query names one member of a group of mutually exclusive qualifiers (公众号 among the
 * platforms, 前端 / 后端, staging / production, Redis / Postgres: the resolver's contrast groups,
 * index/resolve/lexicon.ts), and a record names another member of that group and not the query's.
 * It states the fact of something else, so it is weighed down (×0.5): asked "公众号封面尺寸", the
 * 小红书 cover size is no answer, and shown first it would read as one. A record naming both, or
 * neither, keeps its score.
 */
export const contrastStage: Stage = {
  name: 'contrast',
  run(ctx, candidates) {
    // Not what is done to a thing (备份 / 提醒 / 导出): asked about a backup, the reminder to check it is still an answer.
    const asked = new Map([...contrastOf(foldText(ctx.q.text).toLowerCase())].filter(([g]) => !CLASH_ONLY.has(g)));
    if (asked.size === 0) return candidates;
    for (const c of candidates) {
      if (c.pinned) continue;
      const named = contrastOf(foldText(c.rec.text).toLowerCase());
      for (const [group, mine] of asked) {
        const theirs = named.get(group);
        if (!theirs || [...theirs].some((m) => mine.has(m))) continue;
        c.score *= CONTRAST_FACTOR;
        c.trace.push({ stage: 'contrast', group, asked: [...mine], names: [...theirs], factor: CONTRAST_FACTOR });
        break;
      }
    }
    return candidates;
  },
};
