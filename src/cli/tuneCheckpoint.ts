// `sim tune --checkpoint FILE`: the games a tune has played, kept so that an interrupted tune (or a
// rerun with a larger --budget and the same first round) resumes instead of replaying them. The
// search decides from each setting's totals at each round, so the file keeps every setting's totals
// at every round it reached (a snapshot per round): a resumed tune takes, at each round, exactly the
// totals the first run had there, and so repeats its decisions before it plays on. The file is data:
// sealed like every stored aggregate (content hash, optional HMAC) and checked before it is trusted.
import { existsSync } from 'node:fs';
import { Layout, Totals } from '../core/aggregate.js';
import { UsageError } from '../core/usageError.js';
import { loadSim } from '../run/sims.js';
import { err } from './io.js';
import { writeFileAtomic } from './emit.js';
import { checkSeal, identityMismatch, readJsonFile, seal, type RunIdentity, type Sealed } from './runState.js';

interface Snapshot {
  games: number;
  totals: unknown;
}

interface SavedTuneCall {
  simId: string;
  simParamsHash: string;
  snapshots: Snapshot[];
}

export interface TuneCheckpointFile extends Sealed {
  kind: 'sim-tune-checkpoint';
  identity: RunIdentity;
  /** Per setting (in the order of the --vary cross product), per simulate call of its mode. */
  settings: SavedTuneCall[][];
}

export interface TuneCheckpoint {
  /** The saved totals of call k of setting c with the most games not above n, or null; checked against its simulation. */
  totalsFor(c: number, k: number, simId: string, simParamsHash: string, simParams: unknown, n: number): Promise<Totals | null>;
  /** Records call k of setting c at its current games (one snapshot per games count). */
  record(c: number, k: number, simId: string, simParamsHash: string, totals: Totals): void;
  /** Writes the file (atomically); a failure is said once and the tune goes on. */
  save(): void;
}

/** Opens (or starts) a tune checkpoint; a file of another tune, a damaged or an edited one is refused. */
export function openTuneCheckpoint(file: string, identity: RunIdentity, settings: number, key?: Buffer): TuneCheckpoint {
  let doc: TuneCheckpointFile = { kind: 'sim-tune-checkpoint', identity, settings: Array.from({ length: settings }, () => []) };
  if (existsSync(file)) {
    const loaded = readJsonFile<TuneCheckpointFile>(file, 'checkpoint');
    if (loaded?.kind !== 'sim-tune-checkpoint' || !loaded.identity) throw new UsageError(`${file}: not a tune checkpoint file`);
    checkSeal(loaded, file, key);
    const diff = identityMismatch(loaded.identity, identity);
    // The first round's games come from --budget when -n is not given: a larger budget is another n.
    const hint = loaded.identity.n !== identity.n && diff?.startsWith('n (') ? `; to resume it with another budget, give its first round's games: -n ${loaded.identity.n}` : '';
    if (diff) throw new UsageError(`${file}: checkpoint of a different tune: ${diff}${hint}`);
    if (!Array.isArray(loaded.settings) || loaded.settings.length !== settings) throw new UsageError(`${file}: settings: expected ${settings} settings`);
    doc = loaded;
  }
  let warned = false;
  return {
    async totalsFor(c, k, simId, simParamsHash, simParams, n) {
      const call = doc.settings[c]?.[k];
      if (!call) return null;
      if (call.simId !== simId || call.simParamsHash !== simParamsHash) throw new UsageError(`${file}: settings[${c}] call ${k} is for another simulation; delete it or use another file`);
      if (!Array.isArray(call.snapshots)) throw new UsageError(`${file}: settings[${c}] call ${k}: snapshots: expected a list`);
      let best: Snapshot | null = null;
      for (const s of call.snapshots) if (Number.isSafeInteger(s?.games) && s.games <= n && (!best || s.games > best.games)) best = s;
      if (!best) return null;
      try {
        const totals = Totals.fromJSON(new Layout((await loadSim(simId)).metrics(simParams)), best.totals);
        if (totals.games !== best.games) throw new Error(`games is ${best.games}, but its totals hold ${totals.games} games`);
        return totals;
      } catch (e) {
        throw new UsageError(`${file}: settings[${c}] call ${k}: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    record(c, k, simId, simParamsHash, totals) {
      const calls = doc.settings[c];
      const call = (calls[k] ??= { simId, simParamsHash, snapshots: [] });
      // A copy: the live totals go on growing (their arrays are shared with toJSON's result).
      if (!call.snapshots.some((s) => s.games === totals.games)) call.snapshots.push({ games: totals.games, totals: structuredClone(totals.toJSON()) });
    },
    save() {
      try {
        writeFileAtomic(file, JSON.stringify(seal({ kind: doc.kind, identity: doc.identity, settings: doc.settings }, key)) + '\n');
      } catch (e) {
        if (!warned) err().write(`sim: checkpoint ${file} could not be saved (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); the tune goes on and its report is still written, but it cannot be resumed from this file\n`);
        warned = true;
      }
    },
  };
}
