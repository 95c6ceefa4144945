// Types of bench/handoff-cases.js, for the tests that import it.
export interface HandoffFact {
  id: string;
  kind: 'title' | 'path' | 'config' | 'version' | 'number' | 'done' | 'stuck' | 'next' | 'decision';
  fact: string;
  anyOf: string[][];
}
export interface HandoffCase {
  id: string;
  set: string;
  host: 'claude-code' | 'codex' | 'openclaw';
  lang: 'zh' | 'en' | 'mixed';
  project: string;
  facts: HandoffFact[];
  /** the transcript's path */
  transcript: string;
}
export const TEST_SETS: string[];
export function isTestSet(set: string): boolean;
export function loadHandoffCases(dir: string, opts?: { sets?: string[] }): HandoffCase[];
export function factRecalled(fact: { anyOf: string[][] }, text: string): boolean;
