import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/**
 * Where uploaded files live (issue 19): on disk under DATA_DIR by default, or in an S3-compatible bucket
 * by setting. Keys are made here (a folder and a random name), never from a client's file name.
 */
export interface FileStore {
  put(folder: string, ext: string, bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z]+\/[0-9a-f-]{36}\.(png|jpg|webp|bin)$/;

const checked = (key: string) => {
  if (!KEY.test(key)) throw new Error(`bad file key ${key}`);
  return key;
};
const newKey = (folder: string, ext: string) => checked(`${folder}/${randomUUID()}.${ext}`);

export function diskFileStore(root: string): FileStore {
  const file = (key: string) => path.join(root, checked(key));
  return {
    async put(folder, ext, bytes) {
      const key = newKey(folder, ext);
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

export interface S3Settings {
  /** The service's address: https://s3.<region>.amazonaws.com, or any S3-compatible one (MinIO, R2…). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const TYPE: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * Files in an S3-compatible bucket, addressed path-style (<endpoint>/<bucket>/<key>), every request signed
 * with AWS Signature Version 4 (aws4fetch). The bucket keeps its objects private: files are served through
 * the API as before, never by a public bucket URL.
 */
export function s3FileStore(s: S3Settings, doFetch: typeof fetch = fetch): FileStore {
  const client = new AwsClient({
    accessKeyId: s.accessKeyId,
    secretAccessKey: s.secretAccessKey,
    region: s.region,
    service: 's3',
  });
  const base = `${s.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(s.bucket)}`;
  const call = async (method: string, key: string, body?: Buffer) => {
    const request = await client.sign(`${base}/${checked(key)}`, {
      method,
      ...(body
        ? {
            body: new Uint8Array(body),
            headers: {
              'content-type': TYPE[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
            },
          }
        : {}),
    });
    return doFetch(request);
  };
  const failed = async (what: string, res: Response) =>
    new Error(
      `file store: ${what} answered ${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`,
    );
  return {
    async put(folder, ext, bytes) {
      const key = newKey(folder, ext);
      const res = await call('PUT', key, bytes);
      if (!res.ok) throw await failed('PUT', res);
      return key;
    },
    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw await failed('GET', res);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      const res = await call('DELETE', key);
      if (!res.ok && res.status !== 404) throw await failed('DELETE', res);
    },
  };
}
