// The line every report of a game with decisions prints about its bots when no gap to a stronger
// player was measured: the printed numbers are conditional on the bots, and how far those are from
// good play is unknown. (Dark Fate and Terror print their measured gap instead.)

/** "Policy gap: not measured for genisys skirmish (no search policy yet): …". */
export function unmeasuredGapNote(modeId: string, policies: readonly string[]): string {
  return `Policy gap: not measured for ${modeId} (it has no search policy yet), so how far the bots that played (${policies.join(', ')}) are from good play is unknown; every rate above is conditional on them. \`sim policies ${modeId}\` compares the built-in policies on the same games.`;
}
