const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * Python's `datetime.strftime` for the directives SQL templates use (get_time_filter's
 * `strftime`), on the naive UTC wall time the time-range parser produces. Unknown directives
 * are kept as written, as Python does on most platforms.
 */
export function strftime(date: Date, format: string): string {
  return format.replace(/%([a-zA-Z%])/g, (whole, code: string) => {
    switch (code) {
      case "Y":
        return pad(date.getUTCFullYear(), 4);
      case "y":
        return pad(date.getUTCFullYear() % 100);
      case "m":
        return pad(date.getUTCMonth() + 1);
      case "d":
        return pad(date.getUTCDate());
      case "H":
        return pad(date.getUTCHours());
      case "I":
        return pad(((date.getUTCHours() + 11) % 12) + 1);
      case "p":
        return date.getUTCHours() < 12 ? "AM" : "PM";
      case "M":
        return pad(date.getUTCMinutes());
      case "S":
        return pad(date.getUTCSeconds());
      case "f":
        return pad(date.getUTCMilliseconds() * 1000, 6);
      case "j": {
        const start = Date.UTC(date.getUTCFullYear(), 0, 1);
        return pad(Math.floor((date.getTime() - start) / 86_400_000) + 1, 3);
      }
      case "a":
        return DAYS[date.getUTCDay()].slice(0, 3);
      case "A":
        return DAYS[date.getUTCDay()];
      case "b":
        return MONTHS[date.getUTCMonth()].slice(0, 3);
      case "B":
        return MONTHS[date.getUTCMonth()];
      case "%":
        return "%";
      default:
        return whole;
    }
  });
}
