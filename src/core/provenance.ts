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
