// The output the README quotes, from real runs. A quoted block is a `text` code block after a marker
// naming the command (with its seed, when it plays games) and the lines of its standard output it shows:
//
//   <!-- quoted: npx sim compare darkfate --set woundsToDie=4 -n 5000 --seed 1 (line 4) -->
//
// `node scripts/readmeQuotes.mjs` (npm run readme:quotes, after a build) runs each command with this
// checkout's bin/sim and rewrites its block; test/readme.test.ts runs them too and fails when a
// block differs from what the command prints.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MARKER = /<!-- quoted: npx sim (.+?) \(lines? (\d+)(?:-(\d+))?\) -->\n```text\n([\s\S]*?)```/g;

/** Every quoted block of `readme`: the command's arguments, the 1-based line range, the quoted text, and where it sits. */
export function quotedBlocks(readme) {
  return [...readme.matchAll(MARKER)].map((m) => ({
    args: m[1].trim().split(/\s+/),
    from: Number(m[2]),
    to: Number(m[3] ?? m[2]),
    quoted: m[4].replace(/\n$/, '').split('\n'),
    index: m.index,
    length: m[0].length,
    marker: m[0].slice(0, m[0].indexOf('\n')),
  }));
}

/** The lines [from, to] (1-based) of an output. */
export function linesOf(stdout, from, to) {
  return stdout.split('\n').slice(from - 1, to);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = fileURLToPath(new URL('../README.md', import.meta.url));
  const bin = fileURLToPath(new URL('../bin/sim', import.meta.url));
  let readme = readFileSync(file, 'utf8');
  // From the last block back, so earlier offsets stay valid.
  for (const b of quotedBlocks(readme).reverse()) {
    const r = spawnSync(process.execPath, [bin, ...b.args, '-q'], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) });
    if (r.status !== 0) throw new Error(`sim ${b.args.join(' ')} exited ${r.status}: ${r.stderr}`);
    const block = `${b.marker}\n\`\`\`text\n${linesOf(r.stdout, b.from, b.to).join('\n')}\n\`\`\``;
    readme = readme.slice(0, b.index) + block + readme.slice(b.index + b.length);
    console.log(`quoted: sim ${b.args.join(' ')}`);
  }
  writeFileSync(file, readme);
}
