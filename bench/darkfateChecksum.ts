// `npm run bench:checksum`: one hash of every per-game statistic, and of the random stream's
// position after each game, over 120 Dark Fate configurations (every policy, Rev-9 version,
// player count, solo and optional rule, both flee readings for the Fully Operational Rev-9).
// A change meant to be a pure optimisation must leave it unchanged; compare before and after.
// `-- --each` also prints one hash per configuration, to find which ones a deliberate change moved.
import { loadCardData, referenceCardsFile } from '../src/games/darkfate/cardData.js';
import { buildEngineSync } from '../src/games/darkfate/policies.js';
import type { DarkFateRules, DarkFateSetup } from '../src/games/darkfate/darkfateRules.js';
import { defaultsOf } from '../src/core/params.js';
import { StreamSeeder } from '../src/core/rng.js';
import { DARKFATE_PARAMS, rulesOf } from '../src/games/darkfate/darkfateParams.js';

const each = process.argv.includes('--each');
const GAMES = Number(process.argv.slice(2).find((a) => a !== '--each') ?? 300);
const cards = loadCardData(referenceCardsFile());
// The rulebook defaults (every parameter at its default).
const rules: DarkFateRules = rulesOf(defaultsOf(DARKFATE_PARAMS));
const seats: [number, boolean, boolean, boolean][] = [
  [2, false, false, false],
  [1, false, false, false],
  [1, true, false, false],
  [3, false, true, false],
  [4, false, false, true],
  [2, false, true, true],
];
let h = 0;
let hc = 0;
const step = (acc: number, x: number): number => {
  acc = (Math.imul(acc ^ x, 0x9e3779b1) + 0x7f4a7c15) | 0;
  return acc ^ (acc >>> 15);
};
const mix = (x: number) => {
  h = step(h, x);
  hc = step(hc, x);
};
let configs = 0;
for (const policy of ['greedy', 'planner', 'cautious', 'random']) {
  for (const rev9 of [0, 1, 2, 3]) {
    for (const [players, solo, goOnWithoutMe, neuralNet] of seats) {
      for (const fleeEndsHunt of rev9 === 3 ? [false, true] : [false]) {
        const setup: DarkFateSetup = { players, characters: solo ? [0, 1] : [0, 1, 2, 3].slice(0, players), solo, rev9, goOnWithoutMe, neuralNet };
        const e = buildEngineSync({ cards, rules: { ...rules, fleeEndsHunt }, setup, policy });
        const seeder = new StreamSeeder(11);
        const rng = seeder.streamFor(0);
        hc = 0;
        for (let i = 0; i < GAMES; i++) {
          seeder.seedInto(rng, i);
          for (const x of [e.playGame(rng), e.turn, e.staggers, e.rev9Destroyed, e.flees, e.woundsTaken, e.fateN, e.reserveN, rng.next()]) mix(x);
        }
        configs++;
        if (each) process.stdout.write(`${(hc >>> 0).toString(16).padStart(8, '0')} ${policy} rev9=${rev9} players=${players}${solo ? ' solo' : ''}${goOnWithoutMe ? ' go-on-without-me' : ''}${neuralNet ? ' neural-net' : ''}${fleeEndsHunt ? ' flee-ends-hunt' : ''}\n`);
      }
    }
  }
}
process.stdout.write(`darkfate checksum ${(h >>> 0).toString(16)} (${configs} configurations × ${GAMES} games)\n`);
