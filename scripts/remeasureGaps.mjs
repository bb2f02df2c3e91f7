// Plays every `measured` entry of a game's policy-gap file again with the command the entry names
// (a `sim policies GAME … --ladder …` line), and writes the new numbers into the entry in place:
// the ladder's top rung (budget, the search's rate, difference, lo, hi, pValue, games) and the
// default's rate on the same games (the entry's `planner`, `base`, `bot` or `botWins`), and for the
// Dual Fates match the stamp of today's deployment mix (`deployment`). Comments, the order of the
// entries and every other field are kept; the header's narrative is yours to update, even while it
// runs: each entry's write goes into the file as it is then, and changes that entry's fields only
// (an entry moved, or a file that does not parse, stops it: the numbers printed, nothing written;
// reload the file in an editor after each write). Run it after a
// change to a default policy, the rules or the data has made entries stale (test/storedFresh.test.ts
// names them). Build first (`npm run build`). Usage:
//   node scripts/remeasureGaps.mjs GAME [--match TEXT] [--jobs N] [--file FILE] [--dry-run] [--layouts]
// --match: only the entries whose command contains TEXT. --jobs: replaces the command's -j (the
// numbers do not depend on it). --file: another policy-gap file of that form (default
// scenarios/GAME/policy-gap.yaml). --dry-run: play and print, write nothing.
// --layouts (dualfates only): instead, the match's fixed-layout entries (`layouts`): each entry's
// scripts/dualfatesLayouts.mjs command (with its `order`) again, and the largest of its confirmed
// layouts written into the entry (layout, base, fixed, difference, lo, hi, pValue, the default's
// name and the deployment stamp). Each entry's time is printed; the files' headers say how long
// their ladders take.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseDocument, stringify } from 'yaml';
import { usageOf, wholeFlag } from './flags.mjs';

const SCRIPT = 'remeasureGaps';
const BASE_FIELDS = ['planner', 'base', 'bot', 'botWins'];

/** The words of a stored command, as `sim` takes them (the leading "sim" dropped), with -j set to `jobs` when given. */
export function commandArgs(command, jobs) {
  const words = command.trim().split(/\s+/);
  if (words[0] !== 'sim' || words[1] !== 'policies' || !words.includes('--ladder')) throw new Error(`${SCRIPT}: not a \`sim policies … --ladder\` command: ${command}`);
  const args = words.slice(1);
  for (const flag of ['--format', '--out', '-q', '--quiet']) if (args.includes(flag)) throw new Error(`${SCRIPT}: the command sets ${flag}, which this script sets itself: ${command}`);
  if (jobs !== undefined) {
    const at = args.findIndex((w) => w === '-j' || w === '--jobs');
    if (at >= 0) args.splice(at, 2);
    args.push('-j', String(jobs));
  }
  return [...args, '--format', 'json', '-q'];
}

/** The fields an entry gets from a ladder report's top rung (rates to 6 decimals, the p-value to 5 significant digits). */
export function fieldsFrom(report, entry) {
  if (report.kind === undefined || report.partial) throw new Error(`${SCRIPT}: a partial or foreign report`);
  const top = report.result?.top?.[0];
  if (!top || typeof top.estimate !== 'number' || typeof top.gain !== 'number') throw new Error(`${SCRIPT}: the report has no top rung`);
  const r6 = (x) => Number(x.toFixed(6));
  // The default's rate: the first of these the entry holds as a number (the Genisys entries name their bot in `bot`, its rate in `botWins`).
  const baseField = BASE_FIELDS.find((f) => typeof entry[f] === 'number');
  if (baseField === undefined) throw new Error(`${SCRIPT}: the entry has none of ${BASE_FIELDS.join(', ')} as a number (the default's rate)`);
  // The default's name where the entry keeps one (Dual Fates: policy; Genisys: bot): the ladder's baseline.
  const named = typeof entry.policy === 'string' ? 'policy' : typeof entry.bot === 'string' ? 'bot' : null;
  if (named !== null && typeof report.result.baseline !== 'string') throw new Error(`${SCRIPT}: the report names no baseline policy`);
  return {
    ...(named !== null ? { [named]: report.result.baseline } : {}),
    games: top.games,
    budget: top.budget,
    [baseField]: r6(top.estimate - top.gain),
    search: r6(top.estimate),
    difference: r6(top.gain),
    lo: r6(top.gainLo),
    hi: r6(top.gainHi),
    pValue: Number.isFinite(top.pValue) ? Number(top.pValue.toPrecision(5)) : (() => { throw new Error(`${SCRIPT}: the top rung has no p-value`); })(),
  };
}

