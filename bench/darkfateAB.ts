// `node dist/bench/darkfateAB.js OTHER [rounds] [chunk]`: CPU time of Dark Fate planner player
// turns (Endoskeleton, 2 players, seed 7: the bench's turns case) for two builds loaded in one
// process: OTHER (a checkout's root whose dist/ is built) and this one, in alternating chunks of
// `chunk` turns (default 20,000), `rounds` chunks each (default 80) after 100,000 warm-up turns.
// On a shared, loaded machine separate runs swing ±15%; chunks taken in turn see the same load.
// Prints this build's CPU ms over OTHER's (total, and the median and quartiles of the chunk ratios)
// and whether both played the same games (their outcome sums agree).
// `--engine` (anywhere among the arguments): the engine alone instead, as the bench's "engine alone
// (planner games, decisions replayed): player turns" case: each build records the planner's
// decisions of 2,000 games (seed 7) once, then replays them (whole games, round-robin) in chunks of
// at least `chunk` player turns (default 100,000).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { recordAndReplay } from './darkfate.js';

type Run = (turns: number) => number;

async function turnsOf(distRoot: string, engineOnly: boolean): Promise<Run> {
  const at = (m: string) => pathToFileURL(resolve(distRoot, m)).href;
  const { loadCardData, referenceCardsFile } = (await import(at('src/games/darkfate/cardData.js'))) as typeof import('../src/games/darkfate/cardData.js');
  // buildEngineSync moved from darkfateSim.js to policies.js (lazy policies); an older build has it in the first.
  const fromSim = (await import(at('src/games/darkfate/darkfateSim.js'))) as { buildEngineSync?: typeof import('../src/games/darkfate/policies.js').buildEngineSync };
  const buildEngineSync = fromSim.buildEngineSync ?? ((await import(at('src/games/darkfate/policies.js'))) as typeof import('../src/games/darkfate/policies.js')).buildEngineSync;
  const { defaultsOf } = (await import(at('src/core/params.js'))) as typeof import('../src/core/params.js');
  const { StreamSeeder } = (await import(at('src/core/rng.js'))) as typeof import('../src/core/rng.js');
  const { DARKFATE_PARAMS, rulesOf } = (await import(at('src/games/darkfate/darkfateParams.js'))) as typeof import('../src/games/darkfate/darkfateParams.js');
  const { OUTCOME_NONE } = (await import(at('src/games/darkfate/darkfateRules.js'))) as typeof import('../src/games/darkfate/darkfateRules.js');
  const e = buildEngineSync({
    cards: loadCardData(referenceCardsFile()),
    rules: rulesOf(defaultsOf(DARKFATE_PARAMS)),
    setup: { players: 2, characters: [0, 1], solo: false, rev9: 1, goOnWithoutMe: false, neuralNet: false },
    policy: 'planner',
  });
  const seeder = new StreamSeeder(7);
  const rng = seeder.streamFor(0);
  if (engineOnly) return replayOf(e, seeder, rng);
  e.reset(rng);
  let game = 0;
  let sum = 0;
  return (turns) => {
    for (let u = 0; u < turns; u++) {
      if (e.outcome !== OUTCOME_NONE || e.turn >= e.rules.maxTurns) {
        sum += e.outcome;
        seeder.seedInto(rng, ++game);
        e.reset(rng);
      }
      e.playTurn();
    }
    return sum + e.turn;
  };
}

type Engine = ReturnType<typeof import('../src/games/darkfate/policies.js').buildEngineSync>;
const REPLAY_GAMES = 2_000;

/** The engine alone on the planner's games: recorded once, then replayed whole games at a time (bench/darkfate.ts's recorder, on either build's engine). */
function replayOf(e: Engine, seeder: import('../src/core/rng.js').StreamSeeder, rng: Engine['rng']): Run {
  const { quickAt, chosenAt, cursor } = recordAndReplay(e, seeder, rng, REPLAY_GAMES);
  let g = 0;
  return (turns) => {
    let sum = 0;
    for (let done = 0; done < turns; g = (g + 1) % REPLAY_GAMES) {
      cursor.q = quickAt[g];
      cursor.c = chosenAt[g];
      seeder.seedInto(rng, g);
      sum += e.playGame(rng) + e.turn;
      done += e.turn;
      if (cursor.q !== quickAt[g + 1] || cursor.c !== chosenAt[g + 1]) throw new Error(`replay of game ${g} diverged`);
    }
    return sum;
  };
}

const engineOnly = process.argv.includes('--engine');
const args = process.argv.slice(2).filter((a) => a !== '--engine');
const other = args[0];
if (!other) {
  process.stderr.write('usage: node dist/bench/darkfateAB.js OTHER_ROOT [rounds] [chunk] [--engine] (OTHER_ROOT: a checkout with dist/ built)\n');
  process.exit(2);
}
const rounds = Number(args[1] ?? 80);
const chunk = Number(args[2] ?? (engineOnly ? 100_000 : 20_000));
const runA = await turnsOf(resolve(other, 'dist'), engineOnly);
const runB = await turnsOf(resolve(new URL('..', import.meta.url).pathname), engineOnly);
runA(100_000);
runB(100_000);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let ta = 0;
let tb = 0;
let ca = 0;
let cb = 0;
const ratios: number[] = [];
for (let r = 0; r < rounds; r++) {
  // Which build goes first alternates, so neither always runs just after the other's garbage.
  const aFirst = r % 2 === 0;
  const t0 = cpuMs();
  if (aFirst) ca = runA(chunk);
  else cb = runB(chunk);
  const t1 = cpuMs();
  if (aFirst) cb = runB(chunk);
  else ca = runA(chunk);
  const t2 = cpuMs();
  const da = aFirst ? t1 - t0 : t2 - t1;
  const db = aFirst ? t2 - t1 : t1 - t0;
  ta += da;
  tb += db;
  ratios.push(db / da);
}
ratios.sort((x, y) => x - y);
const q = (f: number) => ratios[Math.min(rounds - 1, Math.floor(f * rounds))].toFixed(3);
process.stdout.write(
  `other ${ta.toFixed(0)} ms, this ${tb.toFixed(0)} ms for ${rounds * chunk} ${engineOnly ? 'replayed (engine-alone)' : 'planner'} turns each: this/other ${(tb / ta).toFixed(3)} (chunks: median ${q(0.5)}, quartiles ${q(0.25)}, ${q(0.75)}); same games: ${ca === cb ? 'yes' : 'NO'}\n`,
);
