import * as vectors from './vectors.js';

/**
 * The embeddings side of a home. The library has it loaded already; the CLI bundle loads it only for
 * a home that configures embeddings (scripts/bundle-cli.js): they are off by default.
 */
export const loadVectors = (): typeof vectors => vectors;
