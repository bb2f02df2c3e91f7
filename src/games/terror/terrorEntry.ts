// Terror from Destiny as a scenario game: parameters (policy and data file included) → Monte
// Carlo run through settings.simulate('terror', …) → report; or, with trace >= 0, game K of the
// run (stream streamFor(seed, K)) played in-process and reported turn by turn in Report.text.
import { dataValuesOf } from '../../core/dataValues.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileHash } from '../../core/hash.js';
import { UsageError } from '../../core/usageError.js';
import { provenance } from '../../core/provenance.js';
import type { Report } from '../../core/reportTypes.js';
import type { ModeEntry } from '../../core/gameModule.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { defaultDataFile, loadTerrorData, TIE_RULES, type TerrorData } from './terrorData.js';
import { BUILTIN_POLICIES, DEFAULT_DATA, TERROR_PARAMS, type FinalHealthReading, type TerrorSimParams } from './terrorParams.js';
import { GAP_DEFAULT_POLICY, policyGap, type PolicyGapReport } from './terrorPolicyGap.js';
import { FIVE_LOCATIONS_NOT_MODELLED, terrorResult, terrorTables, type TerrorResult } from './terrorReport.js';
import { parseSearchDecisions } from '../../core/searchDecisions.js';
import { sensitivityNote, sensitivityShort } from '../../core/sensitivityNote.js';
import { SEARCH_ROOTS, TERROR_DECISION_NAMES } from './terrorDecision.js';
import { answerSentence, estimateHeadline, gapWords, pctText } from '../../core/answer.js';
import { createTerrorGame, loadTerrorPolicyModule } from './terrorSim.js';
import { traceGame } from './terrorTrace.js';

const FINAL_HEALTH_TEXT: Record<FinalHealthReading, string> = {
  lastLife: 'Final Health (finalHealth lastLife): one token drawn facedown at set-up; at 0 health she is on it, alive, with +1 horror die; the next loss flips it (blank: death; numbered: back with that health, excess loss ignored, the phase ends); after the flip 0 health is death.',
  flipAtZero: 'Final Health (finalHealth flipAtZero): one token drawn facedown at set-up, flipped when health reaches 0 (blank: death; numbered: back with that health, excess loss ignored, the phase ends); after the flip 0 health is death; +1 horror die while health is at most the token\'s value.',
};

/** The assumptions a run states, for its data and its readings. */
export function terrorAssumptions(sim: TerrorSimParams): string[] {
  const d = sim.data;
  return [
    'Card texts, Gabrielle\'s stats and the Location are not public: every such value is labelled data in scenarios/terror/data.yaml (see scenarios/terror/README.md); --data FILE swaps in your own transcription.',
    'Core turn model: Action (time, action cards, horror rolls; a card may be played with any time ≥ 0 left, and time below 0 ends the phase) → Planning (buy cards with the time left) → Killer (terror cards only) → no Panic (no killer meeple) → Upkeep.',
    `Fated Death icons read as: Saved reward +${d.fatedDeath.savedHeal} health, Limbo consequence −${d.fatedDeath.limboDamage} health; every heal is capped at the starting health (${d.finalGirl.health}).`,
    FINAL_HEALTH_TEXT[sim.finalHealth],
    `Saving any victim (a normal one, or a Fated Victim whose token matched) gives one effect at the start of the next Action phase: +${d.finalGirl.saveRewardHeal} health or −${d.finalGirl.saveRewardHorror} horror.`,
    `A Consequence card met with Items or action cards discards what it counts; Destiny symbols resolve before a terror card's other effects; "kill nearest" ties: ${TIE_RULES[d.killNearestTie]} (data killNearestTie).`,
    '"Fated Victims in Limbo" counts distinct Fated Victims sent to Limbo at any time in the game.',
    "A revival caused by a Fated Death card's Limbo consequence still completes that card's procedure (the kill, the Death tokens, the Arrow); the bloodlust threshold effects after it are skipped.",
    sim.thwartRoll
      ? 'Thwart Destiny (thwartRoll true): playing it spends the card and makes a horror roll; it ignores the Destiny symbol only with at least one success.'
      : 'Thwart Destiny (thwartRoll false): playing it ignores the Destiny symbol, no horror roll (the rulebook names none).',
    sim.moveThroughExits
      ? 'Movement (moveThroughExits true): the Final Girl may move and escort through an exit space to spaces beyond it.'
      : 'Movement (moveThroughExits false): an exit space ends a move or an escort; she may start one there.',
    sim.rebuy
      ? 'Action cards (rebuy true): a played or discarded card goes back to the supply and may be bought again in a later Planning phase.'
      : "Action cards (rebuy false): a played or discarded card leaves the game; each card's copies can be bought only once.",
    "Not modelled (their texts are not public): the vignette's 3 Dark Power cards (none is drawn, triggered or flipped by Premonition), the Location's Event deck, Items' own effects and Item decks (Search finds Items that only count for Consequence cards), and Special Victims (so \"Fated Victims can't be replaced with Special Victims\" never comes into play).",
    "Set-up: a grid roll whose section holds no legal space for a Fated Victim (exits, the Final Girl's start and spaces another Fated Victim holds are not legal) is rolled again until one does.",
  ];
}

