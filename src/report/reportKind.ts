// What kind of report a Report is, from its shape: the JSON schema and the HTML page differ by kind.
// Pure; reads only fields every report has (params, result, method).
import type { Report } from '../core/reportTypes.js';

/**
 * - `game`: one run of a game mode or view (its `result` is the game's own contract);
 * - `compare`: two variants on common random numbers (`sim compare`);
 * - `sweep`: the cells of a parameter grid (`sim sweep`);
 * - `sensitivity`: one assumption changed at a time against a baseline (`sim sensitivity`);
 * - `check`: a balance-regression run over golden reports (`sim check`);
 * - `params`: a parameter listing (`sim params`);
 * - `gaps`: the stored policy gaps (`sim gaps`), one row per measured configuration.
 */
export type ReportKind = 'game' | 'compare' | 'sweep' | 'sensitivity' | 'check' | 'params' | 'gaps';

export const REPORT_KINDS: readonly ReportKind[] = ['game', 'compare', 'sweep', 'sensitivity', 'check', 'params', 'gaps'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function reportKind(r: Pick<Report, 'params' | 'result' | 'method' | 'game'>): ReportKind {
  const result = isObject(r.result) ? r.result : {};
  const params = isObject(r.params) ? r.params : {};
  if (Array.isArray(result.comparisons) && isObject(params.a) && isObject(params.b)) return 'compare';
  if (Array.isArray(result.axes) && Array.isArray(result.cells) && isObject(params.grid)) return 'sweep';
  if (Array.isArray(result.effects) && Array.isArray(result.baseline) && isObject(params.base)) return 'sensitivity';
  if (r.method === 'none' && r.game === 'check' && Array.isArray(r.result)) return 'check';
  if (r.method === 'none' && Array.isArray(result.gaps) && Array.isArray(result.unmeasured)) return 'gaps';
  if (r.method === 'none' && Array.isArray(r.result)) return 'params';
  return 'game';
}
