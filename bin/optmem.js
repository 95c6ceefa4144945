#!/usr/bin/env node
// The optmem command. Runs the built CLI (npm install / npm ci builds it through `prepare`).
import { runMain, processIO } from '../dist/interfaces/cli/main.js';

process.exitCode = runMain(process.argv.slice(2), processIO());
