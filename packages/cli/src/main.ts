import { processIo } from './io/cliIo';
import { runLoop } from './runLoop';

// The `loop` command (bin of @loop/cli, bundled into dist/loop.mjs).
process.exitCode = await runLoop(process.argv.slice(2), processIo());
