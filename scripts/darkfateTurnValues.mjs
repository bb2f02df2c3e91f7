// Where the Dark Fate planner leaves wins on the table, turn by turn: plays the planner's own games
// and, before each turn, values every plan the search policy would list (rest or play, stay or
// flee, draw extra reserve cards) against the planner's own turn by paired rollouts
// (SearchPolicy.planValues), then prints the mean gain of each plan per situation. A positive mean
// with a narrow interval is a decision the planner gets wrong there: a candidate rule, to be
// measured as a policy by a paired `sim compare` (one turn's gain need not survive as a rule: see
// scenarios/darkfate/README.md, Policies). Build first (`npm run build`). Usage:
//   node scripts/darkfateTurnValues.mjs [--rev9 KEY] [--players N] [--games G] [--rollouts R]
//        [--seed S] [--cards FILE] [--card-changes "a.b=1; c.d=2"] [--out rows.json]
// Defaults: fully-operational, 2 players, 100 games, 128 rollouts, seed 303, the reference cards;
// characters in card-file order, no solo mode, no optional rule (Go On Without Me!, Neural Net).
// Cost: about 0.5 s a game at 128 rollouts on one core of the development machine (two plans
// valued on most turns).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { usageOf, wholeFlag } from './flags.mjs';
import { defaultsOf } from '../dist/src/core/params.js';
import { StreamSeeder } from '../dist/src/core/rng.js';
import { applyCardChanges, parseCardChanges } from '../dist/src/games/darkfate/cardChanges.js';
import { loadCardData, referenceCardsFile } from '../dist/src/games/darkfate/cardData.js';
import { compiledCards } from '../dist/src/games/darkfate/compiledCards.js';
import { DARKFATE_PARAMS, rulesOf } from '../dist/src/games/darkfate/darkfateParams.js';
import { DarkFateEngine } from '../dist/src/games/darkfate/engine.js';
import { PlannerPolicy } from '../dist/src/games/darkfate/plannerPolicy.js';
import { BUILTIN_POLICIES } from '../dist/src/games/darkfate/policies.js';
import { REV9_HUNT } from '../dist/src/games/darkfate/policy.js';
import { SearchPolicy } from '../dist/src/games/darkfate/searchPolicy.js';

let parsed;
try {
  parsed = parseArgs({
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      rev9: { type: 'string', default: 'fully-operational' },
      players: { type: 'string', default: '2' },
      games: { type: 'string', default: '100' },
      rollouts: { type: 'string', default: '128' },
      seed: { type: 'string', default: '303' },
      cards: { type: 'string' },
      'card-changes': { type: 'string' },
      out: { type: 'string' },
    },
  });
} catch (err) {
  // An unknown option or a missing value: the message and the usage, exit 2 (not a stack trace).
  console.error(`darkfateTurnValues: ${err.message}\n\n${usageOf(import.meta.url)}`);
  process.exit(2);
}
const a = parsed.values;
if (a.help) {
  console.log(usageOf(import.meta.url));
  process.exit(0);
}
const whole = (name, lo, hi) => wholeFlag('darkfateTurnValues', a, name, lo, hi);
const players = whole('players', 1, 4);
const games = whole('games', 1, 1e6);
const rollouts = whole('rollouts', 1, 256);
const seed = whole('seed', 0, 2 ** 31 - 1);
let doc = loadCardData(a.cards ?? referenceCardsFile());
if (a['card-changes']) doc = applyCardChanges(doc, parseCardChanges(a['card-changes']));
const cards = compiledCards(doc);
const rev9 = cards.rev9.findIndex((r) => r.key === a.rev9);
if (rev9 < 0) throw new Error(`--rev9 ${a.rev9}: one of ${cards.rev9.map((r) => r.key).join(', ')}`);
const setup = { players, characters: [0, 1, 2, 3].slice(0, players), solo: false, rev9, goOnWithoutMe: false, neuralNet: false };
const engine = new DarkFateEngine(cards, rulesOf(defaultsOf(DARKFATE_PARAMS)), setup, new PlannerPolicy(cards));
const probe = new SearchPolicy(cards, { rollouts, depth: 0, rollout: 'planner', margin: 2 }, BUILTIN_POLICIES.planner);

/** The turn's situation: each Rev-9 on the hunt (its key, * when damaged, ! when staggered), else "none on the hunt". */
function situation(e) {
  const on = [];
  for (let k = 0; k < e.rev9Count(); k++) {
    if (e.rev9Where(k) !== REV9_HUNT) continue;
    const ver = cards.rev9[e.rev9Version(k)];
    const d = e.rev9Damage(k);
    on.push(`${ver.key}${d >= ver.stagger ? '!' : d > 0 ? '*' : ''}`);
  }
  return on.length ? on.join('+') : 'none on the hunt';
}

const rows = [];
const seeder = new StreamSeeder(seed);
for (let g = 0; g < games; g++) {
  const rng = seeder.streamFor(g);
  engine.reset(rng);
  while (engine.outcome === 0 && engine.turn < engine.rules.maxTurns) {
    const values = probe.planValues(engine, rollouts, seed * 1_000_003 + g * 1009 + engine.turn);
    const where = situation(engine);
    for (const v of values) rows.push({ game: g, turn: engine.turn, situation: where, ...v });
    engine.playTurn();
  }
  if ((g + 1) % 10 === 0) process.stderr.write(`${g + 1} of ${games} games\n`);
}
if (a.out) writeFileSync(a.out, JSON.stringify(rows));

const groups = new Map();
for (const r of rows) {
  const k = `${r.plan} | ${r.situation}`;
  const x = groups.get(k) ?? { n: 0, sum: 0, var: 0 };
  x.n++;
  x.sum += r.mean;
  x.var += r.se * r.se;
  groups.set(k, x);
}
console.log(`${a.rev9}, ${players} players, ${games} planner games, ${rollouts} rollouts a plan, seed ${seed}`);
console.log('plan | situation: turns, mean gain over the planner\'s turn in points a turn [95%, rollout noise only]');
for (const [k, x] of [...groups].sort((p, q) => q[1].sum - p[1].sum)) {
  const m = (100 * x.sum) / x.n;
  const h = (196 * Math.sqrt(x.var)) / x.n;
  console.log(`${k}: ${x.n}, ${m >= 0 ? '+' : ''}${m.toFixed(2)} [${(m - h).toFixed(2)}, ${(m + h).toFixed(2)}]`);
}
