import { detectTrigger } from '../../ingest/detect.js';
import type { Detection, Trigger } from '../../ingest/types.js';

/**
 * The reminder a UserPromptSubmit hook adds to the model's context: only when the user's prompt
 * carries a write trigger (the same detector the auto-diary uses), never on every prompt, and
 * short (at most `MAX_REMINDER_CHARS`), because it is paid for in every request of the turn.
 */
export const MAX_REMINDER_CHARS = 600;

/** The detector reads at most this much of a prompt: a pasted log past it says nothing more. */
const MAX_PROMPT_CHARS = 8000;

const WHAT: Record<Trigger, string> = {
  'task-result': 'a finished task and its result',
  lesson: 'a pitfall or lesson',
  'config-change': 'a configuration change',
  decision: 'a decision',
  'inventory-change': 'a service, project or skill added or removed',
  'agent-exchange': 'an exchange with another agent',
};

/** What the detector says of the prompt, as the user's turn. */
export function detectPrompt(prompt: string): Detection {
  return detectTrigger({ role: 'user', text: prompt.slice(0, MAX_PROMPT_CHARS) });
}

/** The reminder for a prompt, or null when it carries no write trigger. */
export function reminderFor(prompt: string): string | null {
  const d = detectPrompt(prompt);
  if (!d.trigger && !d.correction) return null;
  const what = d.correction ? 'a correction of an earlier fact' : WHAT[d.trigger!];
  const cues = d.cues
    .map((c) => c.replace(/[\s"`]+/g, ' ').trim().slice(0, 24))
    .filter((c) => c.length >= 2)
    .slice(0, 2);
  const how = d.correction
    ? 'write the corrected fact as a new record marked 〔更正〕 (kind `correction`), naming what it corrects'
    : 'write it as one or two self-contained sentences (what, why, with names, paths, ports and versions as said)';
  const text =
    `optmem: the user's message carries a write trigger: ${what}${cues.length ? ` (cues: ${cues.join(', ')})` : ''}. ` +
    `Before replying, record it with optmem's \`add\` tool: ${how}. ` +
    'The raw turn also goes to the diary when the turn ends.';
  return text.length <= MAX_REMINDER_CHARS ? text : text.slice(0, MAX_REMINDER_CHARS - 1) + '…';
}