interface Prepared {
  sim: TerrorSimParams;
  dataLabel: string;
  policyLabel: string;
}

/** Is `policy` a built-in name (else it is a module path)? */
export function isBuiltinPolicy(policy: string): boolean {
  return (BUILTIN_POLICIES as readonly string[]).includes(policy);
}

/**
 * Loads the data file and the policy the parameters name and checks the cross-field rules.
 * A relative module path is taken from the working directory (the command resolves one named in a
 * scenario against the scenario's folder first). Throws UsageError naming the parameter.
 */
async function prepare(resolved: ResolvedParams): Promise<Prepared> {
  const dataLabel = String(resolved.data);
  // Any value of the data file can be given as data.<path> (--set data.finalGirl.health=5).
  const values = dataValuesOf(resolved);
  const data: TerrorData = dataLabel === DEFAULT_DATA ? loadTerrorData(defaultDataFile(), DEFAULT_DATA, values) : loadTerrorData(dataLabel, `parameter data (${dataLabel})`, values);
  const nCards = data.deathOrders.length;
  const deathOrder = resolved.deathOrder === 'random' ? -1 : Number(resolved.deathOrder) - 1;
  // A guard: the loader requires the rulebook's 3 cards, and the choices are 1..3.
  if (deathOrder >= nCards) {
    throw new UsageError(`parameter deathOrder: got ${resolved.deathOrder}, expected random or a card number 1..${nCards} (${dataLabel} has ${nCards} Death Order cards)`);
  }
  const pool = data.vignetteTerrorCount + data.locationTerrorCount;
  if (Number(resolved.terrorDealt) > pool) {
    throw new UsageError(`parameter terrorDealt: got ${resolved.terrorDealt}, but ${dataLabel} has only ${pool} vignette + Location terror cards to deal from`);
  }
  // The rule constants must fit the data's tracks (refused here, not silently clamped in the game).
  if (Number(resolved.horrorStart) > data.horror.max) {
    throw new UsageError(`parameter horrorStart: got ${resolved.horrorStart}, expected at most ${data.horror.max} (horror.max of ${dataLabel})`);
  }
  if (Number(resolved.bloodlustStart) > data.bloodlust.length) {
    throw new UsageError(`parameter bloodlustStart: got ${resolved.bloodlustStart}, expected at most ${data.bloodlust.length} (bloodlust.length of ${dataLabel})`);
  }
  if (Number(resolved.partialFrom) > Number(resolved.successFrom)) {
    throw new UsageError(`parameter partialFrom: got ${resolved.partialFrom}, expected at most successFrom (${resolved.successFrom})`);
  }
  const policyLabel = String(resolved.policy).trim();
  let policy = policyLabel;
  let policyHash: string | undefined;
  if (!isBuiltinPolicy(policyLabel)) {
    const abs = resolve(policyLabel);
    if (policyLabel === '' || !existsSync(abs)) {
      throw new UsageError(`parameter policy: got "${policyLabel}", expected ${BUILTIN_POLICIES.join(', ')} or the path of a policy module (file not found)`);
    }
    try {
      await loadTerrorPolicyModule(abs, data);
    } catch (err) {
      // The loader's message names the file itself: say it once, as the user wrote it.
      const why = (err instanceof Error ? err.message : String(err)).split('\n')[0];
      throw new UsageError(`parameter policy: ${policyLabel}: ${why.startsWith(`${abs}: `) ? why.slice(abs.length + 2) : why}`);
    }
    policy = abs;
    policyHash = fileHash(abs);
  }
  const sim: TerrorSimParams = {
    deathOrder,
    policy,
    ...(policyHash ? { policyHash } : {}),
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
    finalHealth: String(resolved.finalHealth) as FinalHealthReading,
    thwartRoll: resolved.thwartRoll === true,
    moveThroughExits: resolved.moveThroughExits !== false,
    rebuy: resolved.rebuy !== false,
    searchRollouts: Number(resolved.searchRollouts ?? 8),
    searchMargin: Number(resolved.searchMargin ?? 1),
    searchDepth: Number(resolved.searchDepth ?? 0),
    ...(resolved.policy === 'search' ? { searchedDecisions: parseSearchDecisions(resolved.searchDecisions ?? 'all', TERROR_DECISION_NAMES, SEARCH_ROOTS) } : {}),
    rolloutPolicy: String(resolved.rolloutPolicy ?? 'planner') as TerrorSimParams['rolloutPolicy'],
    data,
  };
  return { sim, dataLabel, policyLabel };
}

