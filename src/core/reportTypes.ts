// The shape of every report: provenance, the game's JSON result, presentation tables and
// named assumptions. Games build it (pure); src/report renders it; the CLI writes it.

export type Cell = string | number | boolean | null;

export interface Column {
  key: string;
  header: string;
  /** How the table view prints numbers: probabilities with 4 decimals, counts as integers, … */
  format?: 'prob' | 'pp' | 'fixed2' | 'int' | 'text' | 'sig4' | 'signed4' | 'pvalue';
  /**
   * The keys of the columns holding this estimate's interval: the text view prints them in this
   * column's cell ("+12.7 pp [+7.2, +18.0]") and drops their own columns, so a wide table keeps
   * each estimate beside its interval; CSV, JSON and HTML keep every column as it is.
   */
  interval?: { lo: string; hi: string };
  /** false: left out of the text view (what it says is there in other words); CSV, JSON and HTML keep it. */
  text?: boolean;
}

export interface ResultTable {
  title: string;
  columns: Column[];
  rows: Record<string, Cell>[];
  /**
   * How many leading columns name a row (default: the first column and the text columns right
   * after it). A table too wide for the text view is split into column blocks that repeat them.
   */
  rowLabels?: number;
}

/** The answer's number: what it measures, its value and interval (null ends: exact). */
export interface Headline {
  /** What it measures, in words ("mean successes a roll", "P(target removed)"). */
  label: string;
  estimate: number;
  lo: number | null;
  hi: number | null;
  /** rate: printed as a percentage; mean: as a number. */
  kind: 'rate' | 'mean';
}

/** Provenance and results; everything but `timings` is a pure function of the inputs. */
export interface Report {
  tool: 'sim';
  version: string;
  game: string;
  /** The question answered, one line. */
  title: string;
  /** 'none' for reports that are not results (parameter lists, check summaries). */
  method: 'exact' | 'mc' | 'none';
  /** Fully resolved parameters. */
  params: Record<string, unknown>;
  /** Hash of params plus rules/data used. */
  paramsHash: string;
  /** Hash of the rules/data alone (card, unit data): lets `sim check` tell a data change from a parameter change. */
  dataHash?: string;
  seed: number | null;
  n: number | null;
  confidence: number;
  policy?: string | string[];
  /** The scenario file the parameters came from (as given) and its `description:` (the header's "scenario" line). */
  scenario?: { file: string; description?: string; changed?: string[] };
  /** The parameters the run set away from their defaults, in words (the header's "settings" line). */
  settings?: string[];
  /**
   * Parameters the run set that the mode did not play as given (key → why, a few words), marked
   * "(ignored: why)" on the settings line; the shell consumes it (it is not in the emitted report).
   */
  ignoredSettings?: Record<string, string>;
  /**
   * Parameters the title spells out in other words (Dark Fate's characters by name): not repeated
   * on the settings line; the shell consumes it (it is not in the emitted report).
   */
  titleSettings?: string[];
  partial?: boolean;
  /** The game's own JSON body (its output contract). */
  result: unknown;
  /** Named assumptions behind the numbers, reported with them. */
  assumptions: string[];
  /** Human and CSV view of the result. */
  tables: ResultTable[];
  notes: string[];
  /** Preformatted text (e.g. a game trace) printed by the table format after the header. */
  text?: string;
  /** The number the answer sentence (`text`) leads with, for reports that gather several (a sweep ranges over its cells'). */
  headline?: Headline;
  /** What reproduces this report exactly: `sim check` re-runs it. Filled in by the shell. */
  rerun?: { game: string; params: Record<string, unknown>; seed: number; n: number };
  /** Wall-clock facts of this execution: never part of the deterministic content. */
  timings?: Record<string, number | string>;
}

