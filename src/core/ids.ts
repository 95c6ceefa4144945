import { nodeCrypto } from './lazy-crypto.js';

/**
 * Record ids: 10 characters of millisecond time then 6 random, in Crockford base32, lower case.
 * Sortable by creation time, short enough to type, unique without coordination.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

export function newId(nowMs: number = Date.now()): string {
  let t = Math.max(0, Math.floor(nowMs));
  let time = '';
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = nodeCrypto().randomBytes(6);
  let rand = '';
  for (let i = 0; i < 6; i++) rand += ALPHABET[bytes[i]! % 32];
  return time + rand;
}

export function isValidId(id: string): boolean {
  return ID_PATTERN.test(id);
}
