import { readFile, rm, writeFile } from 'node:fs/promises';

const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another process (or this one) already uses the folder. */
export class DirectoryLockedError extends Error {
  override readonly name = 'DirectoryLockedError';
}

/**
 * Claims `<dir>.lock` for this process: PGlite has no lock of its own, and two processes writing one
 * data folder corrupt it. A lock left by a process that no longer runs is taken over. Returns the
 * release function.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`;
  if (heldHere.has(file)) throw new DirectoryLockedError(`${dir} is in dit proces al geopend.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      heldHere.add(file);
      return async () => {
        heldHere.delete(file);
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    // Our own pid in the file is a leftover (after a restart a container often reuses the pid).
    if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      throw new DirectoryLockedError(
        `${dir} is in gebruik door proces ${owner}. Stop dat proces of kies een andere DATA_DIR.`,
      );
    }
    await rm(file, { force: true });
  }
  throw new DirectoryLockedError(`${dir} kon niet worden vergrendeld.`);
}
