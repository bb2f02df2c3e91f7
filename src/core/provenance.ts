// The provenance block every report starts with.
import { hashOf } from './hash.js';
import type { Report } from './reportTypes.js';
import { packageInfo } from './packageInfo.js';

/** Report fields common to all games; `rulesData` is whatever data (cards, units) the numbers depend on. */
export function provenance(
  game: string,
  params: Record<string, unknown>,
  rulesData: unknown = null,
): Pick<Report, 'tool' | 'version' | 'game' | 'params' | 'paramsHash' | 'dataHash'> {
  return { tool: 'sim', version: packageInfo().version, game, params, paramsHash: hashOf({ params, rulesData }), dataHash: hashOf(rulesData) };
}

/**
 * The provenance of a report that combines several runs (a comparison, a sweep, a ladder, a
 * sensitivity, a ranking, a tune): no data hash, since each run's data is its own (the hash of no
 * data would read as the data's), and the parameters hash over the parameters given.
 */
export function combinedProvenance(game: string, params: Record<string, unknown>): Pick<Report, 'tool' | 'version' | 'game' | 'params' | 'paramsHash'> {
  const { dataHash: _none, ...rest } = provenance(game, params);
  return rest;
}
