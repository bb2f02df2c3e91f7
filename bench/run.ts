// `npm run bench`: throughput of every registered case on one core, with setup timed apart from
// the steady state, each read as a ratio to the reference deck-builder measured in the same run,
// batch by batch in turn with the case (CPU time of each batch).
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

/** CPU milliseconds of this (single-threaded) process since `from`: on a shared, loaded machine the wall clock counts the time other processes held the core. */
function cpuMsSince(from: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
}

interface Running {
  c: BenchCase;
  state: unknown;
  setupMs: number;
  checksum: number;
  /** Next unit index. */
  next: number;
  units: number;
  cpuMs: number;
}

async function start(c: BenchCase): Promise<Running> {
  const t0 = performance.now();
  const state = await c.setup();
  return { c, state, setupMs: performance.now() - t0, checksum: 0, next: 0, units: 0, cpuMs: 0 };
}

/** Runs one batch of `r`'s case; `timed`: counts its units and CPU time. */
function batch(r: Running, timed: boolean): void {
  const c0 = process.cpuUsage();
  r.checksum += r.c.run(r.state, r.next, r.c.batch);
  const ms = cpuMsSince(c0);
  r.next += r.c.batch;
  if (!timed) return;
  r.units += r.c.batch;
  r.cpuMs += ms;
}

/** Warm-up so the JIT has compiled the hot loop before timing. */
function warm(r: Running, seconds: number): void {
  const warmEnd = performance.now() + Math.min(300, seconds * 300);
  while (performance.now() < warmEnd) batch(r, false);
}

/**
 * A case and the reference measured in turns, batch by batch, until the case has used `seconds` of
 * CPU: both see the same load, so their ratio holds on a shared machine where separate timings
 * swing (reference rates 25% apart a minute apart were measured before this). The reference gets
 * about as much CPU time as the case.
 */
function interleaved(r: Running, ref: Running, seconds: number): void {
  while (r.cpuMs < seconds * 1000) {
    batch(r, true);
    while (ref.cpuMs < r.cpuMs) batch(ref, true);
  }
}

const rate = (r: Running) => (r.units / r.cpuMs) * 1000;

const seconds = Number(process.env.BENCH_SECONDS ?? 1.5);
const filter = process.argv[2];
const cases = BENCH_CASES.filter((c) => !filter || c.name.includes(filter));
const ref = await start(referenceCase);
warm(ref, seconds);
const results: Measurement[] = [];
const refRates: number[] = [];
const rows: Measurement[] = [];
for (const c of cases) {
  const r = await start(c);
  warm(r, seconds);
  // The reference's own figures are restarted for each case: the ratio compares the two under the same load.
  ref.units = 0;
  ref.cpuMs = 0;
  interleaved(r, ref, seconds);
  const refRate = rate(ref);
  refRates.push(refRate);
  const perSecond = rate(r);
  // Games against reference games; player turns against the reference's player turns (40 a game).
  const ratio = c.unit === 'games' ? perSecond / refRate : c.unit === 'turns' ? perSecond / (refRate * REFERENCE_PLAYER_TURNS) : null;
  rows.push({ name: c.name, unit: c.unit, setupMs: r.setupMs, perSecond, checksum: r.checksum, ratioToReference: ratio, ...(c.target ? { target: { ...c.target, met: meetsTarget(c.target, perSecond, ratio) } } : {}) });
}
if (cases.length === 0) {
  interleaved(ref, ref, seconds);
  refRates.push(rate(ref));
}
// The reference's row: its median rate over the cases' runs.
const sortedRef = [...refRates].sort((a, b) => a - b);
results.push({ name: referenceCase.name, unit: referenceCase.unit, setupMs: ref.setupMs, perSecond: sortedRef[sortedRef.length >> 1], checksum: ref.checksum, ratioToReference: 1 }, ...rows);
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
      note: 'one core, CPU seconds; ratios are against the reference deck-builder measured in the same run, batch by batch in turn with each case (its row: the median of those)',
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
