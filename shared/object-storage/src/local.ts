import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { checkKey, contentTypeOf, rangeEnd } from './keys.js';
import type { ByteRange, ObjectInfo, ObjectStorage, StoredObject } from './types.js';

/**
 * Objects as files under one folder (the default: a single machine needs nothing else). A folder keeps no
 * metadata, so the content type is always the one of the key's extension (`contentTypeOf`), and the entity tag is
 * weak, made of size and modification time as a static file server makes it.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    fs.mkdirSync(this.root, { recursive: true });
  }

  /** The file of a key; checkKey already refused every segment that could leave the folder. */
  pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  private info(key: string, stat: fs.Stats): ObjectInfo {
    return {
      key,
      size: stat.size,
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      contentType: contentTypeOf(key),
      lastModified: stat.mtime,
    };
  }

  async put(key: string, body: Uint8Array | string): Promise<ObjectInfo> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half a file, and a crash leaves only a hidden temporary file
    // (hidden names are no keys, so list() never shows it).
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.promises.writeFile(tmp, body);
      await fs.promises.rename(tmp, file);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
    return this.info(key, await fs.promises.stat(file));
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fs.promises.stat(this.pathOf(key));
      return stat.isFile() ? this.info(key, stat) : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    // Stat and read through one open handle: a put that renames a new file in between cannot mix the two.
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const info = this.info(key, stat);
      const end = range ? rangeEnd(range, stat.size) : undefined;
      const body = handle.createReadStream(range ? { start: range.start, end } : {});
      return { info, body };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async list(prefix = ''): Promise<ObjectInfo[]> {
    // Walk only the folder the prefix is inside (S3 prefixes are plain strings: `upload/2026/0` matches 2026/05/…).
    const slash = prefix.lastIndexOf('/');
    const start = slash < 0 ? '' : prefix.slice(0, slash);
    if (start) checkKey(start);
    const out: ObjectInfo[] = [];
    const walk = async (rel: string) => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(rel ? path.join(this.root, ...rel.split('/')) : this.root, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const e of entries) {
        if (e.name.startsWith('.')) continue;
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(key);
        } else if (e.isFile() && key.startsWith(prefix)) {
          out.push(this.info(key, await fs.promises.stat(path.join(this.root, ...key.split('/')))));
        }
      }
    };
    await walk(start);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
