// `npm run bench`: throughput of every registered case on one core, with setup timed apart from
// the steady state, each read as a ratio to the reference deck-builder measured in the same run.
// Writes bench/results.json. Never part of `npm test`: machines are noisy.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { meetsTarget, type BenchCase, type BenchTarget } from './benchCase.js';
import { BENCH_CASES } from './cases.js';
import { REFERENCE_PLAYER_TURNS, referenceCase } from './referenceDeckBuilder.js';

interface Measurement {
  name: string;
  unit: string;
  setupMs: number;
  perSecond: number;
  ratioToReference: number | null;
  checksum: number;
  target?: BenchTarget & { met: boolean };
}

async function measure(c: BenchCase, seconds: number): Promise<Omit<Measurement, 'ratioToReference'>> {
  const t0 = performance.now();
  const state = await c.setup();
  const setupMs = performance.now() - t0;
  let checksum = 0;
  // Warm-up so the JIT has compiled the hot loop before timing.
  let start = 0;
  const warmEnd = performance.now() + Math.min(300, seconds * 300);
  while (performance.now() < warmEnd) {
    checksum += c.run(state, start, c.batch);
    start += c.batch;
  }
  // Timed in CPU seconds of this (single-threaded) process, not wall time: on a shared, loaded
  // machine the wall clock counts the time other processes held the core.
  let units = 0;
  const c1 = process.cpuUsage();
  const cpuMs = () => {
    const u = process.cpuUsage(c1);
    return (u.user + u.system) / 1000;
  };
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    checksum += c.run(state, start + units, c.batch);
    units += c.batch;
    elapsed = cpuMs();
  }
  return { name: c.name, unit: c.unit, setupMs, perSecond: (units / elapsed) * 1000, checksum };
}

const seconds = Number(process.env.BENCH_SECONDS ?? 1.5);
const filter = process.argv[2];
const cases = BENCH_CASES.filter((c) => !filter || c.name.includes(filter));
const ref = await measure(referenceCase, seconds);
const results: Measurement[] = [{ ...ref, ratioToReference: 1 }];
for (const c of cases) {
  // The reference again just before each case (half as long): the ratio compares the two under the same load.
  const refNow = cases.length > 1 ? await measure(referenceCase, seconds / 2) : ref;
  const m = await measure(c, seconds);
  // Games against reference games; player turns against the reference's player turns (40 a game).
  const ratio = c.unit === 'games' ? m.perSecond / refNow.perSecond : c.unit === 'turns' ? m.perSecond / (refNow.perSecond * REFERENCE_PLAYER_TURNS) : null;
  results.push({ ...m, ratioToReference: ratio, ...(c.target ? { target: { ...c.target, met: meetsTarget(c.target, m.perSecond, ratio) } } : {}) });
}
const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toPrecision(3));
for (const r of results) {
  const ratio = r.ratioToReference === null ? '' : `  ×${r.ratioToReference.toFixed(r.ratioToReference < 0.1 ? 3 : 2)} of reference${r.unit === 'turns' ? ' player turns' : ''}`;
  process.stdout.write(`${r.name.padEnd(58)} ${fmt(r.perSecond).padStart(14)} ${r.unit}/s  setup ${r.setupMs.toFixed(1)} ms${ratio}\n`);
  const t = r.target;
  if (t) process.stdout.write(`${''.padEnd(4)}target (${t.source}): ≥ ${fmt(t.perSecond)} ${r.unit}/s${t.ratio !== undefined ? ` and ≥ ×${t.ratio} of reference` : ''}: ${t.met ? 'met' : 'NOT MET'}\n`);
}
// The cost split of a policy's games: the engine's share is the replay's time per game over the whole game's.
for (const c of cases) {
  const engine = results.find((r) => r.name === c.name);
  const whole = results.find((r) => r.name === c.engineOf);
  if (!c.engineOf || !engine || !whole) continue;
  const share = whole.perSecond / engine.perSecond;
  process.stdout.write(`split of "${whole.name}": engine ${(100 * share).toFixed(0)}% of the CPU, the policy's decisions ${(100 * (1 - share)).toFixed(0)}%\n`);
}
const missed = results.filter((r) => r.target && !r.target.met);
process.stdout.write(missed.length ? `${missed.length} target(s) not met: ${missed.map((r) => r.name).join('; ')}\n` : 'every target met\n');
const out = fileURLToPath(new URL('../../bench/results.json', import.meta.url));
// A filtered run updates its own cases and keeps the others' last figures (marked with their date).
let kept: Record<string, unknown>[] = [];
if (filter && existsSync(out)) {
  const previous = JSON.parse(readFileSync(out, 'utf8')) as { results?: Record<string, unknown>[] };
  kept = (previous.results ?? []).filter((r) => !results.some((m) => m.name === r.name));
}
writeFileSync(
  out,
  JSON.stringify(
    {
      note: 'one core, CPU seconds; ratios are against the reference deck-builder measured in the same run (again just before each case)',
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      secondsPerCase: seconds,
      results: [
        ...results.map((r) => ({ ...r, perSecond: Math.round(r.perSecond), setupMs: Math.round(r.setupMs * 100) / 100 })),
        ...kept.map((r) => ({ ...r, fromEarlierRun: true })),
      ],
    },
    null,
    2,
  ) + '\n',
);
process.stdout.write(`wrote bench/results.json\n`);
