// The robustness sentence of a game report (issue 26): the assumptions that move its main number
// most, as `sim sensitivity` last measured them on the game's reference configuration and
// scenarios/<game>/sensitivity.yaml records them (each entry names its command). A run of that
// configuration prints the measured top rows; any other says the sensitivity was not measured
// there and how to measure it. The numbers are checked before they are printed.
import { storedBounds } from './answer.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from './packageInfo.js';
import type { ParamSpec, ParamValue } from './params.js';
import { parseYamlSafely } from './safeYaml.js';
import { changeInWords } from './keyWords.js';
import { groupedInteger, signedText } from './numberText.js';

/** One measured row: a change and its effect on the main metric (change − baseline), paired. */
export interface StoredEffect {
  change: string;
  difference: number;
  lo: number;
  hi: number;
}

export interface StoredSensitivity {
  /** The mode's name ('' for the game's main mode). */
  mode: string;
  /** The configuration measured: parameters that differ from the defaults (none: the defaults). */
  params: Record<string, ParamValue>;
  games: number;
  seed: number;
  metric: string;
  /** Whether the metric is a rate (effects in percentage points). */
  rate: boolean;
  command: string;
  /**
   * The main metric of the configuration's default on the entry's games (the effects are changes
   * from it): test/storedFresh.test.ts plays the default on those games again and requires this
   * value, so an entry whose default or rules no longer play these games fails the tests.
   */
  baseline: number;
  /** Changes measured; of them, how many never came into play; changes not played (values the data refuses). */
  changes: number;
  neverInPlay: number;
  skipped: number;
  top: StoredEffect[];
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Checks one entry of the file; throws naming the field. */
export function checkedSensitivityEntry(e: unknown, file: string, i: number): StoredSensitivity {
  const where = `${file}: measured[${i}]`;
  if (!e || typeof e !== 'object') throw new Error(`${where}: expected a mapping`);
  const x = e as Record<string, unknown>;
  for (const f of ['mode', 'metric', 'command'] as const) if (typeof x[f] !== 'string') throw new Error(`${where}.${f}: expected text`);
  for (const f of ['games', 'seed', 'changes', 'neverInPlay', 'skipped'] as const) if (!isNum(x[f]) || !Number.isInteger(x[f]) || (x[f] as number) < 0) throw new Error(`${where}.${f}: expected a whole number`);
  if (typeof x.rate !== 'boolean') throw new Error(`${where}.rate: expected true or false`);
  if (!isNum(x.baseline) || (x.rate && (x.baseline < 0 || x.baseline > 1))) throw new Error(`${where}.baseline: expected ${x.rate ? 'a rate in [0, 1]' : 'a number'} (the default's main metric on the entry's games)`);
  const params = x.params ?? {};
  if (typeof params !== 'object' || Array.isArray(params) || Object.values(params as object).some((v) => !['number', 'string', 'boolean'].includes(typeof v))) throw new Error(`${where}.params: expected a mapping of values`);
  if (!Array.isArray(x.top) || x.top.length === 0) throw new Error(`${where}.top: expected a list of effects`);
  x.top.forEach((t: unknown, j) => {
    const r = t as Record<string, unknown>;
    if (!r || typeof r.change !== 'string' || !isNum(r.difference) || !isNum(r.lo) || !isNum(r.hi) || !(r.lo <= r.difference && r.difference <= r.hi)) {
      throw new Error(`${where}.top[${j}]: expected change (text) and difference inside [lo, hi]`);
    }
  });
  return x as unknown as StoredSensitivity;
}

const cache = new Map<string, StoredSensitivity[]>();

/** The measured entries of a game (none when its file is missing). */
export function storedSensitivity(gameId: string): StoredSensitivity[] {
  const file = join(packageInfo().root, 'scenarios', gameId, 'sensitivity.yaml');
  const hit = cache.get(file);
  if (hit) return hit;
  let out: StoredSensitivity[] = [];
  if (existsSync(file)) {
    const doc = parseYamlSafely(readFileSync(file, 'utf8'), file) as { measured?: unknown };
    if (!doc || !Array.isArray(doc.measured)) throw new Error(`${file}: measured: expected a list`);
    out = doc.measured.map((e, i) => checkedSensitivityEntry(e, file, i));
  }
  cache.set(file, out);
  return out;
}

/** Whether a run's parameters are the entry's configuration: every parameter at the entry's value or its default, no other data value. */
function sameConfiguration(e: StoredSensitivity, specs: readonly ParamSpec[], params: Readonly<Record<string, ParamValue>>): boolean {
  for (const spec of specs) {
    // What only shapes the output (a trace, the format) is not a configuration.
    if (/^output option|report setting/.test(spec.source)) continue;
    const want = Object.hasOwn(e.params, spec.key) ? e.params[spec.key] : spec.default;
    if (params[spec.key] !== undefined && params[spec.key] !== want) return false;
  }
  // Data values (data.…, card.…) given to the run, or to the entry.
  const extra = (o: Readonly<Record<string, ParamValue>>) => Object.keys(o).filter((k) => !specs.some((s) => s.key === k));
  const runExtra = extra(params);
  const entryExtra = extra(e.params);
  return runExtra.length === entryExtra.length && runExtra.every((k) => params[k] === e.params[k]);
}

const signed = signedText;

/** The measured entry of a run's configuration, if any. */
export function sensitivityOf(gameId: string, mode: string, specs: readonly ParamSpec[], params: Readonly<Record<string, ParamValue>>): StoredSensitivity | undefined {
  return storedSensitivity(gameId).find((x) => x.mode === mode && sameConfiguration(x, specs, params));
}

/** For an answer sentence: "most sensitive to action cards · escort · range 2 → 1 (−20.7 pp [−22.0, −19.4])", or that it was not measured. */
export function sensitivityShort(gameId: string, mode: string, specs: readonly ParamSpec[], params: Readonly<Record<string, ParamValue>>): string {
  const e = sensitivityOf(gameId, mode, specs, params);
  if (!e) return 'sensitivity to the assumptions not measured here';
  const t = e.top[0];
  const [scale, d, unit] = e.rate ? [100, 1, ' pp'] : [1, 2, ''];
  // A change's trailing "(label)" names the run it was measured in (a Rev-9 version): the sentence is about that run already.
  return `most sensitive to ${changeInWords(t.change.replace(/ \([^()]*\)$/, ''))} (${signed(t.difference * scale, d)}${unit} ${storedBounds(signed(t.lo * scale, d), signed(t.hi * scale, d))})`;
}

/**
 * "Robustness: the assumptions that move survived most (…): A −24.3 pp [−29.5, −19.3]; …" for a run
 * of the measured configuration; else that it was not measured, with the command that measures it.
 */
export function sensitivityNote(gameId: string, mode: string, specs: readonly ParamSpec[], params: Readonly<Record<string, ParamValue>>): string {
  const modeId = mode ? `${gameId} ${mode}` : gameId;
  const e = sensitivityOf(gameId, mode, specs, params);
  if (!e) return `Robustness: not measured for this configuration. \`sim sensitivity ${modeId}\` with the same options changes each rule reading and assumed value one at a time on the same games and ranks them by their effect.`;
  const scale = e.rate ? 100 : 1;
  const unit = e.rate ? ' pp' : '';
  const d = e.rate ? 1 : 2;
  const rows = e.top.map((t) => `${changeInWords(t.change)} ${signed(t.difference * scale, d)}${unit} [${signed(t.lo * scale, d)}, ${signed(t.hi * scale, d)}]`);
  return `Robustness: the assumptions that move ${e.metric} most, one at a time, measured on this configuration (${groupedInteger(e.games)} paired games, seed ${e.seed}: \`${e.command}\`): ${rows.join('; ')}. ${e.changes} changes measured, ${e.neverInPlay} never came into play (scenarios/${gameId}/sensitivity.yaml).`;
}
