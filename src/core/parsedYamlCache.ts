// Parsed YAML of the data files the package ships (scenarios/**/*.yaml), kept as JSON in
// dist/.yaml-cache/, one file per text, named by the hash of (cache version, yaml library version,
// nesting limit, text). Why: loading the YAML library and parsing a data file with it, cold, costs
// 50–120 ms a file — most of a one-game run's start-up — where JSON.parse of the same value takes
// under a millisecond (bench/startup.ts). Like Python's __pycache__: written on first use, and a
// cache that cannot be read or written is simply not used. Only a text identical to a shipped file
// is stored, and an entry is served only while the shipped file it names still has that text (a
// user's own files never are, whatever the folder holds), only from an entry no one else can write;
// only a value JSON keeps exactly, and the same text always gives the same value, so results never
// depend on the cache.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { packageInfo } from './packageInfo.js';

/** Raised when what is stored, or how it is named, changes: older entries are then never read (3: a file of two documents is refused, not cut to its first). */
const CACHE_VERSION = 3;

export interface ParsedYamlCacheDirs {
  /** Where entries live (default: dist/.yaml-cache in the package). */
  dir: string;
  /** The folder whose YAML files may be stored (default: the package's scenarios/). */
  shipped: string;
}

let defaults: ParsedYamlCacheDirs | undefined;
function defaultDirs(): ParsedYamlCacheDirs {
  const root = packageInfo().root;
  return (defaults ??= { dir: join(root, 'dist', '.yaml-cache'), shipped: join(root, 'scenarios') });
}

let yamlVersion: string | undefined;
/** The installed yaml library's version (read from its package.json, without loading the library). */
function libraryVersion(): string {
  if (yamlVersion === undefined) {
    const file = createRequire(import.meta.url).resolve('yaml/package.json');
    yamlVersion = String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version);
  }
  return yamlVersion;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function entryName(text: string, maxDepth: number): string {
  return `${sha256(`sim-yaml-cache ${CACHE_VERSION}\nyaml ${libraryVersion()}\ndepth ${maxDepth}\n${text}`)}.json`;
}

/**
 * The stored value parsed from `text` under `maxDepth`, or undefined when there is none, it cannot
 * be read, or it is not trusted. An entry names the shipped file it was stored for; it is served
 * only while that file's text is `text` (so never for a text no shipped file has, whatever the cache
 * folder holds), and only from an entry this user owns that no one else can write.
 */
export function readParsedYaml(text: string, maxDepth: number, dirs: ParsedYamlCacheDirs = defaultDirs()): unknown {
  try {
    const fd = openSync(join(dirs.dir, entryName(text, maxDepth)), 'r');
    let raw: string;
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || (st.mode & 0o022) !== 0 || (typeof process.getuid === 'function' && st.uid !== process.getuid())) return undefined;
      raw = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
    const entry = JSON.parse(raw) as { source?: unknown; value?: unknown };
    const source = entry.source;
    if (typeof source !== 'string' || source.split(/[\\/]/).some((part) => part === '..' || part === '') || isAbsolute(source)) return undefined;
    if (sha256(readFileSync(join(dirs.shipped, source), 'utf8')) !== sha256(text)) return undefined;
    return entry.value;
  } catch {
    return undefined;
  }
}

/** The shipped YAML files by the hash of their text (path relative to the folder), per folder (read once per process, on the first store). */
const shippedHashes = new Map<string, Map<string, string>>();
function shippedTexts(folder: string): Map<string, string> {
  let map = shippedHashes.get(folder);
  if (!map) {
    map = new Map();
    for (const e of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.ya?ml$/.test(e)) continue;
      try {
        const hash = sha256(readFileSync(join(folder, e), 'utf8'));
        if (!map.has(hash)) map.set(hash, e);
      } catch {
        /* a folder named *.yaml, a file gone: not shipped data */
      }
    }
    shippedHashes.set(folder, map);
  }
  return map;
}

/**
 * Stores `value`, parsed from `text` under `maxDepth`, when `text` is a shipped file's and JSON
 * keeps the value exactly (no -0, NaN or infinities); atomically (a temp file renamed), and
 * silently not at all when the folder cannot be written (a read-only install). Returns whether it stored it.
 */
export function storeParsedYaml(text: string, maxDepth: number, value: unknown, dirs: ParsedYamlCacheDirs = defaultDirs()): boolean {
  try {
    const source = shippedTexts(dirs.shipped).get(sha256(text));
    if (source === undefined) return false;
    const json = JSON.stringify(value);
    if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) return false;
    mkdirSync(dirs.dir, { recursive: true });
    const file = join(dirs.dir, entryName(text, maxDepth));
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      // Owner-only writable: an entry others could write is never read (readParsedYaml).
      writeFileSync(tmp, JSON.stringify({ source, value }), { flag: 'wx', mode: 0o644 });
      renameSync(tmp, file);
    } catch (e) {
      try {
        unlinkSync(tmp);
      } catch {
        /* never made */
      }
      throw e;
    }
    return true;
  } catch {
    return false;
  }
}
