// `sim genisys`: Terminator Genisys attack odds. `attack` runs one configuration (exact by
// default, Monte Carlo with --method mc); `table` prints the die-step table. --attacker, --weapon,
// --target and --units are parameters like the stats (a scenario file can set them); the entry
// fills the stats left at auto from the picked units.
import { Command, Option } from 'commander';
import { UsageError } from '../../core/usageError.js';
import { provenance } from '../../core/provenance.js';
import { genisysAssumptions, genisysEntry, unitsTitle } from '../../games/genisys/genisysEntry.js';
import { AUTO_INT, GENISYS_PARAMS, readParams, STAT_FALLBACK } from '../../games/genisys/genisysParams.js';
import { AXES, dieStepCells, dieStepTables, parseAxes, TABLE_METRICS, type TableMetric } from '../../games/genisys/dieStepTable.js';
import { applyUnits, picksOf } from '../../games/genisys/units.js';
import { loadScenarioFile, resolveFromSources, type GameCliOptions } from '../gameCommand.js';
import { addGameCommand } from '../gameCommand.js';
import { parseSetOptions } from '../../core/scenarioFile.js';
import { addOutputOptions, emitReport, type OutputOptions } from '../runOptions.js';

const FLAGS: [string, string, string][] = [
  ['multipleCover', '--multiple-cover', 'target has more than one type of cover (best save die upgraded one step)'],
  ['open', '--open', "target is 'in the open' (Point Blank/Short only; Long for vehicles): no save"],
  ['mindless', '--mindless', 'target is Mindless: never takes cover saves (but Size 3 or less is in hard cover at Extreme range)'],
  ['aimed', '--aimed', 'aimed shot (ROF 1, no move): Skill upgraded one step'],
  ['stealth', '--stealth', 'target has Stealth: Skill degraded one step except at Close Combat'],
  ['vehicle', '--vehicle', 'target is a vehicle (Armor 8+: tests only against heavy weapons)'],
  ['illBeBack', '--ill-be-back', "target has I'll Be Back (destroyed → D6 5–6 crawler)"],
  ['hastaLaVista', '--hasta-la-vista', "'Hasta la Vista, Baby!' on a reeling target: 2+, no save, Power D20 heavy"],
  ['tdd', '--tdd', 'the attacker spends its TDD re-roll in this attack'],
  ['sniper', '--sniper', 'Sniper weapon (with --aimed: hits on 4+, no save, Long/Extreme only)'],
  ['flame', '--flame', 'Flame weapon: hits automatically, no cover'],
  ['area', '--area', 'Area weapon: no cover'],
  ['ignoresCover', '--ignores-cover', 'weapon ignores cover'],
  ['semiAutomatic', '--semi-automatic', 'Semi-automatic weapon: ROF 1 at Long, 2 within Short'],
  ['stoppingPower', '--stopping-power', 'Stopping Power weapon: Power D8 at Point Blank'],
  ['brace', '--brace', 'Brace weapon (may fire into Extreme range)'],
];

/** The allowed values and default of parameter `key`, as `sim params genisys-attack` lists them. */
function allowedAndDefault(key: string): { allowed: string; default: string } {
  const spec = GENISYS_PARAMS.find((p) => p.key === key)!;
  return { allowed: spec.choices ? spec.choices.join('|') : `${spec.min}..${spec.max}`, default: String(spec.default) };
}

/**
 * Help of a stat option whose default (auto, or 0 for a number) is the picked unit's value, else
 * the quickplay attack's (STAT_FALLBACK, or `fallback` where the command differs).
 */
function statHelp(key: keyof typeof STAT_FALLBACK, what: string, picked: string, fallback: string | number = STAT_FALLBACK[key]): string {
  const p = allowedAndDefault(key);
  return `${what}: ${p.allowed} (default ${p.default}: ${picked}, else ${fallback})`;
}

/**
 * Declares the attack options (no commander defaults: the ParamSpec defaults apply; the help
 * takes them from there). A die-step table falls back to ROF 1 (`tableRof`).
 */
function attackOptions(cmd: Command, { tableRof = false }: { tableRof?: boolean } = {}): Command {
  cmd
    .option('--attacker <unit>', 'attacking unit from the units file (fills --skill unless given)')
    .option('--weapon <weapon>', 'weapon from the units file (fills --rof, --power, its special rules unless given)')
    .option('--target <unit>', 'target unit from the units file (fills --armor, --resolution, --resilient, its special rules unless given)')
    .option('--units <file>', `units data file (default ${allowedAndDefault('units').default})`)
    .option('--skill <die>', statHelp('skill', "attacker's Skill die", "the --attacker's"))
    .option('--rof <N>', statHelp('rof', 'Skill dice per attack', "the --weapon's", tableRof ? 1 : STAT_FALLBACK.rof))
    .option('--range <band>', statHelp('range', 'range band', 'cc for a Close Combat --weapon'))
    .option('--power <die>', statHelp('power', "weapon's Power die", "the --weapon's"))
    .option('--armor <N>', statHelp('armor', "target's Armor N (N means N+)", "the --target's"))
    .option('--cover <kind>', `${allowedAndDefault('cover').allowed} (default ${allowedAndDefault('cover').default})`)
    .option('--resolution <die>', statHelp('resolution', "target's Resolution die", "the --target's"))
    .option('--resilient <N>', statHelp('resilient', "target's Resilient N (1 = not resilient)", "the --target's"))
    .option('--damage-taken <N>', `damage the Resilient target already carries: ${allowedAndDefault('damageTaken').allowed} (default ${allowedAndDefault('damageTaken').default})`)
    .option('--size <N>', `target's Size: ${allowedAndDefault('size').allowed} (default 0: Size 3 for a vehicle, else 2, rulebook); above extremeCover.maxSize (3) a target has no automatic cover at Extreme range (a flying VTOL is Size 20)`);
  for (const [, flag, doc] of FLAGS) cmd.option(flag, doc);
  return cmd;
}

