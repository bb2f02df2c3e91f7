// Throughput of Dark Fate: whole games (2 players, reference cards, greedy policy, the
// Endoskeleton), through the real engine and recorder. Setup (YAML parse, compile, preallocate)
// is timed apart.
import type { BenchCase } from './benchCase.js';
import { playerCase } from './playerCase.js';
import { loadCardData, referenceCardsFile } from '../src/games/darkfate/cardData.js';
import { darkfateSim, type DarkFateSimParams } from '../src/games/darkfate/darkfateSim.js';

function params(policy: string): DarkFateSimParams {
  return {
    cards: loadCardData(referenceCardsFile()),
    rules: { handSize: 5, woundsToDie: 3, reserveSetup: 5, refillTo: 4, rev9Depth: 5, maxTurns: 400, prepCards: 5, setbackCards: 4, nnHandSize: 5 },
    setup: { players: 2, characters: [0, 1], solo: false, rev9: 1, goOnWithoutMe: false, neuralNet: false },
    policy,
  };
}

function darkfateCase(policy: string): BenchCase {
  return playerCase(`darkfate endoskeleton, 2 players, ${policy}`, darkfateSim, () => params(policy), 500);
}

export const darkfateCases: BenchCase[] = [darkfateCase('greedy'), darkfateCase('planner')];
