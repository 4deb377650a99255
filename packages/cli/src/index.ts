// @loop/cli: the command-line client `loop` (docs/cli.md). Its entry for tests and other Node code:
// run the command with an io of your own; the bin is main.ts, bundled to dist/loop.mjs.

export { CLI_MESSAGES } from './cliMessages';
export type { Command, CommandInput } from './commands/command';
export { COMMANDS } from './commands/commands';
export type { SavedDelivery } from './commands/savedDelivery';
export type { Connection, ConnectionOptions } from './connection/connection';
export { CONNECTION_ENV, connect, DEFAULT_URL } from './connection/connection';
export { EXIT, type ExitCode, exitCodeOfStatus } from './exitCodes';
export type { CliFiles, CliIo, OutputStream } from './io/cliIo';
export { nodeFiles, processIo } from './io/cliIo';
export { runLoop } from './runLoop';
