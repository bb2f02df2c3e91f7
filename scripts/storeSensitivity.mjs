// Records a `sim sensitivity` JSON report as the measured entry of a game's configuration in
// scenarios/<game>/sensitivity.yaml (src/core/sensitivityNote.ts prints it in every report of that
// configuration). Usage:
//   node scripts/storeSensitivity.mjs REPORT.json "sim sensitivity terror -n 5000 --seed 1" [TOP]
// The entry for the same mode and parameters is replaced; the others are kept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

const [file, command, topRaw] = process.argv.slice(2);
if (!file || !command) {
  console.error('usage: node scripts/storeSensitivity.mjs REPORT.json "COMMAND" [TOP]');
  process.exit(2);
}
const r = JSON.parse(readFileSync(file, 'utf8'));
if (r.kind !== 'sensitivity' || r.partial) {
  console.error(`${file}: not a complete sensitivity report`);
  process.exit(2);
}
const [gameId, ...modeWords] = r.game.split(' ');
const base = r.params.base;
// The configuration: the parameters given (the report's base holds every resolved one; keep those
// that differ from a default run of the same mode, read from a default sensitivity-free report).
const given = JSON.parse(process.env.SIM_CONFIG ?? '{}');
const top = Number(topRaw ?? 5);
const effects = r.result.effects.filter((e) => e.changed > 0);
// The default's main metric on these games: one simulation's (a report of several, such as
// `--rev9 all`, has a baseline per simulation and is not an entry of one configuration).
if (r.result.baseline.length !== 1) {
  console.error(`${file}: ${r.result.baseline.length} baselines (one per simulation); store a report of one configuration`);
  process.exit(2);
}
const entry = {
  mode: modeWords.join(' '),
  params: given,
  games: r.n,
  seed: r.seed,
  metric: r.result.metric,
  rate: r.result.kind === 'rate',
  command,
  baseline: r.result.baseline[0].estimate,
  changes: r.result.effects.length,
  neverInPlay: r.result.effects.length - effects.length,
  skipped: r.result.skipped.length,
  top: effects.slice(0, top).map((e) => ({
    change: `${e.key.replace(/^data\./, '')} ${e.from} → ${e.to}${e.label ? ` (${e.label})` : ''}`,
    difference: Number(e.difference.toFixed(5)),
    lo: Number(e.lo.toFixed(5)),
    hi: Number(e.hi.toFixed(5)),
  })),
};
void base;
const out = `scenarios/${gameId}/sensitivity.yaml`;
const doc = existsSync(out) ? parse(readFileSync(out, 'utf8')) : { measured: [] };
const same = (e) => e.mode === entry.mode && JSON.stringify(e.params ?? {}) === JSON.stringify(entry.params);
doc.measured = [...(doc.measured ?? []).filter((e) => !same(e)), entry];
const header = `# What \`sim sensitivity\` last measured on reference configurations of ${gameId}: the changes that move
# the main number most (change − baseline on the same games, one at a time, 95% intervals). Every
# report of one of these configurations prints its entry; any other says it was not measured.
# Written by scripts/storeSensitivity.mjs from the command each entry names; re-measure when the
# rules, the data or the default policy change (test/storedFresh.test.ts plays the default on each
# entry's games again and requires its baseline, and compares the number of changes).
`;
writeFileSync(out, header + stringify(doc, { lineWidth: 0 }));
console.log(`wrote ${out}`);
