// Comparing a golden report with its rerun (`sim check`): numbers, statistically compatible
// estimates, exact values carried beside estimates, stated assumptions and the inputs that explain a
// changed parameter hash; and JUnit XML of the outcomes.
import { printable } from '../core/printable.js';
import { canonicalJson } from '../core/hash.js';
import type { ParamSpec } from '../core/params.js';
import type { Report } from '../core/reportTypes.js';
import { holmAdjust, twoMeanDifference, twoProportionDifference } from '../core/stats.js';
import { numericDiffs } from './numericDiffs.js';

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
export function assumptionNote(found: CheckFinding[]): string {
  const added = found.filter((f) => f.golden === '(none)').length;
  const dropped = found.length - added;
  const parts = [added ? `${added} added` : '', dropped ? `${dropped} dropped` : ''].filter(Boolean);
  return parts.length ? `; assumptions: ${parts.join(', ')}` : '';
}

export const isAssumption = (f: CheckFinding): boolean => f.path.startsWith('assumptions[');

/** A numeric difference as a finding; a number one side lacks (NaN) reads "(absent)". */
export const finding = (d: { path: string; a: number; b: number }): CheckFinding => ({ path: d.path, golden: Number.isNaN(d.a) ? '(absent)' : d.a, current: Number.isNaN(d.b) ? '(absent)' : d.b });

/** Numbers that differ (beyond rounding) at paths naming an exact value: a key `exact…` or `…Exact`, or inside an `exact` block. */
export function exactValueDiffs(golden: unknown, current: unknown): { path: string; a: number; b: number }[] {
  return numericDiffs(golden, current).filter(
    (d) => /(^|[.\]])exact|Exact($|[.[])/.test(d.path) && !(Math.abs(d.a - d.b) <= 1e-9 * Math.max(1, Math.abs(d.a))),
  );
}

function escapeXml(s: string): string {
  // XML 1.0 admits no control character but tab, newline and carriage return: printable() replaces them.
  return printable(s).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** JUnit XML: one testcase per report. */
/** JUnit XML of a check; `unchecked` (an interrupted check's rest) are listed as skipped, neither passed nor failed. */
export function junitXml(outcomes: CheckOutcome[], seconds: number, unchecked: readonly string[] = []): string {
  const failures = outcomes.filter((o) => !o.passed).length;
  const cases = outcomes.map((o) => {
    const body = o.passed
      ? ''
      : `\n    <failure message="${escapeXml(o.detail)}">${escapeXml(o.findings.map((f) => `${f.path}: golden ${f.golden}, now ${f.current}${f.pValue !== undefined ? ` (adjusted p ${f.pValue.toPrecision(3)})` : ''}`).join('\n'))}</failure>\n  `;
    return `  <testcase classname="sim.check" name="${escapeXml(o.file)}">${body}</testcase>`;
  });
  // An interrupted golden is an error, not a failure: no regression, but no pass either (skipped
  // read as green to a CI system that trusts the XML over the exit code).
  const errors = unchecked.map((file) => `  <testcase classname="sim.check" name="${escapeXml(file)}">\n    <error type="interrupted" message="interrupted before it was checked: neither passed nor failed"/>\n  </testcase>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="sim check" tests="${outcomes.length + unchecked.length}" failures="${failures}" errors="${unchecked.length}" skipped="0" time="${seconds.toFixed(3)}">\n${[...cases, ...errors].join('\n')}\n</testsuite>\n`;
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
