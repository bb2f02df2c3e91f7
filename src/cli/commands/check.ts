// `sim check REPORT.json|DIR …`: balance regression. Re-runs each golden report from its `rerun`
// block and compares. Exact (default): same engine + same seed must give identical numbers.
// --tolerance stat: every estimate must be statistically compatible with the golden one
// (two-sided tests, Holm-corrected over the report's metrics), for deliberate changes in how
// randomness is used. Exit 1 with a diff table on failure; --junit writes JUnit XML.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { resolveSourceParams } from '../../core/params.js';
import { readInputFile, wasRead, withInputsConfined } from '../../core/inputFile.js';
import { UsageError } from '../../core/usageError.js';
import { packageInfo } from '../../core/packageInfo.js';
import type { Report } from '../../core/reportTypes.js';
import { findMode } from '../../games/index.js';
import { assumptionFindings, assumptionNote, exactValueDiffs, finding, inputFindings, isAssumption, junitXml, statisticalFindings, type CheckFinding, type CheckOutcome } from '../../report/goldenDiff.js';
import { numericDiffs } from '../../report/numericDiffs.js';
import { reportContentHash } from '../../report/report.js';
import { autoJobs } from '../../run/runner.js';
import { emitReport, refuseOutputOverInput, writeFileAtomic, WriteError } from '../emit.js';
import { runReport } from '../execute.js';
import { interruption } from '../interrupt.js';
import { err, setExitCode } from '../io.js';
import { checkReportSchema } from '../reportSchema.js';
import { parseConfidence, parseGameCount, parseJobs, parseOutFile, parseSeed } from '../parseOptions.js';
import { addOutputOptions, type OutputOptions } from '../runOptions.js';
import { bundledScenarios, jsonSyntax, locateBundledPaths, MAX_REPORT_BYTES, refuseUnallowedPaths } from '../trust.js';

/** The folders directly inside the folders of `paths`, which a check does not search (a folder's own *.json only). */
function subfoldersOf(paths: readonly string[]): string[] {
  return paths.flatMap((p) => {
    try {
      return statSync(p).isDirectory() ? readdirSync(p, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(p, d.name)).sort() : [];
    } catch {
      return [];
    }
  });
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

interface CheckOptions extends OutputOptions {
  tolerance: 'exact' | 'stat';
  alpha: number;
  junit?: string;
  jobs: number | 'auto';
  allowCode?: boolean;
  maxGames: number;
}

/** a < b for dotted version numbers ("0.1.0" < "0.10.0"). */
function olderVersion(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i] ?? 0, pb[i] ?? 0];
    if (x !== y) return x < y;
  }
  return false;
}

/** A file that is not a (sound) report: unreadable, not JSON, off its schema, edited after it was recorded. */
class NotAReport extends UsageError {}

