/** Edit distance (insertions, deletions, substitutions). */
export function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** Names at edit distance ≤ maxDistance from the given one ("Did you mean…"). */
export function nearMatches(name: string, candidates: string[], maxDistance = 2): string[] {
  return candidates.filter((c) => c !== name && levenshtein(name, c) <= maxDistance);
}
