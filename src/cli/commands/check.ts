// `sim check REPORT.json|DIR …`: balance regression. Re-runs each golden report from its `rerun`
// block and compares. Exact (default): same engine + same seed must give identical numbers.
// --tolerance stat: every estimate must be statistically compatible with the golden one
// (two-sided tests, Holm-corrected over the report's metrics), for deliberate changes in how
// randomness is used. Exit 1 with a diff table on failure; --junit writes JUnit XML.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { resolveParams, type ParamSpec } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import { canonicalJson } from '../../core/hash.js';
import { packageInfo } from '../../core/packageInfo.js';
import type { Report } from '../../core/reportTypes.js';
import { holmAdjust, twoMeanDifference, twoProportionDifference } from '../../core/stats.js';
import { runGameForShell } from '../gameCommand.js';
import { parseConfidence, parseGameCount, parseJobs, parseOutFile, parseSeed } from '../parseOptions.js';
import { addOutputOptions, emitReport, writeFileAtomic, type OutputOptions } from '../runOptions.js';
import { autoJobs } from '../../run/runner.js';
import { requireScenarioGame } from './scenarioCommands.js';
import { numericDiffs } from './compare.js';

export interface CheckFinding {
  path: string;
  golden: number | string;
  current: number | string;
  pValue?: number;
}

export interface CheckOutcome {
  file: string;
  passed: boolean;
  detail: string;
  findings: CheckFinding[];
}

/** Expands directories to the *.json files inside them (sorted). */
export function expandReportPaths(paths: string[]): string[] {
  return paths.flatMap((p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`argument ${p}: no such file or directory`);
    }
    return st.isDirectory()
      ? readdirSync(p)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => join(p, f))
      : [p];
  });
}

type Estimate = { kind: 'proportion'; k: number; n: number } | { kind: 'mean'; mean: number; se: number };

/** Every estimate in a result tree: {estimate, k, n} proportions and {mean, se} or {estimate, se} means, by path. */
export function collectEstimates(value: unknown, path = '', out = new Map<string, Estimate>()): Map<string, Estimate> {
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.k === 'number' && typeof o.n === 'number' && typeof o.estimate === 'number') out.set(path, { kind: 'proportion', k: o.k, n: o.n });
    else if (typeof o.mean === 'number' && typeof o.se === 'number') out.set(path, { kind: 'mean', mean: o.mean, se: o.se });
    else if (typeof o.estimate === 'number' && typeof o.se === 'number') out.set(path, { kind: 'mean', mean: o.estimate, se: o.se });
    for (const [k, v] of Object.entries(o)) collectEstimates(v, Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k, out);
  }
  return out;
}

/**
 * Statistical comparison of two results: Holm-adjusted p-values per estimate; failing ones below
 * alpha. An estimate the golden has and the rerun lacks (or of another kind, or with games on one
 * side only) is a finding: a dropped row must not pass unseen. A mean whose standard error is zero
 * or unknown on either side cannot be tested: it is counted in `untested` (equal values pass).
 */
export function statisticalFindings(golden: unknown, current: unknown, alpha: number): { findings: CheckFinding[]; tested: number; untested: number } {
  const g = collectEstimates(golden);
  const c = collectEstimates(current);
  const tests: { path: string; p: number; golden: number; current: number }[] = [];
  const missing: CheckFinding[] = [];
  let untested = 0;
  const valueOf = (e: Estimate) => (e.kind === 'proportion' ? (e.n > 0 ? e.k / e.n : NaN) : e.mean);
  const shown = (x: number) => (Number.isNaN(x) ? '(absent)' : x);
  for (const [path, ge] of g) {
    const ce = c.get(path);
    if (!ce || ce.kind !== ge.kind) {
      missing.push({ path, golden: shown(valueOf(ge)), current: ce ? `(${ce.kind}, not a ${ge.kind})` : '(absent)' });
      continue;
    }
    if (ge.kind === 'proportion' && ce.kind === 'proportion') {
      if (ge.n === 0 && ce.n === 0) continue;
      if (ge.n === 0 || ce.n === 0) {
        missing.push({ path, golden: shown(valueOf(ge)), current: shown(valueOf(ce)) });
        continue;
      }
      tests.push({ path, p: twoProportionDifference(ge.k, ge.n, ce.k, ce.n).pValue, golden: ge.k / ge.n, current: ce.k / ce.n });
    } else if (ge.kind === 'mean' && ce.kind === 'mean') {
      if (Number.isNaN(ge.mean) && Number.isNaN(ce.mean)) continue;
      if (!Number.isFinite(ge.mean) || !Number.isFinite(ce.mean)) {
        missing.push({ path, golden: shown(ge.mean), current: shown(ce.mean) });
        continue;
      }
      if (!(ge.se > 0 && ce.se > 0 && Number.isFinite(ge.se) && Number.isFinite(ce.se))) {
        if (ge.mean !== ce.mean) untested++;
        continue;
      }
      tests.push({ path, p: twoMeanDifference(ge.mean, ge.se, ce.mean, ce.se).pValue, golden: ge.mean, current: ce.mean });
    }
  }
  const adjusted = holmAdjust(tests.map((t) => t.p));
  return {
    tested: tests.length,
    untested,
    findings: [...missing, ...tests.flatMap((t, i) => (adjusted[i] < alpha ? [{ path: t.path, golden: t.golden, current: t.current, pValue: adjusted[i] }] : []))],
  };
}

