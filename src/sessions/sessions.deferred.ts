import * as sessions from './sessions.js';

/**
 * Sessions (start packs, handoffs, core memory). The library has them loaded already; the CLI bundle
 * loads them on a handle's first session or core call (scripts/bundle-cli.js), never for a search.
 */
export const loadSessions = (): typeof sessions => sessions;