const lower = (x: unknown) => (typeof x === 'string' ? x.trim().toLowerCase() : x);

/** Options → parameter overrides (the unit picks are parameters; the entry fills stats from them). */
function attackOverrides(o: Record<string, unknown>): Record<string, unknown> {
  const explicit: Record<string, unknown> = {
    units: o.units,
    attacker: lower(o.attacker),
    weapon: lower(o.weapon),
    target: lower(o.target),
    method: lower(o.method),
    skill: lower(o.skill),
    rof: o.rof,
    range: lower(o.range),
    power: lower(o.power),
    armor: typeof o.armor === 'string' ? o.armor.trim().replace(/\+$/, '') : o.armor,
    cover: lower(o.cover),
    resolution: lower(o.resolution),
    resilient: o.resilient,
    damageTaken: o.damageTaken,
    size: o.size,
  };
  for (const [key] of FLAGS) explicit[key] = o[key];
  for (const k of Object.keys(explicit)) if (explicit[k] === undefined) delete explicit[k];
  return explicit;
}

export function registerGenisys(program: Command): void {
  const genisys = program.command('genisys').description('Terminator Genisys: The Miniatures Game — attack odds by die step (exact, or Monte Carlo)');

  addGameCommand(genisys, {
    entry: genisysEntry,
    name: 'attack',
    description: 'odds of one attack: per-die hit/unsaved/damage, damaging hits 0..ROF, final state of the target',
    defaultGames: 1e6,
    options: (cmd) => {
      attackOptions(cmd);
      cmd.option('--method <method>', 'exact (default) or mc (Monte Carlo, with -n and --seed)');
    },
    overrides: attackOverrides,
  });

  const table = genisys
    .command('table')
    .description('die-step table of exact probabilities: rows Skill × range × Power, columns Armor, one table per cover (by default; ROF 1 unless --rof/--weapon)');
  attackOptions(table, { tableRof: true });
  table
    // Power in the rows keeps the default table within 100 columns (as columns it took 451).
    .option('--rows <axes>', `row axes, comma-separated (${AXES.join(', ')})`, 'skill,range,power')
    .option('--cols <axes>', 'column axes, comma-separated', 'armor')
    .option('--split <axes>', 'one table per value of these axes ("" for none)', 'cover')
    .addOption(new Option('--metric <metric>', 'cell value: P(at least one damage) or a per-die/outcome probability').choices(TABLE_METRICS as unknown as string[]).default('any-damage'))
    .option('--scenario <file>', 'take base parameters from a genisys-attack scenario YAML file')
    .option('--set <key=value>', 'override one base parameter (repeatable)', (v: string, prev: string[] = []) => [...prev, v], []);
  addOutputOptions(table);
  table.action((opts: GameCliOptions & OutputOptions & Record<string, unknown>) => {
    const scenario = opts.scenario ? { file: opts.scenario, doc: loadScenarioFile(opts.scenario, genisysEntry.id) } : null;
    const sets = parseSetOptions(opts.set ?? []);
    const resolved = resolveFromSources(genisysEntry, scenario, sets, attackOverrides(opts));
    if (resolved.method !== 'exact') throw new UsageError('genisys table: only the exact method is supported');
    // A die-step table is per Skill die unless the user asks for more: ROF 1 unless given or a weapon is picked.
    if (resolved.rof === AUTO_INT && picksOf(resolved).weapon === undefined) resolved.rof = 1;
    const units = applyUnits(resolved);
    const given = { rows: parseAxes(String(opts.rows), '--rows'), cols: parseAxes(String(opts.cols), '--cols'), split: parseAxes(String(opts.split), '--split') };
    // An axis option left at its default gives up the axes the user placed elsewhere (e.g. `--cols
    // power,armor` takes Power out of the default rows); axes given twice by the user stay an error.
    const isDefault = (k: keyof typeof given) => table.getOptionValueSource(k) === 'default';
    const placed = (Object.keys(given) as (keyof typeof given)[]).filter((k) => !isDefault(k)).flatMap((k) => given[k]);
    const axes = (k: keyof typeof given) => (isDefault(k) ? given[k].filter((a) => !placed.includes(a)) : given[k]);
    const [rows, cols, split] = [axes('rows'), axes('cols'), axes('split')];
    const metric = opts.metric as TableMetric;
    const base = readParams(units.params);
    // CSV has no table titles: its rows carry the split axes (the text view's titles name them).
    const tables = dieStepTables(base, rows, cols, split, metric, { splitColumns: opts.format === 'csv' });
    emitReport(
      {
        ...provenance('genisys-table', { ...resolved, rows, cols, split, metric }, units.data),
        title: `Terminator Genisys die-step table: ${unitsTitle(units.names)}P(${metric}) by ${[...rows, ...cols, ...split].join(' × ')}`,
        method: 'exact',
        seed: null,
        n: null,
        confidence: opts.confidence,
        result: { metric, axes: [...split, ...rows, ...cols], cells: dieStepCells(base, [...split, ...rows, ...cols], metric) },
        assumptions: genisysAssumptions(base.extremeCoverMaxSize),
        tables,
        notes: ['Cells are exact; "–" marks combinations the rules forbid (e.g. an aimed shot with ROF above 1).'],
      },
      opts,
    );
  });
}