function baseReport(resolved: ResolvedParams, p: Prepared, seed: number, confidence: number) {
  return {
    // A user policy module's code is part of what the numbers depend on (built-in policies are part of the tool's version).
    ...provenance('terror', { ...resolved }, p.sim.policyHash ? { data: p.sim.data, policyModule: p.sim.policyHash } : p.sim.data),
    method: 'mc' as const,
    seed,
    confidence,
    policy: p.policyLabel,
    assumptions: terrorAssumptions(p.sim),
  };
}

/** The `result` of a `sim terror` run: the run's numbers and the policy gap. */
export interface TerrorReportResult extends TerrorResult {
  policyGap: PolicyGapReport;
}

/** The `result` of a trace run (parameter trace K): game K of the run, step by step. */
export interface TerrorTraceResult {
  game: number;
  outcome: string;
  /** The step-by-step lines (the report's `text`, numbered there). */
  trace: string[];
}

/** The entry: `sim terror`, `sim run` on a `game: terror` scenario, compare, sweep, check. */
export const terrorEntry: ModeEntry = {
  summary: 'Final Girl: Terror from Destiny: how often Gabrielle survives Destiny, and what kills her',
  params: TERROR_PARAMS,
  async run(resolved, settings): Promise<Report> {
    const trace = Number(resolved.trace ?? -1);
    if (trace >= 0) {
      checkTraceIndex(trace, settings.n, 'parameter trace');
      return traceRun(resolved, await prepare(resolved), settings.seed, trace, settings.confidence);
    }
    const prepared = await prepare(resolved);
    const { sim, dataLabel, policyLabel } = prepared;
    const run = await settings.simulate('terror', sim);
    const deathOrderLabel = sim.deathOrder < 0 ? 'random (a card per game)' : sim.data.deathOrders[sim.deathOrder].name;
    const gap = policyGap(sim, policyLabel);
    const main = terrorResult(run.totals, sim.data, deathOrderLabel, policyLabel, settings.confidence);
    const tables = terrorTables(main, sim.data.fatedDeath.count);
    const result: TerrorReportResult = { ...main, policyGap: gap };
    // The answer first: how often she survives, and on what that is conditional.
    // The measured gap is the default policy's: another policy's distance to strong play is not measured.
    const gapShort = !gap.gap ? 'gap to the search policy not measured here' : policyLabel !== GAP_DEFAULT_POLICY ? `gap to the search policy measured for the ${GAP_DEFAULT_POLICY} only, not for ${policyLabel}` : gapWords('the search policy', gap.gap.difference, gap.gap.lo, gap.gap.hi);
    const text = answerSentence(`${sim.data.finalGirl.name} survives ${pctText(main.survival)} of games on ${sim.data.location.name} (Death Order: ${deathOrderLabel})`, [`policy ${policyLabel}`, gapShort, sensitivityShort('terror', '', TERROR_PARAMS, resolved)]);
    return {
      ...baseReport(resolved, prepared, settings.seed, settings.confidence),
      title: `Terror from Destiny on ${sim.data.location.name}: does ${sim.data.finalGirl.name} survive Destiny? (Death Order: ${deathOrderLabel})`,
      n: run.games,
      ...(run.partial ? { partial: true } : {}),
      result,
      text,
      headline: estimateHeadline('survival', main.survival, 'rate'),
      tables,
      notes: [
        gap.line,
        sensitivityNote('terror', '', TERROR_PARAMS, resolved),
        `data: ${dataLabel}`,
        FIVE_LOCATIONS_NOT_MODELLED,
      ],
    };
  },
};

