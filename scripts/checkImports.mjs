#!/usr/bin/env node
// Checks the import graph of src/: the one-way layering (core ← games ← run ← report ← cli) and no
// import cycles (static and dynamic imports alike; type-only imports, erased by TypeScript, count for
// the layering only). Prints each problem on a line; exit 1 if any.
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

/**
 * Relative imports of a file (static `… from '…'`, `import '…'`, dynamic `import('…')`), as
 * absolute .ts paths, each marked `typeOnly` when it imports types alone (`import type …`, or
 * braces holding only `type X` names): TypeScript erases those, so they order no module evaluation.
 */
export function importsOf(file, text = readFileSync(file, 'utf8')) {
  const out = [];
  const re = /\bimport\s*\(\s*(['"])(\.{1,2}\/[^'"]+)\1|\b(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s+(['"])(\.{1,2}\/[^'"]+)\6|\bimport\s+(['"])(\.{1,2}\/[^'"]+)\8/g;
  for (let m; (m = re.exec(text)); ) {
    const spec = m[2] ?? m[7] ?? m[9];
    const braces = m[5] ? /^\{([^}]*)\}$/.exec(m[5].trim()) : null;
    const allTypes = braces !== null && braces[1].split(',').map((x) => x.trim()).filter(Boolean).every((x) => x.startsWith('type '));
    out.push({ path: resolve(dirname(file), spec).replace(/\.js$/, '.ts'), typeOnly: m[4] !== undefined || allTypes });
  }
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
  const edges = new Map(files.map((f) => [f, importsOf(f).filter((t) => t.path.startsWith(SRC))]));
  // Layering holds for every import; cycles are about evaluation order, so type-only imports are left out of them.
  const graph = new Map([...edges].map(([f, list]) => [f, list.filter((t) => !t.typeOnly).map((t) => t.path)]));
  const problems = [];
  for (const [file, list] of edges) {
    const from = placeOf(SRC, file);
    for (const t of list.map((x) => x.path)) {
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
