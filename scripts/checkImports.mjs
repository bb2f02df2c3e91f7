#!/usr/bin/env node
// Checks the import graph of src/: the one-way layering (core ← games ← run ← report ← cli) and no
// import cycles (static and dynamic imports alike). Prints each problem on a line; exit 1 if any.
// `npm test` runs it (test/layering.test.ts); `node scripts/checkImports.mjs [ROOT]` runs it alone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';


/** Layers in order: a file may import its own layer and the layers before it, never after. */
const LAYERS = ['core', 'games', 'run', 'report', 'cli'];

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Relative imports of a file (static `from '…'`, `import '…'`, dynamic `import('…')`), as absolute .ts paths. */
export function importsOf(file, text = readFileSync(file, 'utf8')) {
  const out = [];
  const re = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
  for (let m; (m = re.exec(text)); ) out.push(resolve(dirname(file), m[2]).replace(/\.js$/, '.ts'));
  return out;
}

/** `src/games/dice/x.ts` → { layer: 'games', game: 'dice' }; the registry src/games/index.ts is the games layer's shared part. */
function placeOf(SRC, file) {
  const parts = relative(SRC, file).split(/[\\/]/);
  return { layer: parts[0], game: parts[0] === 'games' && parts.length > 2 ? parts[1] : null };
}

/** Checks the tree under `root`/src; problems name files relative to `root`. */
export function checkImports(root) {
  const ROOT = root;
  const SRC = join(root, 'src');
  const files = walk(SRC);
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => t.startsWith(SRC))]));
  const problems = [];
  for (const [file, targets] of graph) {
    const from = placeOf(SRC, file);
    for (const t of targets) {
      const to = placeOf(SRC, t);
      const rel = `${relative(ROOT, file)} imports ${relative(ROOT, t)}`;
      if (!graph.has(t)) problems.push(`${rel}: no such file`);
      const fi = LAYERS.indexOf(from.layer);
      const ti = LAYERS.indexOf(to.layer);
      if (fi < 0 || ti < 0) problems.push(`${rel}: outside the layers ${LAYERS.join(', ')}`);
      else if (ti > fi) problems.push(`${rel}: ${from.layer} may not import ${to.layer} (layers: ${LAYERS.join(' ← ')})`);
      if (from.game && to.game && from.game !== to.game) problems.push(`${rel}: a game may not import another game`);
      // The shell reaches games only through the registry, which loads them lazily (`sim dice` loads no other game).
      if (from.layer !== 'games' && to.game) problems.push(`${rel}: only the registry (src/games/index.ts) may import a game folder`);
      // A game folder reaches other games only through nothing: not even the registry.
      if (from.game && to.layer === 'games' && !to.game) problems.push(`${rel}: a game may not import the registry`);
    }
  }
  // Cycles: depth-first search, each cycle reported once by its smallest rotation.
  const state = new Map();
  const stack = [];
  const seen = new Set();
  const visit = (f) => {
    state.set(f, 1);
    stack.push(f);
    for (const t of graph.get(f) ?? []) {
      if (!graph.has(t)) continue;
      if (state.get(t) === 1) {
        const cycle = stack.slice(stack.indexOf(t)).map((x) => relative(ROOT, x));
        const k = cycle.indexOf([...cycle].sort()[0]);
        const key = [...cycle.slice(k), ...cycle.slice(0, k)].join(' → ');
        if (!seen.has(key)) {
          seen.add(key);
          problems.push(`import cycle: ${key} → ${cycle[k]}`);
        }
      } else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of [...graph.keys()].sort()) if (!state.has(f)) visit(f);
  return { files: files.length, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ? resolve(process.argv[2]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const { files, problems } = checkImports(root);
  for (const p of problems) process.stdout.write(`${p}\n`);
  process.stdout.write(`${files} files, ${problems.length} problem(s)\n`);
  process.exitCode = problems.length ? 1 : 0;
}
