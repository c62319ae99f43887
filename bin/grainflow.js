#!/usr/bin/env node
// Entry point of the published CLI: runs the tsc-compiled code (worker threads need compiled JS on Node 20).
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
