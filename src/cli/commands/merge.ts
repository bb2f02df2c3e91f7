// `sim merge part-*.json`: checks that the parts belong to one run and cover every shard once,
// merges them in shard order, and prints the report the unsharded run prints (same numbers).
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { hashOf } from '../../core/hash.js';
import { withInputsConfined } from '../../core/inputFile.js';
import { packageInfo } from '../../core/packageInfo.js';
import { resolveSourceParams } from '../../core/params.js';
import type { Totals } from '../../core/aggregate.js';
import { UsageError } from '../../core/usageError.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { findMode } from '../../games/index.js';
import { emitReport, refuseOutputOverInput } from '../emit.js';
import { inputFileHashes } from '../resolve.js';
import { replayTotals, runReport } from '../execute.js';
import { addOutputOptions, type OutputOptions } from '../runOptions.js';
import { bundledScenarios, refuseUnallowedPaths } from '../trust.js';
import { checkSeal, orderParts, readHmacKey, readJsonFile, savedTotals, type PartFile } from '../runState.js';

/** Merges ordered parts call by call; throws UsageError when they disagree on the simulations. */
export async function mergeParts(parts: { file: string; part: PartFile }[]): Promise<{ simId: string; simParamsHash: string; totals: Totals }[]> {
  const ordered = orderParts(parts);
  for (const { file, part } of ordered) {
    if ((part as PartFile & { partial?: boolean }).partial) throw new UsageError(`${file}: shard ${part.shard} was interrupted; run it again`);
  }
  const calls = ordered[0].part.calls.length;
  const merged: { simId: string; simParamsHash: string; totals: Totals }[] = [];
  for (let c = 0; c < calls; c++) {
    let totals: Totals | null = null;
    const head = ordered[0].part.calls[c];
    for (const { file, part } of ordered) {
      const call = part.calls[c];
      if (!call || call.simId !== head.simId || call.simParamsHash !== head.simParamsHash || part.calls.length !== calls) {
        throw new UsageError(`${file}: its simulations differ from ${ordered[0].file} (call ${c})`);
      }
      let t: Totals;
      try {
        t = await savedTotals(call);
      } catch (err) {
        throw new UsageError(`${file}: call ${c}: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (totals) totals.addTotals(t);
      else totals = t;
    }
    merged.push({ simId: head.simId, simParamsHash: head.simParamsHash, totals: totals! });
  }
  return merged;
}

export function registerMerge(program: Command): void {
  const cmd = program
    .command('merge')
    .description('merge the part files of a sharded run (--shard K/M) into the report of the whole run')
    .argument('<parts...>', 'part files, one per shard, e.g. part-*.json')
    .option('--hmac-key-file <file>', 'the key the parts were signed with (--shard … --hmac-key-file): unsigned or wrongly signed parts are refused')
    .option('--allow-code', "run the policy module the parts name, and read data files they name outside the parts' own folders and this tool's scenarios/ (code and files chosen by whoever wrote the parts: only for parts you made)");
  addOutputOptions(cmd).action(async (files: string[], opts: OutputOptions & { hmacKeyFile?: string; allowCode?: boolean }) => {
    refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [...files.map((file) => ({ file, what: 'a part file' })), { file: opts.hmacKeyFile, what: 'the --hmac-key-file' }]);
    const key = opts.hmacKeyFile ? readHmacKey(opts.hmacKeyFile) : undefined;
    const parts = files.map((file) => ({ file, part: readJsonFile<PartFile>(file, 'part file') }));
    // A part's numbers are trusted only once its seal (content hash, signature) is checked.
    for (const { file, part } of parts) if (part?.kind === 'sim-part') checkSeal(part, file, key);
    // Their structure and that they belong to one run, before anything of theirs is used.
    orderParts(parts);
    const id = parts[0].part.identity;
    // Parts are data (README: What runs as code): they name no code or file the user did not allow,
    // and they are numbers of this sim's games, not another version's.
    const version = packageInfo().version;
    if (id.tool !== 'sim' || id.version !== version) {
      throw new UsageError(`${parts[0].file}: identity: parts of ${JSON.stringify(id.tool)} ${JSON.stringify(id.version)}, this is sim ${version}: merge them with the sim that played them`);
    }
    if (!id.params || typeof id.params !== 'object' || hashOf(id.params) !== id.paramsHash) throw new UsageError(`${parts[0].file}: identity.params: do not match identity.paramsHash; refused`);
    const found = await findMode(id.game, `${parts[0].file}: identity.game`);
    const folders = [...new Set(files.map((f) => dirname(resolve(f))))];
    const allowed = { codeDirs: [bundledScenarios()], dataDirs: folders, where: `${parts[0].file}: identity.params`, hint: { code: 'pass --allow-code to run it', data: 'pass --allow-code to read it' } };
    const params = resolveSourceParams(found.mode, id.params, (k) => `${parts[0].file}: identity.params.${k}`, opts.allowCode ? undefined : (fixed) => refuseUnallowedPaths(found.mode.params, fixed, allowed));
    // A file the run read that is not what it was then (an edited card file) makes another run: say which.
    const now = inputFileHashes(found.mode.params, params as ResolvedParams);
    for (const [key, hash] of Object.entries(id.files ?? {})) {
      if (now[key] !== undefined && now[key] !== hash) throw new UsageError(`${parts[0].file}: identity.files.${key}: ${String(params[key])} changed since the parts were played (content hash ${now[key]}, was ${hash}); play them again, or restore the file`);
    }
    const merge = async () => {
      const merged = await mergeParts(parts);
      const replay = replayTotals(merged, 'merge: the parts do not match what this version of the game simulates');
      const req = { ...found, params: params as ResolvedParams, opts: { games: id.n, seed: id.seed, jobs: 1, confidence: opts.confidence, format: opts.format, quiet: true } };
      return runReport(req, id.seed, replay);
    };
    // A file a data file names (a deck's `cards:`) is read under the same rule as the parts' own.
    const report = opts.allowCode ? await merge() : await withInputsConfined([bundledScenarios(), ...folders], "parts may only name files in their own folders and this tool's scenarios/; pass --allow-code to read it", merge);
    // The scenario the parts name (text to show, never a file to read), when they all name the same one: the merged report is the whole run's.
    const scenarios = new Set(parts.map(({ part }) => JSON.stringify(part.scenario ?? null)));
    const scenario = scenarios.size === 1 ? scenarioOf(parts[0].part.scenario) : undefined;
    await emitReport({ ...report, ...(scenario ? { scenario } : {}), timings: { mergedParts: parts.length } }, opts);
  });
}

/** A part's scenario, when it has the shape a report's has (strings only); else none. */
function scenarioOf(x: unknown): PartFile['scenario'] {
  if (!x || typeof x !== 'object') return undefined;
  const { file, description, changed } = x as Record<string, unknown>;
  if (typeof file !== 'string' || (description !== undefined && typeof description !== 'string')) return undefined;
  if (changed !== undefined && !(Array.isArray(changed) && changed.every((k) => typeof k === 'string'))) return undefined;
  return { file, ...(description !== undefined ? { description } : {}), ...(changed !== undefined ? { changed: changed as string[] } : {}) };
}
