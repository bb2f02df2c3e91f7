// The README's command lines, for the tests that run them: every `npx sim` line of its `sh` code
// blocks, as arguments, scaled down as the README says (-n at most 100 games, --shards 4, -j 1 where games are played).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameIds, loadGame } from '../../src/games/index.js';
import { ROOT } from './runCli.js';

/** `<game> <view>` of every view: exact commands that play no games and take no -j. */
const GAMES = await Promise.all(gameIds({ hidden: true }).map(loadGame));
const VIEWS = new Set(GAMES.flatMap((g) => (g.views ?? []).map((v) => `${g.id} ${v.name}`)));
/** `<game> <mode>` of every mode that is exact unless told otherwise (method exact by default): no games, so -j is refused there too. */
const EXACT_BY_DEFAULT = new Set(GAMES.flatMap((g) => g.modes.filter((m) => m.params.some((p) => p.key === 'method' && p.default === 'exact')).map((m) => `${g.id} ${m.name}`)));

export const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The README's `sh` code blocks, in order. */
export function shBlocks(): string[] {
  return [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/** The arguments of every `npx sim` command of a block (a trailing `# comment` dropped), in order. */
export function simCommands(block: string): string[][] {
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, ''))
    .flatMap((line) => {
      const at = line.indexOf('npx sim ');
      return at < 0 ? [] : [shellWords(line.slice(at + 'npx sim '.length).trim())];
    });
}

/** Words as a POSIX shell splits them: whitespace outside quotes; '…' and "…" quote (no escapes inside). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/(?:'[^']*'|"[^"]*"|[^\s'"]+)+/g)) words.push(m[0].replace(/'([^']*)'|"([^"]*)"/g, (_, a: string | undefined, b: string | undefined) => a ?? b ?? ''));
  return words;
}

/** The README's scaling for the tests: -n cut to at most 100 games, --budget to 600, --shards to 4, one thread (-j 1) unless the line says or it is a view (no games, no -j). */
export function scaled(args: readonly string[]): string[] {
  const out = [...args];
  for (let i = 0; i + 1 < out.length; i++) {
    if (out[i] === '-n' || out[i] === '--games') out[i + 1] = String(Math.min(Number(out[i + 1]), 100));
    if (out[i] === '--shards') out[i + 1] = '4';
    if (out[i] === '--budget') out[i + 1] = String(Math.min(Number(out[i + 1]), 600));
  }
  const worker = out[0] === 'worker' || out[0] === 'submit' || out[0] === 'merge';
  const view = VIEWS.has(`${out[0]} ${out[1]}`);
  const exact = EXACT_BY_DEFAULT.has(`${out[0]} ${out[1]}`) && !out.some((a, i) => (a === '--method' && out[i + 1] === 'mc') || a === 'method=mc');
  return worker || view || exact || out.includes('-j') || out.includes('--jobs') ? out : [...out, '-j', '1'];
}
