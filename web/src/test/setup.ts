import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy*/waitFor give up after 1 s by default; `npm test` runs these beside the server and
// browser suites on two cores, where a lazily loaded page can take longer than that to paint.
configure({ asyncUtilTimeout: 5_000 });

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to `document.fonts`.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
