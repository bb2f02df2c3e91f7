// The ids of every mode users can run (`sim <id>`, a scenario's `game:`, the library's run()), as a
// type. test/library.test.ts checks it against the registry, so a new mode must be listed here.
export const MODE_IDS = [
  'dice',
  'darkfate',
  'genisys attack',
  'genisys fireteam',
  'genisys skirmish',
  'terror',
  'dualfates attack',
  'dualfates pillars',
  'dualfates match',
  'dualfates control',
  'tccg opening',
  'tccg game',
] as const;

export type ModeId = (typeof MODE_IDS)[number];

// The type of each mode's report `result` (src/cli/library.ts maps the ids to them: ModeResults).
// Type-only, so erased: importing this file loads no game. A new mode exports its own here.
export type { DiceResult } from './dice/diceReport.js';
export type { DarkFateResult, DarkFateTraceResult } from './darkfate/darkfateEntry.js';
export type { DarkFateVersionResult } from './darkfate/darkfateReport.js';
export type { GenisysAttackExactResult, GenisysAttackMcResult } from './genisys/genisysReport.js';
export type { FireTeamExactResult, FireTeamMcResult } from './genisys/fireTeamEntry.js';
export type { SkirmishResult } from './genisys/skirmishEntry.js';
export type { TerrorReportResult, TerrorTraceResult } from './terror/terrorEntry.js';
export type { DualFatesAttackExactResult, DualFatesAttackMcResult } from './dualfates/attackEntry.js';
export type { PillarsReportResult } from './dualfates/pillars.js';
export type { PillarsCheckResult } from './dualfates/fateReport.js';
export type { MatchResult, MatchTraceResult } from './dualfates/matchEntry.js';
export type { ControlResult } from './dualfates/control.js';
export type { ControlCheckResult } from './dualfates/controlEntry.js';
export type { TccgOpeningResult } from './tccg/openingMode.js';
export type { TccgGameResult, TccgGameTraceResult } from './tccg/gameMode.js';
