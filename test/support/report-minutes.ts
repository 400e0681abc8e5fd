/**
 * Each report a test schedules gets its own minute, from ten minutes ahead on: the runtime's real
 * minute timer never reaches them during the run, and no report's minute falls in another's tick.
 */
export function reportMinutes() {
  const base = Math.floor(Date.now() / 60_000) * 60_000 + 10 * 60_000;
  let next = 0;
  return {
    /** The next unused minute. */
    slot: () => new Date(base + next++ * 60_000),
    /** A crontab firing every day at that minute (UTC). */
    daily: (d: Date) => `${d.getUTCMinutes()} ${d.getUTCHours()} * * *`,
  };
}
