// The documented layering (core ← games ← run ← report ← cli; a game imports only core and its own
// folder) and no import cycles in src/, checked by scripts/checkImports.mjs on every `npm test`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const check = (root?: string) => spawnSync(process.execPath, [join(ROOT, 'scripts/checkImports.mjs'), ...(root ? [root] : [])], { encoding: 'utf8' });

describe('import graph of src/', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('holds the layering and has no cycles', () => {
    const r = check();
    expect(r.stdout).toMatch(/ 0 problem\(s\)\n$/);
    expect(r.status).toBe(0);
  });

  it('the check finds a game importing another game, the shell or the registry, an upward import, and a cycle', () => {
    const root = tempDir('sim-layering-');
    dirs.push(root);
    const file = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    file('src/core/a.ts', "import { b } from './b.js';\nexport const a = 1;\n");
    file('src/core/b.ts', "import { a } from './a.js';\nexport const b = 2;\n");
    // Type-only imports are erased: a cycle through one orders no evaluation, so it is not reported.
    file('src/core/c.ts', "import type { d } from './d.js';\nexport const c = 1;\n");
    file('src/core/d.ts', "import { type c } from './c.js';\nexport const d = 1;\n");
    file('src/games/index.ts', "export const games = await import('./x/index.js');\n");
    file('src/games/x/index.ts', "import { y } from '../y/index.js';\nimport { run } from '../../run/r.js';\nimport { games } from '../index.js';\n");
    file('src/games/y/index.ts', 'export const y = 1;\n');
    file('src/run/r.ts', "import { c } from '../cli/c.js';\nexport const run = 1;\n");
    file('src/cli/c.ts', "import { y } from '../games/y/index.js';\nexport const c = 1;\n");
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('src/games/x/index.ts imports src/games/y/index.ts: a game may not import another game');
    expect(r.stdout).toContain('src/games/x/index.ts imports src/run/r.ts: games may not import run');
    expect(r.stdout).toContain('src/games/x/index.ts imports src/games/index.ts: a game may not import the registry');
    expect(r.stdout).toContain('src/run/r.ts imports src/cli/c.ts: run may not import cli');
    expect(r.stdout).toContain('src/cli/c.ts imports src/games/y/index.ts: only the registry (src/games/index.ts) may import a game folder');
    expect(r.stdout).toContain('import cycle: src/core/a.ts → src/core/b.ts → src/core/a.ts');
    expect(r.stdout).toContain('import cycle: src/games/index.ts → src/games/x/index.ts → src/games/index.ts');
    expect(r.stdout).not.toContain('src/core/c.ts →');
  });
});
