/** The hit the learned scorer adds to a scan: `model:0.93` (injection-scanner.ts writes it; stamp.ts reads it). */
export const MODEL_HIT = 'model';
