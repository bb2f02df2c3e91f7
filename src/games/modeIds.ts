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
