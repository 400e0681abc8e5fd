/** Levenshtein distance, for "Did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/** Known names within an edit distance of 2 (the SPA's "Did you mean" uses the same bound). */
export function nearMatches(name: string, known: string[]): string[] {
  return known.filter((k) => editDistance(k, name) <= 2);
}
