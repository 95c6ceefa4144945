/**
 * Inspector logins. `optmem login` writes a one-time link secret (hashed) to `server/logins.json`;
 * the server's `/login?t=…` spends it once, before its expiry, for a session cookie
 * (HttpOnly, SameSite=Strict). Sessions live in the server's memory: a restart logs everyone out.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { writeFileAtomic } from '../../store/durable-file.js';
import { sameDigest, sha256 } from './tokens.js';

interface LinkEntry {
  hash: string;
  expires: number;
}

export class LoginLinks {
  constructor(readonly file: string) {}

  private read(): LinkEntry[] {
    try {
      const data = JSON.parse(fs.readFileSync(this.file, 'utf8')) as { links?: LinkEntry[] };
      return Array.isArray(data.links) ? data.links : [];
    } catch {
      return [];
    }
  }

  private write(links: LinkEntry[]): void {
    writeFileAtomic(this.file, JSON.stringify({ format: 'optmem-logins', links }) + '\n');
    try {
      fs.chmodSync(this.file, 0o600);
    } catch {
      // no modes on this filesystem
    }
  }

  /** A new one-time secret, valid for `seconds`. */
  create(seconds: number, now = Date.now()): string {
    const secret = crypto.randomBytes(32).toString('base64url');
    this.write([...this.read().filter((l) => l.expires > now), { hash: sha256(secret), expires: now + seconds * 1000 }]);
    return secret;
  }

  /** Spend a secret: true once, before it expires; it is gone afterwards either way. */
  spend(secret: string, now = Date.now()): boolean {
    if (!secret || secret.length > 200) return false;
    const digest = sha256(secret);
    const links = this.read();
    const hit = links.find((l) => sameDigest(digest, l.hash));
    if (!hit) return false;
    this.write(links.filter((l) => l !== hit && l.expires > now));
    return hit.expires > now;
  }
}

/** Cookie sessions: random ids, kept hashed in memory with their expiry. */
export class Sessions {
  private readonly live = new Map<string, number>();

  constructor(private readonly seconds: number) {}

  open(now = Date.now()): string {
    const id = crypto.randomBytes(32).toString('base64url');
    this.live.set(sha256(id), now + this.seconds * 1000);
    return id;
  }

  /** The session's short public name for the audit log, or null when it is unknown or expired. */
  check(id: string | undefined, now = Date.now()): string | null {
    if (!id || id.length > 200) return null;
    const h = sha256(id);
    const exp = this.live.get(h);
    if (exp === undefined) return null;
    if (exp <= now) {
      this.live.delete(h);
      return null;
    }
    return `session:${h.slice(0, 12)}`;
  }

  close(id: string | undefined): void {
    if (id) this.live.delete(sha256(id));
  }

  get maxAge(): number {
    return this.seconds;
  }
}
