import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

/** URL prefix under which DATA_DIR/uploads is served. */
export const UPLOADS_URL_PREFIX = '/uploads/';

/**
 * Branding files on disk, as `<organization id>/<random>.<ext>` under the uploads folder. Names are
 * random, so a file never changes and can be cached forever.
 */
export class UploadStore {
  constructor(readonly root: string) {}

  /** Writes a new file and returns its path relative to the root. */
  async save(organizationId: number, bytes: Uint8Array, extension: string): Promise<string> {
    const path = `${organizationId}/${randomBytes(16).toString('base64url')}.${extension}`;
    await mkdir(join(this.root, String(organizationId)), { recursive: true });
    try {
      await writeFile(this.absolute(path), bytes, { flag: 'wx', mode: 0o644 });
    } catch (error) {
      // A half-written file (disk full) must not stay behind.
      await this.remove(path).catch(() => {});
      throw error;
    }
    return path;
  }

  /** Deletes a file; a file that is already gone is fine. */
  async remove(path: string): Promise<void> {
    await rm(this.absolute(path), { force: true });
  }

  /** The bytes of a stored file. */
  read(path: string): Promise<Buffer> {
    return readFile(this.absolute(path));
  }

  /** Deletes every file of an organisation (its folder); nothing there is fine. */
  async removeOrganization(organizationId: number): Promise<void> {
    await rm(this.absolute(String(organizationId)), { recursive: true, force: true });
  }

  static url(path: string): string {
    return `${UPLOADS_URL_PREFIX}${path}`;
  }

  private absolute(path: string): string {
    const absolute = resolve(this.root, path);
    const inside = relative(this.root, absolute);
    if (inside === '' || inside.startsWith('..') || inside.includes(`..${sep}`)) {
      throw new Error(`Upload path outside the uploads folder: ${path}`);
    }
    return absolute;
  }
}
