#!/usr/bin/env node
// Runs the pnpm version pinned in package.json's `packageManager`, so a fresh machine with only
// Node and npm needs nothing installed globally. Uses a global pnpm when it is the same version.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { nodeVersionProblem } from './nodeVersion.mjs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const problem = nodeVersionProblem(process.version, manifest.engines.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const pinned = manifest.packageManager;
const version = pinned.split('@')[1];
const args = process.argv.slice(2);

function globalPnpmVersion() {
  try {
    return execFileSync('pnpm', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

const useGlobal = globalPnpmVersion() === version;
const [cmd, cmdArgs] = useGlobal ? ['pnpm', args] : ['npx', ['--yes', `pnpm@${version}`, ...args]];
const result = spawnSync(cmd, cmdArgs, {
  stdio: 'inherit',
  env: { ...process.env, COREPACK_ENABLE_STRICT: '0' },
});
process.exit(result.status ?? 1);
