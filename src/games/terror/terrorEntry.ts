// Terror from Destiny as a scenario game: parameters (+ data file, policy, trace) → Monte Carlo
// run through settings.simulate('terror', …) → report. `--trace K` plays game K of the run
// (stream streamFor(seed, K)) in-process and reports it turn by turn instead.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import type { Report } from '../../core/reportTypes.js';
import { streamFor } from '../../core/rng.js';
import type { ResolvedParams, ScenarioGame } from '../../core/scenarioGame.js';
import { defaultDataFile, loadTerrorData, type TerrorData } from './terrorData.js';
import { OUTCOME_DIED_IN_DESTINY, OUTCOME_DIED_IN_PLAY, OUTCOME_WON } from './terrorGame.js';
import { BUILTIN_POLICIES, TERROR_PARAMS, type TerrorSimParams } from './terrorParams.js';
import { builtinPolicy, loadPolicyModule } from './terrorPolicy.js';
import { terrorResult, terrorTables } from './terrorReport.js';
import { createTerrorGame } from './terrorSim.js';

/** Choices given outside the parameters (the command's --policy PATH, --data, --trace). */
export interface TerrorExtras {
  /** A policy module path (relative to the working directory) instead of a built-in. */
  policyPath?: string;
  /** A data file replacing scenarios/terror/data.yaml. */
  dataFile?: string;
  /** Trace game K of the run instead of the Monte Carlo report. */
  trace?: number;
}

export const TERROR_ASSUMPTIONS = [
  'Card texts, Gabrielle\'s stats and the Location are not public: every such value is labelled data in scenarios/terror/data.yaml (see scenarios/terror/README.md); --data FILE swaps in your own transcription.',
  'Core turn model: Action (time, action cards, horror rolls) → Planning (buy cards with the time left) → Killer (terror cards only) → no Panic (no killer meeple) → Upkeep.',
  'Fated Death icons read as: Saved reward +2 health (capped at the starting health), Limbo consequence −2 health.',
  'Final Health: one token drawn facedown at set-up, flipped the first time health reaches 0; afterwards 0 health is death; on final health the horror roll gets +1 die.',
  'Saving any victim (a normal one, or a Fated Victim whose token matched) gives one effect at the start of the next Action phase: +1 health or −1 horror.',
  'A Consequence card met with Items or action cards discards what it counts; Destiny symbols resolve before a terror card\'s other effects.',
  '"Fated Victims in Limbo" counts distinct Fated Victims sent to Limbo at any time in the game.',
];

interface Prepared {
  sim: TerrorSimParams;
  dataLabel: string;
  policyLabel: string;
}