async function checkOne(file: string, opts: CheckOptions): Promise<CheckOutcome> {
  let golden: Report;
  const notAReport = (e: unknown) => (e instanceof UsageError && !(e instanceof NotAReport) ? new NotAReport(e.message) : e);
  let text: string;
  try {
    text = readInputFile(file, 'argument reports', MAX_REPORT_BYTES);
  } catch (e) {
    throw notAReport(e);
  }
  try {
    golden = JSON.parse(text) as Report;
  } catch (err) {
    throw new NotAReport(`${file}: not a JSON report (${jsonSyntax(text, err)})`);
  }
  if (!golden || typeof golden !== 'object') throw new NotAReport(`${file}: not a report (a JSON object)`);
  // Its schema before anything is read from it (a golden that breaks it is refused, exit 2, naming the field).
  await checkReportSchema(golden as unknown as Record<string, unknown>, file).catch((e: unknown) => {
    throw notAReport(e);
  });
  // A golden is a stored claim: one edited after it was recorded is refused, not compared.
  const recorded = (golden as unknown as Record<string, unknown>).contentHash;
  if (recorded !== undefined && recorded !== reportContentHash(golden as unknown as Record<string, unknown>)) {
    throw new NotAReport(`${file}: contentHash: does not match its content (the golden was edited after it was recorded); record it again`);
  }
  if (!golden.rerun || typeof golden.rerun.game !== 'string') {
    // A report of sim's that no single run reproduces (compare, sweep, tables, params): not a golden; the others are still checked.
    if (golden && golden.tool === 'sim' && typeof golden.game === 'string') {
      return { file, passed: false, detail: 'not a golden: no "rerun" block (a comparison, sweep, table or parameter list is not one simulation\'s report; record goldens with `sim GAME … --format json` or `sim run FILE`)', findings: [] };
    }
    throw new NotAReport(`${file}: no "rerun" block; record it with \`sim … --format json --out ${file}\``);
  }
  // Without a content hash nothing shows whether its text, tables or headline were edited (the re-run compares the result alone): refused.
  if (recorded === undefined) throw new NotAReport(`${file}: carries no contentHash: nothing shows whether it was edited after it was recorded (sim writes one into every JSON report); record it again`);
  // A golden is a claim of this tool: another tool's report, or a newer version's, is not one it can check.
  if (golden.tool !== 'sim') return { file, passed: false, detail: `not a golden of sim: tool ${JSON.stringify(golden.tool)}`, findings: [] };
  const version = packageInfo().version;
  if (typeof golden.version !== 'string' || !/^\d+(\.\d+)*$/.test(golden.version)) return { file, passed: false, detail: `not a golden of sim: version ${JSON.stringify(golden.version)}`, findings: [] };
  if (olderVersion(version, golden.version)) return { file, passed: false, detail: `recorded by sim ${golden.version}, newer than this sim ${version}: upgrade, or record it again`, findings: [] };
  if (golden.partial) {
    return { file, passed: false, detail: `not a golden: a partial report (interrupted after ${golden.n} of ${golden.rerun.n} games); record it again`, findings: [] };
  }
  const found = await findMode(golden.rerun.game, `${file}: rerun.game`);
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
  // Stored data decides neither how much work runs nor what code or files are read (README: What runs as code).
  if (n > opts.maxGames) throw new UsageError(`${file}: rerun.n: ${n} games, more than --max-games ${opts.maxGames}; raise --max-games to rerun it`);
  // What the golden says it ran (its header: seed, n) must be what its rerun block replays, or it claims one run and checks another.
  const g = golden as unknown as { seed?: unknown; n?: unknown };
  for (const key of ['seed', 'n'] as const) {
    const said = g[key];
    const replayed = (golden.rerun as unknown as Record<string, unknown>)[key];
    if (said !== null && said !== undefined && said !== replayed) return { file, passed: false, detail: `not a golden: it says ${key} ${JSON.stringify(said)} but its rerun block replays ${key} ${JSON.stringify(replayed)}; record it again`, findings: [] };
  }
  // Paths are checked before a data value (data.…) makes the game read the file they name.
  const allowed = { codeDirs: [bundledScenarios()], dataDirs: [dirname(resolve(file))], where: `${file}: rerun.params`, hint: { code: 'pass --allow-code to run it', data: 'pass --allow-code to read it' } };
  // A relative path was recorded from the folder sim ran in: from elsewhere, one naming this tool's scenarios/ is read there.
  const stored = locateBundledPaths(found.mode.params, golden.rerun.params ?? {});
  const params = resolveSourceParams(found.mode, stored, (k) => `${file}: rerun.params.${k}`, opts.allowCode ? undefined : (fixed) => refuseUnallowedPaths(found.mode.params, fixed, allowed));
  const rerun = () => runReport({ ...found, params, opts: { games: n, seed, jobs, confidence, format: 'json', quiet: true } }, seed);
  // A file a data file names (a deck's `cards:`) is read under the same rule as the golden's own.
  let current: Awaited<ReturnType<typeof rerun>>;
  try {
    current = opts.allowCode ? await rerun() : await withInputsConfined([bundledScenarios(), dirname(resolve(file))], `a golden's data may only name files in its own folder and this tool's scenarios/; pass --allow-code to read it`, rerun);
  } catch (e) {
    // A refusal met while the rerun reads its data (a deck's cards:) names the golden it came from: a folder may hold many.
    if (e instanceof UsageError && e.constructor === UsageError && !e.message.includes(file)) throw new UsageError(`${file}: ${e.message}`, e.field);
    throw e;
  }
  // Its parameters as stated (the header's params) must be those its rerun block played: the same
  // parameters hash and a different value shown is a header edited apart from the rerun block.
  if (current.paramsHash === golden.paramsHash && golden.params && current.params) {
    const stated = golden.params as Record<string, unknown>;
    const played = current.params as Record<string, unknown>;
    const differ = Object.keys(stated).filter((k) => Object.hasOwn(played, k) && JSON.stringify(stated[k]) !== JSON.stringify(played[k]));
    if (differ.length) return { file, passed: false, detail: `not a golden: its params say ${differ.map((k) => `${k} ${JSON.stringify(stated[k])}`).join(', ')} but its rerun block plays ${differ.map((k) => `${k} ${JSON.stringify(played[k])}`).join(', ')}; record it again`, findings: [] };
  }
  const assumed = assumptionFindings(golden, current);
  const assumedNote = assumptionNote(assumed);
  if (opts.tolerance === 'exact') {
    const sameNumbers = JSON.stringify(current.result) === JSON.stringify(golden.result);
    const input = current.paramsHash === golden.paramsHash ? { findings: [], added: [] } : inputFindings(golden, current, found.mode.params);
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
    .option('--allow-code', "run the policy modules goldens name, and read data files they name outside the golden's own folder and this tool's scenarios/ (code and files chosen by whoever wrote the golden)")
    .addOption(new Option('--max-games <N>', 'refuse a golden whose rerun plays more games than this').argParser(parseGameCount).default(1e7))
    .option('-j, --jobs <N|auto>', 'worker threads', parseJobs, 'auto');
  addOutputOptions(cmd, { intervals: false, why: "each golden is rerun at its own level; the check's report is a list of outcomes" }).action(async (paths: string[], opts: CheckOptions) => {
    if (cmd.getOptionValueSource('alpha') === 'cli' && opts.tolerance !== 'stat') throw new UsageError('option --alpha: the error rate of --tolerance stat has no effect on an exact check; add --tolerance stat');
    const files = expandReportPaths(paths);
    const subfolders = subfoldersOf(paths);
    const goldens = files.map((file) => ({ file, what: 'a golden report' }));
    refuseOutputOverInput({ file: opts.out, option: 'option --out' }, goldens);
    refuseOutputOverInput({ file: opts.junit, option: 'option --junit' }, [...goldens, { file: opts.out, what: 'the --out file' }]);
    if (files.length === 0) throw new UsageError(`argument reports: no .json reports in ${paths.join(', ')}`);
    const t0 = process.hrtime.bigint();
    const outcomes: CheckOutcome[] = [];
    // Ctrl-C: the golden being re-run is neither passed nor failed (its rerun is partial), and the rest are not checked.
    let interrupted: string | null = null;
    for (const f of files) {
      // One file that is not a report (unreadable, not JSON, off its schema, edited) fails its row
      // when there are others to check: the rest are still checked. Named alone it is bad usage (exit
      // 2), as is every other refusal (a rerun past --max-games, a parameter that no longer validates).
      const o = await checkOne(f, opts).catch((e: unknown) => {
        if (!(e instanceof NotAReport) || files.length === 1) throw e;
        return { file: f, passed: false, detail: `not a golden: ${e.message.startsWith(`${f}: `) ? e.message.slice(f.length + 2) : e.message}`, findings: [] } satisfies CheckOutcome;
      });
      if (interruption().aborted) {
        interrupted = f;
        break;
      }
      outcomes.push(o);
    }
    const unchecked = interrupted === null ? [] : files.slice(files.indexOf(interrupted));
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const failed = outcomes.filter((o) => !o.passed);
    const report: Report = {
      tool: 'sim',
      version: packageInfo().version,
      game: 'check',
      title: `sim check (${opts.tolerance}): ${outcomes.length - failed.length} passed, ${failed.length} failed${unchecked.length ? `; interrupted: ${unchecked.length} not checked` : ''}`,
      ...(unchecked.length ? { partial: true } : {}),
      method: 'none',
      // The error rate only where it acts (--tolerance stat): an exact check has none.
      params: { tolerance: opts.tolerance, ...(opts.tolerance === 'stat' ? { alpha: opts.alpha } : {}) },
      paramsHash: '',
      seed: null,
      n: null,
      confidence: opts.confidence ?? 0.95,
      result: outcomes,
      assumptions: [],
      tables: [
        {
          title: 'Reports',
          columns: [{ key: 'file', header: 'report', format: 'text' }, { key: 'status', header: 'status', format: 'text' }, { key: 'detail', header: 'detail', format: 'text' }],
          rows: [...outcomes.map((o) => ({ file: o.file, status: o.passed ? 'ok' : 'FAIL', detail: o.detail })), ...unchecked.map((file) => ({ file, status: 'not checked', detail: file === interrupted ? 'interrupted while its rerun played (neither passed nor failed)' : 'interrupted before it was checked' }))],
        },
        ...(failed.some((o) => o.findings.some((f) => !isAssumption(f)))
          ? [{ title: 'Differences (first 20 per report)', columns: [{ key: 'file', header: 'report', format: 'text' as const }, { key: 'path', header: 'quantity', format: 'text' as const }, { key: 'golden', header: 'golden' }, { key: 'current', header: 'now' }, { key: 'pValue', header: 'adj. p' }], rows: failed.flatMap((o) => o.findings.filter((f) => !isAssumption(f)).slice(0, 20).map((f) => ({ file: o.file, path: f.path, golden: f.golden, current: f.current, pValue: f.pValue ?? null }))) }]
          : []),
        // Sentences, so in a table of text columns that wrap.
        ...(failed.some((o) => o.findings.some(isAssumption))
          ? [{ title: 'Assumptions that differ', columns: [{ key: 'file', header: 'report', format: 'text' as const }, { key: 'path', header: 'which', format: 'text' as const }, { key: 'golden', header: 'golden', format: 'text' as const }, { key: 'current', header: 'now', format: 'text' as const }], rows: failed.flatMap((o) => o.findings.filter(isAssumption).map((f) => ({ file: o.file, path: f.path, golden: f.golden, current: f.current }))) }]
          : []),
      ],
      // A folder is searched one level deep: the subfolders left out are said, not skipped unsaid (a probe found them silent).
      notes: subfolders.length ? [`Not searched (a folder's own *.json files only): ${subfolders.length} subfolder${subfolders.length === 1 ? '' : 's'}, ${subfolders.slice(0, 5).join(', ')}${subfolders.length > 5 ? ', …' : ''}; name them to check their reports.`] : [],
      timings: { wallMs: Math.round(seconds * 1000) },
    };
    // emitReport ends an interrupted check with the signal's exit code (partial), never as a regression.
    await emitReport(report, opts);
    if (failed.length && !unchecked.length) setExitCode(1);
    // After the report: a JUnit file that cannot be written loses no outcome, and says so.
    if (opts.junit && wasRead(opts.junit)) {
      // A file a golden's data names, known only once read: never replaced (the report above has every outcome).
      err().write(`sim: error: option --junit: ${opts.junit} is also a file this run read; nothing was written there (the outcomes are in the report above)\n`);
      setExitCode(1);
    } else if (opts.junit) {
      try {
        writeFileAtomic(opts.junit, junitXml(outcomes, seconds, unchecked));
      } catch (e) {
        if (!(e instanceof WriteError)) throw e;
        err().write(`sim: error: the JUnit file ${e.message}\n`);
        setExitCode(1);
      }
    }
  });
}
