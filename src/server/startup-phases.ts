/**
 * Milliseconds since the process started at which each start-up phase ended, for the "ready" log
 * line: a slow start shows which phase (module loading, opening the database, migrations…) it was.
 */
export function startupPhases() {
  const ends: Record<string, number> = {};
  const sinceProcessStart = () => Math.round(performance.now());
  const mark = (name: string) => {
    ends[name] = sinceProcessStart();
  };
  ends.modules = sinceProcessStart();
  return {
    mark,
    /** Marks name when a parallel step ends and passes its result on. */
    markAfter<T>(name: string, result: T): T {
      mark(name);
      return result;
    },
    sinceProcessStart,
    all: () => ({ ...ends }),
  };
}