/**
 * Assumption lines that differ between a golden report and its rerun: a golden number is a claim
 * under its stated assumptions, so a changed assumption fails the check like a changed number
 * (re-record the golden once the change is deliberate). Lines are compared as a set (their order
 * says nothing): a line only the golden states is a finding at its golden index (current
 * "(none)"), then a line only the rerun states, at its current index (golden "(none)"); a reworded
 * line is both.
 */
export function assumptionFindings(golden: Report, current: Report): CheckFinding[] {
  if (!Array.isArray(golden.assumptions)) return [];
  const now = new Set(current.assumptions);
  const before = new Set(golden.assumptions);
  const out: CheckFinding[] = [];
  golden.assumptions.forEach((g, i) => {
    if (!now.has(g)) out.push({ path: `assumptions[${i}]`, golden: g, current: '(none)' });
  });
  current.assumptions.forEach((c, i) => {
    if (!before.has(c)) out.push({ path: `assumptions[${i}]`, golden: '(none)', current: c });
  });
  return out;
}

/** "1 assumption added, 2 dropped" for a check's detail column ('' when none changed). */
function assumptionNote(found: CheckFinding[]): string {
  const added = found.filter((f) => f.golden === '(none)').length;
  const dropped = found.length - added;
  const parts = [added ? `${added} added` : '', dropped ? `${dropped} dropped` : ''].filter(Boolean);
  return parts.length ? `; assumptions: ${parts.join(', ')}` : '';
}

const isAssumption = (f: CheckFinding): boolean => f.path.startsWith('assumptions[');

/** A numeric difference as a finding; a number one side lacks (NaN) reads "(absent)". */
const finding = (d: { path: string; a: number; b: number }): CheckFinding => ({ path: d.path, golden: Number.isNaN(d.a) ? '(absent)' : d.a, current: Number.isNaN(d.b) ? '(absent)' : d.b });

