/** The injection scanner: the built-in rules, the scan, and the learned scorer beside it. */
export { injectionScanner } from './injection-scanner.js';
export { scanForInjection } from './scan.js';
export { BUILTIN_RULES } from './rules.js';