async function prepare(resolved: ResolvedParams, extras: TerrorExtras): Promise<Prepared> {
  const dataLabel = extras.dataFile ?? 'scenarios/terror/data.yaml';
  const data: TerrorData = extras.dataFile ? loadTerrorData(extras.dataFile) : loadTerrorData(defaultDataFile(), dataLabel);
  const nCards = data.deathOrders.length;
  const deathOrder = resolved.deathOrder === 'all' ? -1 : Number(resolved.deathOrder) - 1;
  if (deathOrder >= nCards) {
    throw new UsageError(`option --death-order: got ${resolved.deathOrder}, expected all or a card number 1..${nCards} (${dataLabel} has ${nCards} Death Order cards)`);
  }
  const pool = data.vignetteTerrorCount + data.locationTerrorCount;
  if (Number(resolved.terrorDealt) > pool) {
    throw new UsageError(`parameter terrorDealt: got ${resolved.terrorDealt}, but ${dataLabel} has only ${pool} vignette + Location terror cards to deal from`);
  }
  if (Number(resolved.partialFrom) > Number(resolved.successFrom)) {
    throw new UsageError(`parameter partialFrom: got ${resolved.partialFrom}, expected at most successFrom (${resolved.successFrom})`);
  }
  let policy = String(resolved.policy);
  let policyLabel = policy;
  if (extras.policyPath !== undefined) {
    const abs = resolve(extras.policyPath);
    if (!existsSync(abs)) {
      throw new UsageError(`option --policy: got "${extras.policyPath}", expected ${BUILTIN_POLICIES.join(', ')} or the path of a policy module (file not found)`);
    }
    try {
      await loadPolicyModule(abs, data);
    } catch (err) {
      throw new UsageError(`option --policy: ${extras.policyPath}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
    }
    policy = abs;
    policyLabel = extras.policyPath;
  } else if (!builtinPolicy(policy)) {
    throw new UsageError(`parameter policy: got "${policy}", expected ${BUILTIN_POLICIES.join(', ')}`);
  }
  const sim: TerrorSimParams = {
    deathOrder,
    policy,
    horrorStart: Number(resolved.horrorStart),
    timePerTurn: Number(resolved.timePerTurn),
    timeExtreme: Number(resolved.timeExtreme),
    handLimit: Number(resolved.handLimit),
    terrorDealt: Number(resolved.terrorDealt),
    terrorPerPhase: Number(resolved.terrorPerPhase),
    terrorPerPhaseNoFated: Number(resolved.terrorPerPhaseNoFated),
    bloodlustStart: Number(resolved.bloodlustStart),
    successFrom: Number(resolved.successFrom),
    partialFrom: Number(resolved.partialFrom),
    partialCost: Number(resolved.partialCost),
    data,
  };
  return { sim, dataLabel, policyLabel };
}

const OUTCOME_TEXT: Record<number, string> = {
  [OUTCOME_WON]: 'survives Destiny (win)',
  [OUTCOME_DIED_IN_PLAY]: 'dies during play',
  [OUTCOME_DIED_IN_DESTINY]: 'dies in the Destiny phase',
};

/** The entry; `extras` is read at run time (the command fills it from its options). */
export function makeTerrorEntry(extras: () => TerrorExtras): ScenarioGame {
  return {
    id: 'terror',
    summary: 'Final Girl: Terror from Destiny: how often Gabrielle survives Destiny, and what kills her',
    params: TERROR_PARAMS,
    async run(resolved, settings): Promise<Report> {
      const ex = extras();
      const { sim, dataLabel, policyLabel } = await prepare(resolved, ex);
      const params = { ...resolved, policy: policyLabel, data: dataLabel };
      const base = {
        ...provenance('terror', params, sim.data),
        method: 'mc' as const,
        seed: settings.seed,
        confidence: settings.confidence,
        policy: policyLabel,
        assumptions: TERROR_ASSUMPTIONS,
      };
      if (ex.trace !== undefined) {
        if (!Number.isInteger(ex.trace) || ex.trace < 0 || ex.trace >= settings.n) {
          throw new UsageError(`option --trace: got ${ex.trace}, expected a game index of this run, 0..${settings.n - 1}`);
        }
        const lines = traceGame(await createTerrorGame(sim), settings.seed, ex.trace);
        return {
          ...base,
          title: `Terror from Destiny: game ${ex.trace} of the run with seed ${settings.seed}, turn by turn`,
          n: 1,
          result: { game: ex.trace, outcome: lines.outcome, trace: lines.lines },
          tables: [{ title: `Game ${ex.trace}: ${lines.outcome}`, columns: [{ key: 'step', header: '#', format: 'int' }, { key: 'event', header: 'event', format: 'text' }], rows: lines.lines.map((event, i) => ({ step: i + 1, event })) }],
          notes: [`replays stream (seed ${settings.seed}, game ${ex.trace}): the same game as in the full run`],
        };
      }
      const run = await settings.simulate('terror', sim);
      const deathOrderLabel = sim.deathOrder < 0 ? 'all (random card per game)' : sim.data.deathOrders[sim.deathOrder].name;
      const result = terrorResult(run.totals, sim.data, deathOrderLabel, policyLabel, settings.confidence);
      return {
        ...base,
        title: `Terror from Destiny on ${sim.data.location.name}: does ${sim.data.finalGirl.name} survive Destiny? (Death Order: ${deathOrderLabel})`,
        n: run.games,
        ...(run.partial ? { partial: true } : {}),
        result,
        tables: terrorTables(result, sim.data.fatedDeath.count),
        notes: [`data: ${dataLabel}`],
      };
    },
  };
}

/** Plays game `index` of run `seed` with tracing on. */
export function traceGame(game: Awaited<ReturnType<typeof createTerrorGame>>, seed: number, index: number): { outcome: string; lines: string[] } {
  game.trace = [];
  game.reset(streamFor(seed, index));
  game.play();
  const lines = game.trace;
  game.trace = null;
  return { outcome: OUTCOME_TEXT[game.outcome] ?? 'unfinished', lines };
}

/** The entry for `sim run` / scenario files: built-in policy and bundled data. */
export const terrorEntry: ScenarioGame = makeTerrorEntry(() => ({}));
