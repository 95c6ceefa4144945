import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * node:crypto, loaded on first use. Most commands never hash or draw random bytes, and loading it
 * (with what an ES import of it pulls in) is a measurable part of a command's start-up.
 */
export function nodeCrypto(): typeof import('node:crypto') {
  return require('node:crypto') as typeof import('node:crypto');
}
