/**
 * Each report a test schedules gets its own minute, from ten minutes ahead on: the runtime's real
 * minute timer never reaches them during the run, and no report's minute falls in another's tick.
 */
export function reportMinutes() {
  const base = Math.floor(Date.now() / 60_000) * 60_000 + 10 * 60_000;
  let next = 0;
  const daily = (d: Date) => `${d.getUTCMinutes()} ${d.getUTCHours()} * * *`;
  return {
    /** The next unused minute. */
    slot: () => new Date(base + next++ * 60_000),
    /** A crontab firing every day at that minute (UTC). */
    daily,
    /**
     * A daily crontab twelve hours from the slots, for reports that must never come due in a
     * test's ticks: still ten hours clear read in any time zone within two hours of UTC. (A fixed
     * "9 o'clock" came due in the ticks of a run started shortly before 8 UTC.)
     */
    quiet: daily(new Date(base + 12 * 60 * 60_000)),
  };
}
