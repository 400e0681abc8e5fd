/**
 * Requests a page is known to make, started by its route as navigation begins, and handed to the
 * page when it asks for the same thing.
 *
 * On a first visit the browser evaluates the app, loads the page's code and renders the shell
 * before the page mounts and asks for its data: on this kind of machine some 250 ms in which the
 * server sat idle. A route that starts the requests as it matches overlaps the two.
 *
 * An early answer is used once, and only by a page that asks for it within `FRESH_MS`: a request
 * nobody took (the visitor went elsewhere) is never mistaken for a fresh one later.
 */
const FRESH_MS = 5_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Starts `load` under `key` unless it is already under way. */
export function startEarly(key: string, load: () => Promise<unknown>): void {
  const now = performance.now();
  const known = started.get(key);
  if (known && now - known.at < FRESH_MS) return;
  const answer = load();
  // Its failure is the page's to report, when the page takes it; unhandled until then.
  answer.catch(() => undefined);
  started.set(key, { at: now, answer });
}

/** The early answer for `key`, if one was started moments ago (taken: a second ask loads again), else `load()`. */
export function takeEarly<T>(key: string, load: () => Promise<T>): Promise<T> {
  const known = started.get(key);
  started.delete(key);
  if (known && performance.now() - known.at < FRESH_MS) return known.answer as Promise<T>;
  return load();
}
