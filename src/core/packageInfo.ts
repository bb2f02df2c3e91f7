// The tool's own version, read from package.json (found by walking up from this file, which
// lives at src/cli in source and dist/src/cli when compiled).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: { name: string; version: string; root: string } | null = null;

export function packageInfo(): { name: string; version: string; root: string } {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'sim') return (cached = { name: pkg.name, version: pkg.version ?? '0.0.0', root: dir });
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the sim package.json');
    dir = up;
  }
}
