// The fault-injection game as a scenario game, for the hidden `sim _fault` command (tests only).
import { provenance } from '../../core/provenance.js';
import type { ModeEntry } from '../../core/gameModule.js';
import { proportion } from '../../core/intervals.js';
import type { FaultParams } from './faultSim.js';

export const faultEntry: ModeEntry = {
  summary: 'fault injection for robustness tests',
  params: [
    { key: 'failAt', type: 'int', default: -1, min: -1, max: 1e12, doc: 'game index that fails (-1: none)', source: 'test fixture', cli: { value: '<I>', help: 'game index that fails' } },
    { key: 'mode', type: 'enum', default: 'throw', choices: ['throw', 'exit'], doc: 'throw an error, or end the thread', source: 'test fixture', cli: { value: '<m>', help: 'throw | exit' } },
    { key: 'work', type: 'int', default: 0, min: 0, max: 1e9, doc: 'busy-loop iterations per game', source: 'test fixture', cli: { value: '<W>', help: 'busy work per game' } },
    { key: 'pause', type: 'int', default: 0, min: 0, max: 10_000, doc: 'milliseconds slept after every 1,000 games (a run that lasts without using the CPU)', source: 'test fixture', cli: { value: '<ms>', help: 'ms slept every 1,000 games' } },
  ],
  async run(resolved, settings) {
    const params = { failAt: resolved.failAt, mode: resolved.mode, work: resolved.work, pause: resolved.pause } as FaultParams;
    const run = await settings.simulate('fault', params);
    const t = run.totals.get('coin');
    const coin = proportion(t.bins[1], t.n, settings.confidence);
    return {
      ...provenance('_fault', { ...params }),
      title: 'fault injection',
      method: 'mc',
      seed: settings.seed,
      n: run.games,
      confidence: settings.confidence,
      ...(run.partial ? { partial: true } : {}),
      result: { coin },
      assumptions: [],
      tables: [{ title: 'coin', columns: [{ key: 'estimate', header: 'P(heads)', format: 'prob' }, { key: 'lo', header: 'lo', format: 'prob' }, { key: 'hi', header: 'hi', format: 'prob' }], rows: [{ ...coin }] }],
      notes: [],
    };
  },
};
