import { randomBytes } from 'node:crypto';
import { link, open, rename, unlink } from 'node:fs/promises';
import type { StoredAuthSecret } from '../ports/stored-auth-secret.js';
import { readStateText, StateFileError } from './state-file.js';

/** Shortest key accepted from the file, as for AUTH_SECRET. */
const MIN_LENGTH = 32;

async function readKey(file: string): Promise<string | undefined> {
  const text = await readStateText(file);
  if (text === undefined) return undefined;
  const key = text.trim();
  if (key.length < MIN_LENGTH || /\s/.test(key))
    throw new StateFileError(
      file,
      `does not hold a signing key (one line of at least ${MIN_LENGTH} characters)`,
    );
  return key;
}

/**
 * The signing key kept in `file` (mode 0600), made once when there is none, so sessions and display links
 * stay valid across restarts without configuration. The new key is written to a temporary file, synced, then
 * hard-linked into place: link() never replaces, so gateways starting together on one shared DATA_DIR
 * (docker-compose --scale) all end up with the one key that won. Where the file system has no hard links, a
 * rename puts it in place instead (still atomic, but the last of simultaneous starters wins).
 */
export async function loadOrCreateAuthSecret(file: string): Promise<StoredAuthSecret> {
  const existing = await readKey(file);
  if (existing) return { value: existing, file, created: false };
  const temporary = `${file}.${process.pid}.new`;
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(`${randomBytes(48).toString('base64url')}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await link(temporary, file).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') await rename(temporary, file);
    });
  } catch (error) {
    throw new StateFileError(
      file,
      `could not be created (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  const value = await readKey(file);
  if (!value) throw new StateFileError(file, 'vanished right after it was created');
  return { value, file, created: true };
}
