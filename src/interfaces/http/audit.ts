/**
 * The audit log: one JSON line per request under the home (`server/audit.jsonl`): when, which
 * token, route, method, status, the ids of records written and how many were returned. Never the
 * token, the query text or the body.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface AuditEntry {
  time: string;
  /** the token's id (or session:… for an inspector login); null when none was valid */
  token: string | null;
  method: string;
  /** the route's pattern, e.g. /api/records/:id */
  route: string;
  status: number;
  /** ids of records written by the request */
  written?: string[];
  /** how many records (or results) the request returned */
  returned?: number;
  ms: number;
}

export interface AuditLog {
  write(e: AuditEntry): void;
}

export function fileAuditLog(file: string, onError: (e: Error) => void): AuditLog {
  let ready = false;
  return {
    write(e) {
      try {
        if (!ready) {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          ready = true;
        }
        fs.appendFileSync(file, JSON.stringify(e) + '\n', { mode: 0o600 });
      } catch (err) {
        onError(err as Error);
      }
    },
  };
}
