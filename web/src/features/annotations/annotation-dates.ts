/**
 * The API keeps annotation times as naive UTC text (`2024-01-31T08:00:00`); the form edits them
 * in `datetime-local` inputs, which read and write the same text (seconds optional).
 */

/** API text → input value. */
export const toInputValue = (naive: string | null | undefined) => (naive ?? "").slice(0, 19);

/** Input value → API text (the server completes missing seconds). */
export const fromInputValue = (value: string) => value.trim();

/** "2024-01-31 08:00" for lists: date and time, seconds only when set. */
export function formatAnnotationDate(naive: string | null | undefined): string {
  if (!naive) return "";
  const [date, time = ""] = naive.split("T");
  const hm = time.slice(0, 5);
  const seconds = time.slice(6, 8);
  if (!hm || (hm === "00:00" && (!seconds || seconds === "00"))) return date;
  return seconds && seconds !== "00" ? `${date} ${hm}:${seconds}` : `${date} ${hm}`;
}