/** Throws UsageError (naming `where`) when `index` is not a game of a run of `n` games. */
function checkTraceIndex(index: number, n: number, where: string): void {
  if (!Number.isInteger(index) || index < 0 || index >= n) {
    throw new UsageError(`${where}: got ${index}, expected a game index of this run, 0..${n - 1}`);
  }
}

/**
 * Game `index` of the run (`seed`, `n` games) played in-process with tracing on: what terrorEntry
 * returns for parameter trace = index, for a caller holding the index apart from the parameters.
 * The report's params say trace = index. Throws UsageError ("option --trace") when `index` is not a
 * game of the run.
 */
export async function traceReport(resolved: ResolvedParams, seed: number, n: number, index: number, confidence: number): Promise<Report> {
  checkTraceIndex(index, n, 'option --trace');
  return traceRun({ ...resolved, trace: index }, await prepare(resolved), seed, index, confidence);
}

/** Game `index` of run `seed` played with tracing on: the same game as in the full run. The turn-by-turn lines go to Report.text (and result.trace for JSON). */
async function traceRun(resolved: ResolvedParams, prepared: Prepared, seed: number, index: number, confidence: number): Promise<Report> {
  const traced = traceGame(await createTerrorGame(prepared.sim), seed, index);
  const width = String(traced.lines.length).length;
  return {
    ...baseReport(resolved, prepared, seed, confidence),
    title: `Terror from Destiny: game ${index} of the run with seed ${seed}, turn by turn`,
    n: 1,
    result: { game: index, outcome: traced.outcome, trace: traced.lines } satisfies TerrorTraceResult,
    text: traced.lines.map((line, i) => `${String(i + 1).padStart(width)}  ${line}`).join('\n'),
    tables: [{ title: `Game ${index}`, columns: [{ key: 'game', header: 'game', format: 'int' }, { key: 'outcome', header: 'outcome', format: 'text' }, { key: 'steps', header: 'trace lines', format: 'int' }], rows: [{ game: index, outcome: traced.outcome, steps: traced.lines.length }] }],
    notes: [`replays stream (seed ${seed}, game ${index}): the same game as in the full run`, `data: ${prepared.dataLabel}`],
  };
}
