import { type ComponentType, type ReactNode, useEffect, useState } from "react";

/**
 * A part of a page in a chunk of its own (a chart renderer, the viz gallery, a date picker),
 * loaded once, on first use or ahead of it (`load()`).
 *
 * The SPA does not use `React.lazy` behind `<Suspense>` for this (a lint rule says so): React 19
 * reveals a Suspense boundary no sooner than 300 ms after its fallback appeared, so a part whose
 * chunk took 10 ms still showed 300 ms late, and a page behind one made its first request late.
 */
export interface LazyPart<M> {
  /** The module once it is in: a component then renders it in the same pass. */
  readonly module: M | undefined;
  /** Starts loading it (once; again after a failure, such as a chunk lost to the network). */
  load(): Promise<M>;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    get module() {
      return module;
    },
    load() {
      pending ??= importer().then(
        (loaded) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/**
 * The part's module, or undefined while it loads (the caller shows its own placeholder). A load
 * that fails is thrown during render, to the nearest error boundary, as a render error would be.
 * With `wanted` false nothing is loaded yet (a part needed only in some states of the caller).
 */
export function useLazyPart<M>(part: LazyPart<M>, wanted = true): M | undefined {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [, setArrived] = useState(0);
  const loaded = part.module;
  useEffect(() => {
    if (loaded || !wanted) return;
    let live = true;
    part.load().then(
      () => live && setArrived((n) => n + 1),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [part, loaded, wanted]);
  if (failure) throw failure.error;
  return loaded;
}

/**
 * A component in a chunk of its own: `fallback` (nothing by default) until the chunk is in, then
 * the component, in place. `preload()` starts the load ahead of the first render.
 */
export function lazyComponent<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = null,
): ComponentType<P> & { preload(): Promise<unknown> } {
  const part = lazyPart(importer);
  function Lazy(props: P) {
    const Loaded = useLazyPart(part)?.default;
    return Loaded ? <Loaded {...props} /> : fallback;
  }
  return Object.assign(Lazy, { preload: () => part.load() });
}