/**
 * The text edits that set `key` of a list entry (a YAML map node parsed from `text`) to a number or
 * string: its value's characters replaced where the key is there, else a line added after the
 * entry's last one, indented as its fields are. Every other character of the file stays as it was.
 */
export function editsFor(text, item, key, value) {
  // A string as YAML writes it: plain where that reads back as the same string (a stamp of digits alone is quoted).
  const shown = typeof value === 'number' ? String(value) : stringify(value, { lineWidth: 0 }).trimEnd();
  const pair = item.items.find((q) => q.key?.value === key);
  if (pair?.value?.range) {
    const [start, end] = pair.value.range;
    return [{ at: start, remove: end - start, insert: shown }];
  }
  // A new field: a line after the entry's last, as indented; only in a block map whose last value is a plain one-line scalar.
  const last = item.items[item.items.length - 1];
  if (item.flow || !last?.value || last.value.type === 'BLOCK_FOLDED' || last.value.type === 'BLOCK_LITERAL' || last.value.items) throw new Error(`${SCRIPT}: cannot add ${key} to an entry written as a flow map or ending in a block value; add a line \`${key}:\` to it by hand`);
  const lineStart = text.lastIndexOf('\n', last.key.range[0]) + 1;
  const indent = text.slice(lineStart, last.key.range[0]);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const end = text.indexOf('\n', last.value.range[1]);
  return end < 0 ? [{ at: text.length, remove: 0, insert: `${eol}${indent}${key}: ${shown}${eol}` }] : [{ at: end + 1, remove: 0, insert: `${indent}${key}: ${shown}${eol}` }];
}

/** `text` with the edits made, last first (so each offset still points into the text as read). */
function applied(text, edits) {
  let out = text;
  for (const e of [...edits].sort((x, y) => y.at - x.at)) out = out.slice(0, e.at) + e.insert + out.slice(e.at + e.remove);
  return out;
}

/**
 * Writes one measured entry (`d`: list name, index, command, its `order` for a layouts entry, the new
 * fields) into `file` as it is now, not as it was read: a run takes minutes to hours, and the
 * header's narrative may be edited meanwhile (reload the file in an editor after each write, or its
 * buffer overwrites the numbers). Only this entry's fields change, so an entry written before and
 * corrected by hand since stays corrected. The entry is found again by its place in the list and
 * must still hold the command it was played with (and the same order: absent reads `team`); a file
 * that does not parse, or an entry moved, writes nothing, and the error carries the numbers, so that
 * nothing measured is lost.
 */
export function writeMeasured(file, d) {
  const text = readFileSync(file, 'utf8');
  const doc = parseDocument(text);
  const numbers = `The numbers measured: ${JSON.stringify({ [`${d.list}[${d.index}]`]: d.now })}`;
  if (doc.errors.length > 0) throw new Error(`${SCRIPT}: ${file} does not parse now (${doc.errors[0].message.split('\n')[0]}); nothing written. ${numbers}`);
  const item = doc.get(d.list)?.items?.[d.index];
  const entry = item?.toJSON?.();
  const orderOf = (x) => String(x ?? 'team');
  if (entry?.command !== d.command || (d.list === 'layouts' && orderOf(entry.order) !== orderOf(d.order))) {
    throw new Error(`${SCRIPT}: ${file} changed while this ran: ${d.list}[${d.index}] no longer holds \`${d.command}\`${d.list === 'layouts' ? ` in ${orderOf(d.order)} order` : ''}; nothing written. ${numbers}`);
  }
  const edits = [];
  for (const [key, value] of Object.entries(d.now)) edits.push(...editsFor(text, item, key, value));
  writeFileSync(file, applied(text, edits));
}

/**
 * Runs `node ARGS` as a child, its stderr (and its stdout where asked) collected. Not spawnSync: each
 * entry's run takes minutes, and a signal must stop it too. SIGINT or SIGTERM while it runs kills
 * the child, runs `cleanup` and exits 130 / 143; the entries written so far stay.
 */
