/**
 * How long a command waits for another process holding the home's write lock or the index's
 * write lock before it gives up with a message: 15 s, or `OPTMEM_WAIT_MS` (milliseconds).
 */
export function waitMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.OPTMEM_WAIT_MS;
  if (v && /^\d{1,7}$/.test(v)) return Number(v);
  return 15_000;
}
