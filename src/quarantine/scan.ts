/**
 * The injection scanner: does a record read like an instruction to the model? A few rules for now;
 * the full rule table (patterns as data, Chinese and English) replaces this file.
 */
export interface InjectionScan {
  flagged: boolean;
  hits: { rule: string; index: number }[];
}

const RULES: { id: string; re: RegExp }[] = [
  { id: 'ignore-instructions', re: /\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier)\s+(?:instructions|prompts|rules)/i },
  { id: 'ignore-instructions-zh', re: /(?:忽略|无视|忘记|忘掉)(?:之前|以上|上面|先前|前面)?(?:的)?(?:所有|全部|一切)?(?:指令|指示|提示|规则|设定)/ },
  { id: 'role-override', re: /\byou are now\b|从现在(?:起|开始)你(?:是|扮演)|<\|im_start\|>|\bsystem prompt\b|系统提示词?/i },
  { id: 'tool-call', re: /<\/?(?:tool_call|function_call|tool_use)\b/i },
];

export function scanForInjection(text: string): InjectionScan {
  const norm = text.normalize('NFKC').replace(/[\u200b-\u200f\u2060\ufeff]/g, '');
  const hits: InjectionScan['hits'] = [];
  for (const r of RULES) {
    const m = r.re.exec(norm);
    if (m) hits.push({ rule: r.id, index: m.index });
  }
  return { flagged: hits.length > 0, hits };
}