/** The child running now and its cleanup: the signal handlers stopSignals installs stop it. */
let running = null;
/** The cleanup of the whole run (a layouts run's folder), run by a signal between two children too. */
let runCleanup = () => {};
/**
 * Installed once when the script runs, before any child starts (not on import: the tests import it):
 * a signal can never find a child without its handler (one installed per child left a window, seen
 * once under load: the script died by SIGTERM and its child ran on).
 */
function stopSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      running?.child.kill(signal);
      (running?.cleanup ?? runCleanup)();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

function runStoppable(args, { stdout = false, cleanup = () => {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
    running = { child, cleanup };
    const off = () => {
      if (running?.child === child) running = null;
    };
    let out = '';
    let err = '';
    child.stdout?.setEncoding('utf8').on('data', (x) => (out += x));
    child.stderr.setEncoding('utf8').on('data', (x) => (err += x));
    child.on('error', (e) => (off(), reject(e))).on('close', (status) => (off(), resolve({ status, stdout: out, stderr: err })));
  });
}

async function main() {
  const { values: a, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      match: { type: 'string' },
      jobs: { type: 'string', short: 'j' },
      file: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      layouts: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (a.help || positionals.length !== 1) {
    (a.help ? console.log : console.error)(usageOf(import.meta.url));
    process.exit(a.help ? 0 : 2);
  }
  const game = positionals[0];
  const file = a.file ?? `scenarios/${game}/policy-gap.yaml`;
  if (!existsSync(file)) throw new Error(`${SCRIPT}: no file ${file}`);
  const jobs = a.jobs === undefined ? undefined : wholeFlag(SCRIPT, a, 'jobs', 1, 64);
  const text = readFileSync(file, 'utf8');
  const doc = parseDocument(text);
  if (a.layouts) {
    if (game !== 'dualfates') throw new Error(`${SCRIPT}: --layouts is for the Dual Fates match's fixed-layout entries (dualfates)`);
    return remeasureLayouts(file, doc, a, jobs);
  }
  const measured = doc.get('measured');
  if (!measured?.items) throw new Error(`${SCRIPT}: ${file} has no \`measured\` list`);
  const stamp = game === 'dualfates' ? (await import('../dist/src/games/dualfates/matchPolicyGap.js')).deploymentStamp : null;
  let played = 0;
  for (const [k, item] of measured.items.entries()) {
    const entry = item.toJSON();
    if (typeof entry.command !== 'string' || (a.match !== undefined && !entry.command.includes(a.match))) continue;
    const args = commandArgs(entry.command, jobs);
    if (!args.includes(game)) throw new Error(`${SCRIPT}: measured[${k}]: its command is not of ${game}: ${entry.command}`);
    const t0 = Date.now();
    const r = await runStoppable(['bin/sim', ...args], { stdout: true });
    if (r.status !== 0) throw new Error(`${SCRIPT}: measured[${k}]: \`${entry.command}\` exited ${r.status}: ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
    const now = fieldsFrom(JSON.parse(r.stdout), entry);
    if (stamp && typeof entry.teamA === 'string' && typeof entry.teamB === 'string') now.deployment = stamp(entry.teamA, entry.teamB);
    const shown = (e) => `${(100 * e.difference).toFixed(1)} [${(100 * e.lo).toFixed(1)}, ${(100 * e.hi).toFixed(1)}] at ${e.budget}`;
    console.log(`measured[${k}] ${entry.command}\n  was ${shown(entry)}, now ${shown(now)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    played++;
    // Written after each entry (ladders take minutes each): an interruption loses only the entry under way.
    if (!a['dry-run']) writeMeasured(file, { list: 'measured', index: k, command: entry.command, now });
  }
  if (played === 0) throw new Error(`${SCRIPT}: no entry of ${file}${a.match === undefined ? '' : ` has a command containing "${a.match}"`}`);
  if (!a['dry-run']) console.log(`wrote ${file} (${played} entr${played === 1 ? 'y' : 'ies'})`);
}

/** The layout the fixed-layout entry gets from scripts/dualfatesLayouts.mjs --out: the largest confirmed (rates to 4 decimals, bounds to 7, p to 4 significant digits). */
export function layoutFieldsFrom(rows, policy) {
  const best = [...(rows.confirmed ?? [])].sort((x, y) => y.difference - x.difference)[0];
  if (!best || typeof best.difference !== 'number') throw new Error(`${SCRIPT}: the layouts run confirmed no layout`);
  const r = (x, d) => Number(x.toFixed(d));
  return { policy, layout: best.label, games: rows.confirmGames, seed: rows.confirmSeed, base: r(best.base, 4), fixed: r(best.estimate, 4), difference: r(best.difference, 4), lo: r(best.lo, 7), hi: r(best.hi, 7), pValue: Number(best.pValue.toPrecision(4)) };
}

/** --layouts: every `layouts` entry of a Dual Fates policy-gap file measured again with its own command. */
async function remeasureLayouts(file, doc, a, jobs) {
  const layouts = doc.get('layouts');
  if (!layouts?.items) throw new Error(`${SCRIPT}: ${file} has no \`layouts\` list`);
  const { deploymentStamp } = await import('../dist/src/games/dualfates/matchPolicyGap.js');
  const { MATCH_POLICIES } = await import('../dist/src/games/dualfates/matchPolicies.js');
  const dir = mkdtempSync(join(tmpdir(), 'sim-remeasure-'));
  // Stopped by a signal, the run under way and the folder go too; the entries written so far stay.
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  runCleanup = cleanup;
  let played = 0;
  try {
    for (const [k, item] of layouts.items.entries()) {
      const entry = item.toJSON();
      if (typeof entry.command !== 'string' || (a.match !== undefined && !`${entry.command} ${entry.order ?? ''}`.includes(a.match))) continue;
      const words = entry.command.trim().split(/\s+/);
      if (words[0] !== 'node' || words[1] !== 'scripts/dualfatesLayouts.mjs') throw new Error(`${SCRIPT}: layouts[${k}]: not a scripts/dualfatesLayouts.mjs command: ${entry.command}`);
      if (words.includes('--out')) throw new Error(`${SCRIPT}: layouts[${k}]: the command sets --out, which this script sets itself: ${entry.command}`);
      // The order: the command's --order where it names one (it must be the entry's), else the entry's `order`.
      const at = words.indexOf('--order');
      if (at >= 0 && words[at + 1] !== String(entry.order ?? 'team')) throw new Error(`${SCRIPT}: layouts[${k}]: the command deploys in ${words[at + 1]} order, the entry says ${entry.order ?? 'team'}: ${entry.command}`);
      const out = join(dir, `layouts-${k}.json`);
      const args = [...words.slice(1), ...(entry.order && at < 0 ? ['--order', String(entry.order)] : []), ...(jobs === undefined ? [] : ['-j', String(jobs)]), '--out', out];
      const t0 = Date.now();
      const r = await runStoppable(args, { cleanup });
      if (r.status !== 0) throw new Error(`${SCRIPT}: layouts[${k}]: \`${entry.command}\` exited ${r.status}: ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
      const now = { ...layoutFieldsFrom(JSON.parse(readFileSync(out, 'utf8')), MATCH_POLICIES[0]), deployment: deploymentStamp(entry.teamA, entry.teamB) };
      const shown = (e) => `${(100 * e.difference).toFixed(2)} [${(100 * e.lo).toFixed(2)}, ${(100 * e.hi).toFixed(2)}] ${e.layout}`;
      console.log(`layouts[${k}] ${entry.command}${entry.order && at < 0 ? ` --order ${entry.order}` : ''}\n  was ${shown(entry)}\n  now ${shown(now)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      played++;
      if (!a['dry-run']) writeMeasured(file, { list: 'layouts', index: k, command: entry.command, order: entry.order, now });
    }
  } finally {
    cleanup();
  }
  if (played === 0) throw new Error(`${SCRIPT}: no layouts entry of ${file}${a.match === undefined ? '' : ` matches "${a.match}"`}`);
  if (!a['dry-run']) console.log(`wrote ${file} (${played} layouts entr${played === 1 ? 'y' : 'ies'})`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  stopSignals();
  try {
    await main();
  } catch (err) {
    if (!String(err?.message).startsWith(`${SCRIPT}:`)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}
