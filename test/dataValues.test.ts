// Every value of a data file as a parameter (src/core/dataValues.ts): paths by key and by a list
// item's name slug, applied to a copy before the file's own validation; and Terror's use of it.
import { describe, expect, it } from 'vitest';
import { applyDataValues, dataLeaves, dataValueSpecs, slugOf } from '../src/core/dataValues.js';
import { runCli } from './helpers/runCli.js';

describe('data values', () => {
  const doc = { finalGirl: { health: 6, name: 'Gabrielle' }, cards: [{ name: 'T-800 Infiltrator', power: 8 }, { name: 'T-800 Infiltrator', power: 7 }, { id: 'drone', power: 2, flying: true }], track: [1, 2, 3] };
  it('names every number and true/false by its path: map keys, list items by name/id slug (repeats numbered), else index', () => {
    expect(slugOf('T-800 Infiltrator')).toBe('t-800-infiltrator');
    expect([...dataLeaves(doc).keys()]).toEqual([
      'data.finalGirl.health',
      'data.cards.t-800-infiltrator.power',
      'data.cards.t-800-infiltrator-2.power',
      'data.cards.drone.power',
      'data.cards.drone.flying',
      'data.track.0',
      'data.track.1',
      'data.track.2',
    ]);
    const specs = dataValueSpecs(doc, 'f.yaml');
    expect(specs.find((s) => s.key === 'data.cards.drone.flying')).toMatchObject({ type: 'bool', default: true, source: 'data: f.yaml' });
  });
  it('sets values on a copy; an unknown path names the nearest', () => {
    const changed = applyDataValues(doc, { 'data.finalGirl.health': 5, 'data.cards.t-800-infiltrator-2.power': 4, 'data.track.1': 9 });
    expect(changed.finalGirl.health).toBe(5);
    expect(changed.cards[1].power).toBe(4);
    expect(changed.track).toEqual([1, 9, 3]);
    expect(doc.finalGirl.health).toBe(6);
    expect(() => applyDataValues(doc, { 'data.finalGirl.helth': 5 })).toThrow(/no such value in the data file \(did you mean "data\.finalGirl\.health"\?\)/);
  });
  it('Terror: --set data.finalGirl.health moves survival, in a run and a compare alike; the file validates the value', () => {
    const rate = (args: string[]) => JSON.parse(runCli(['terror', '-n', '400', '--seed', '1', '-j', '1', '-q', '--format', 'json', ...args]).stdout).result.survival.estimate;
    expect(rate(['--set', 'data.finalGirl.health=3'])).toBeLessThan(rate([]) - 0.2);
    const bad = runCli(['terror', '-n', '10', '--set', 'data.finalGirl.health=-3']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/finalGirl\.health: expected an integer/);
    expect(runCli(['terror', '-n', '10', '--set', 'data.finalGirl.helth=3']).stderr).toMatch(/did you mean "data\.finalGirl\.health"/);
    const cmp = JSON.parse(runCli(['compare', 'terror', '--set', 'data.finalGirl.health=3', '-n', '400', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(cmp.result.comparisons[0].difference).toBeLessThan(-0.2);
  });
  it('CCG: --set data.cards.t-800-infiltrator.power moves the game; the card file validates it; both decks must share the card file', () => {
    const win = (args: string[]) => JSON.parse(runCli(['tccg', 'game', '-n', '300', '--seed', '1', '-j', '1', '-q', '--format', 'json', ...args]).stdout).result.resistanceWins.estimate;
    expect(win(['--set', 'data.cards.t-800-infiltrator.power=3'])).toBeGreaterThan(win([]));
    const bad = runCli(['tccg', 'game', '-n', '10', '--set', 'data.cards.t-800-infiltrator.power=99']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/cards\[\d+\] \(T-800 Infiltrator\)\.power: expected an integer in \[0, 30\]/);
    expect(JSON.parse(runCli(['params', 'tccg', 'opening', '--format', 'json']).stdout).result.some((r: { key: string }) => r.key === 'data.cards.t-800-infiltrator.power')).toBe(true);
  });
});
