// Whether a run is a trace: one module of its own, so a report renderer reads it without the parameter code.

/** Whether a run's parameters ask for a trace (`trace` K ≥ 0: game K replayed turn by turn instead of the report). */
export function isTraced(params: Readonly<Record<string, unknown>> | undefined): boolean {
  return typeof params?.trace === 'number' && params.trace >= 0;
}