/** Numbers that differ (beyond rounding) at paths naming an exact value: a key `exact…` or `…Exact`, or inside an `exact` block. */
export function exactValueDiffs(golden: unknown, current: unknown): { path: string; a: number; b: number }[] {
  return numericDiffs(golden, current).filter(
    (d) => /(^|[.\]])exact|Exact($|[.[])/.test(d.path) && !(Math.abs(d.a - d.b) <= 1e-9 * Math.max(1, Math.abs(d.a))),
  );
}

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** JUnit XML: one testcase per report. */
export function junitXml(outcomes: CheckOutcome[], seconds: number): string {
  const failures = outcomes.filter((o) => !o.passed).length;
  const cases = outcomes.map((o) => {
    const body = o.passed
      ? ''
      : `\n    <failure message="${escapeXml(o.detail)}">${escapeXml(o.findings.map((f) => `${f.path}: golden ${f.golden}, now ${f.current}${f.pValue !== undefined ? ` (adjusted p ${f.pValue.toPrecision(3)})` : ''}`).join('\n'))}</failure>\n  `;
    return `  <testcase classname="sim.check" name="${escapeXml(o.file)}">${body}</testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="sim check" tests="${outcomes.length}" failures="${failures}" errors="0" time="${seconds.toFixed(3)}">\n${cases.join('\n')}\n</testsuite>\n`;
}

interface CheckOptions extends OutputOptions {
  tolerance: 'exact' | 'stat';
  alpha: number;
  junit?: string;
  jobs: number | 'auto';
}

/**
 * Why a golden's paramsHash differs from its rerun's (exact mode): parameters whose values differ
 * (`params.KEY`), parameters the golden predates left at their default (`added`: they change the
 * hash, not the games), and changed rules data (`data`, when both reports carry a dataHash). A
 * difference none of these explains (a golden older than dataHash whose data changed) stays a
 * `paramsHash` finding.
 */
export function inputFindings(golden: Report, current: Report, specs: readonly ParamSpec[]): { findings: CheckFinding[]; added: string[] } {
  const findings: CheckFinding[] = [];
  const added: string[] = [];
  const g = golden.params && typeof golden.params === 'object' ? golden.params : {};
  const c = current.params;
  for (const key of Object.keys({ ...g, ...c })) {
    if (canonicalJson(g[key]) === canonicalJson(c[key])) continue;
    const spec = specs.find((s) => s.key === key);
    if (!(key in g) && spec && canonicalJson(c[key]) === canonicalJson(spec.default)) added.push(key);
    else findings.push({ path: `params.${key}`, golden: key in g ? canonicalJson(g[key]) : '(absent)', current: key in c ? canonicalJson(c[key]) : '(absent)' });
  }
  const dataKnown = typeof golden.dataHash === 'string' && typeof current.dataHash === 'string';
  if (dataKnown && golden.dataHash !== current.dataHash) findings.push({ path: 'data', golden: golden.dataHash!, current: current.dataHash! });
  // Nothing named explains the difference, or only new parameters do but the golden cannot show that its data is unchanged.
  if (findings.length === 0 && (added.length === 0 || !dataKnown)) findings.push({ path: 'paramsHash', golden: golden.paramsHash, current: current.paramsHash });
  return { findings, added };
}

async function checkOne(file: string, opts: CheckOptions): Promise<CheckOutcome> {
  let golden: Report;
  try {
    golden = JSON.parse(readFileSync(file, 'utf8')) as Report;
  } catch (err) {
    throw new UsageError(`${file}: not a JSON report (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
  if (!golden || typeof golden !== 'object') throw new UsageError(`${file}: not a report (a JSON object)`);
  if (!golden.rerun || typeof golden.rerun.game !== 'string') {
    // A report of sim's that no single run reproduces (compare, sweep, tables, params): not a golden; the others are still checked.
    if (golden && golden.tool === 'sim' && typeof golden.game === 'string') {
      return { file, passed: false, detail: 'not a golden: no "rerun" block (a comparison, sweep, table or parameter list is not one simulation\'s report; record goldens with `sim GAME … --format json` or `sim run FILE`)', findings: [] };
    }
    throw new UsageError(`${file}: no "rerun" block; record it with \`sim … --format json --out ${file}\``);
  }
  if (golden.partial) {
    return { file, passed: false, detail: `not a golden: a partial report (interrupted after ${golden.n} of ${golden.rerun.n} games); record it again`, findings: [] };
  }
  const entry = await requireScenarioGame(golden.rerun.game, `${file}: rerun.game`);
  const jobs = opts.jobs === 'auto' ? autoJobs() : opts.jobs;
  // The rerun block is input like any other: validated as the command line would be.
  const field = <T>(name: string, raw: unknown, parse: (s: string) => T): T => {
    try {
      return parse(String(raw));
    } catch (err) {
      throw new UsageError(`${file}: ${name}: got ${JSON.stringify(raw)}; ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const seed = field('rerun.seed', golden.rerun.seed, parseSeed);
  const n = field('rerun.n', golden.rerun.n, parseGameCount);
  const confidence = field('confidence', golden.confidence, parseConfidence);
  const params = resolveParams(entry.params, golden.rerun.params ?? {}, (k) => `${file}: rerun.params.${k}`);
  const current = await runGameForShell(entry, params, { games: n, seed, jobs, confidence, format: 'json', quiet: true }, seed);
  const assumed = assumptionFindings(golden, current);
  const assumedNote = assumptionNote(assumed);
  if (opts.tolerance === 'exact') {
    const sameNumbers = JSON.stringify(current.result) === JSON.stringify(golden.result);
    const input = current.paramsHash === golden.paramsHash ? { findings: [], added: [] } : inputFindings(golden, current, entry.params);
    // A parameter added to the game after the golden was recorded, left at its default, plays the
    // same games: identical numbers then pass (the golden need not be re-recorded for every new option).
    const addedNote = input.added.length ? `; new parameter(s) at their default since the golden: ${input.added.join(', ')}` : '';
    if (sameNumbers && input.findings.length === 0 && assumed.length === 0) return { file, passed: true, detail: `identical${addedNote}`, findings: [] };
    const findings: CheckFinding[] = numericDiffs(golden.result, current.result).map(finding);
    const detail = findings.length ? `${findings.length} value(s) differ${assumedNote}` : `numbers identical${assumedNote}`;
    return { file, passed: false, detail: detail + addedNote, findings: [...assumed, ...input.findings, ...findings] };
  }
  const { findings: estimateFindings, tested, untested } = statisticalFindings(golden.result, current.result, opts.alpha);
  // Exact values beside the estimates (exact, atLeastExact, …) carry no sampling error: they must agree as numbers.
  const exactFindings = exactValueDiffs(golden.result, current.result).map(finding);
  const findings = [...exactFindings, ...estimateFindings];
  if (tested === 0 && estimateFindings.length === 0 && untested === 0) {
    // Exact results carry no sampling error: compare them as numbers.
    const diffs = numericDiffs(golden.result, current.result).filter((d) => !(Math.abs(d.a - d.b) <= 1e-9 * Math.max(1, Math.abs(d.a))));
    const all = [...assumed, ...diffs.map(finding)];
    return { file, passed: all.length === 0, detail: `${diffs.length ? `${diffs.length} exact value(s) differ` : 'no estimates; exact values agree'}${assumedNote}`, findings: all };
  }
  return { file, passed: findings.length === 0 && assumed.length === 0, detail: `${tested} estimates tested (Holm, alpha ${opts.alpha})${estimateFindings.length ? `: ${estimateFindings.length} incompatible or missing` : ''}${untested ? `; ${untested} mean(s) untested (no spread to test with)` : ''}${exactFindings.length ? `; ${exactFindings.length} exact value(s) differ` : ''}${assumedNote}`, findings: [...assumed, ...findings] };
}

export function registerCheck(program: Command): void {
  const cmd = program
    .command('check')
    .description('balance regression: re-run golden JSON reports and compare (exact by default)')
    .argument('<reports...>', 'report files or folders of them, e.g. reports/')
    .addOption(new Option('--tolerance <mode>', 'exact: identical numbers; stat: statistically compatible').choices(['exact', 'stat']).default('exact'))
    .addOption(new Option('--alpha <a>', 'family-wise error rate of each report for --tolerance stat (Holm over its estimates; a folder of M reports can fail by chance up to M times as often)').argParser((s) => {
      const v = Number(s);
      if (!(v > 0 && v < 1)) throw new UsageError(`option --alpha: got ${JSON.stringify(s)}, expected a number between 0 and 1`);
      return v;
    }).default(0.01))
    .option('--junit <file>', 'also write JUnit XML for CI systems', parseOutFile)
    .option('-j, --jobs <N|auto>', 'worker threads', parseJobs, 'auto');
  addOutputOptions(cmd).action(async (paths: string[], opts: CheckOptions) => {
    const files = expandReportPaths(paths);
    if (files.length === 0) throw new UsageError(`argument reports: no .json reports in ${paths.join(', ')}`);
    const t0 = process.hrtime.bigint();
    const outcomes: CheckOutcome[] = [];
    for (const f of files) outcomes.push(await checkOne(f, opts));
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (opts.junit) writeFileAtomic(opts.junit, junitXml(outcomes, seconds));
    const failed = outcomes.filter((o) => !o.passed);
    const report: Report = {
      tool: 'sim',
      version: packageInfo().version,
      game: 'check',
      title: `sim check (${opts.tolerance}): ${outcomes.length - failed.length} passed, ${failed.length} failed`,
      method: 'none',
      params: { tolerance: opts.tolerance, alpha: opts.alpha },
      paramsHash: '',
      seed: null,
      n: null,
      confidence: opts.confidence,
      result: outcomes,
      assumptions: [],
      tables: [
        { title: 'Reports', columns: [{ key: 'file', header: 'report', format: 'text' }, { key: 'status', header: 'status', format: 'text' }, { key: 'detail', header: 'detail', format: 'text' }], rows: outcomes.map((o) => ({ file: o.file, status: o.passed ? 'ok' : 'FAIL', detail: o.detail })) },
        ...(failed.some((o) => o.findings.some((f) => !isAssumption(f)))
          ? [{ title: 'Differences (first 20 per report)', columns: [{ key: 'file', header: 'report', format: 'text' as const }, { key: 'path', header: 'quantity', format: 'text' as const }, { key: 'golden', header: 'golden' }, { key: 'current', header: 'now' }, { key: 'pValue', header: 'adj. p' }], rows: failed.flatMap((o) => o.findings.filter((f) => !isAssumption(f)).slice(0, 20).map((f) => ({ file: o.file, path: f.path, golden: f.golden, current: f.current, pValue: f.pValue ?? null }))) }]
          : []),
        // Sentences, so in a table of text columns that wrap.
        ...(failed.some((o) => o.findings.some(isAssumption))
          ? [{ title: 'Assumptions that differ', columns: [{ key: 'file', header: 'report', format: 'text' as const }, { key: 'path', header: 'which', format: 'text' as const }, { key: 'golden', header: 'golden', format: 'text' as const }, { key: 'current', header: 'now', format: 'text' as const }], rows: failed.flatMap((o) => o.findings.filter(isAssumption).map((f) => ({ file: o.file, path: f.path, golden: f.golden, current: f.current }))) }]
          : []),
      ],
      notes: [],
      timings: { wallMs: Math.round(seconds * 1000) },
    };
    emitReport(report, opts);
    if (failed.length) process.exitCode = 1;
  });
}
