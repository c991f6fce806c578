import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (issue 19): on disk under DATA_DIR by default. Keys are made here (a folder
 * and a random name), never from a client's file name.
 */
export interface FileStore {
  put(folder: string, ext: string, bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z]+\/[0-9a-f-]{36}\.(png|jpg|webp)$/;

export function diskFileStore(root: string): FileStore {
  const file = (key: string) => {
    if (!KEY.test(key)) throw new Error(`bad file key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(folder, ext, bytes) {
      const key = `${folder}/${randomUUID()}.${ext}`;
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written whole or not at all: a reader never sees half a file.
      const tmp = `${target}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, target);
      return key;
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
  };
}
