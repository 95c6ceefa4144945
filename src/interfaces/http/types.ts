import type { Context } from 'hono';
import type { ServerConfig } from '../../config.js';
import type { Optmem } from '../../optmem.js';
import type { Principal } from './principal.js';
import type { ScopedMemory } from './scoped-memory.js';

/** What a request carries through the middleware: who asks, and what the audit line will say. */
export interface AppEnv {
  Variables: {
    principal: Principal | null;
    /** ids of records the request wrote, count of records it returned */
    audit: { written: string[]; returned: number | null };
    /** the memory as this request's principal may see it (set after authentication) */
    mem: ScopedMemory;
  };
}

export type Ctx = Context<AppEnv>;

/** What the routes receive from the composition root. */
export interface RouteDeps {
  optmem: Optmem;
  config: ServerConfig;
  log: (s: string) => void;
}
