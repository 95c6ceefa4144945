import { shippedModel, detectWithModel } from './trigger-model.js';
import { detectByRules } from './triggers.js';
import type { Detection } from './types.js';

/**
 * Which write trigger a turn carries: the rules (`triggers.ts`) read the turn and the learned layer
 * (`trigger-model.ts`) weighs what they saw with the turn's shape and words. Without a shipped model
 * the rules decide alone. Deterministic and local either way.
 */
export function detectTrigger(turn: { role: string; text: string }, prev?: { role: string; text: string }): Detection {
  const model = shippedModel();
  return model ? detectWithModel(model, turn, prev) : detectByRules(turn, prev);
}
