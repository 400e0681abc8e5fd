import { EditorView } from "@codemirror/view";

/**
 * Icons for the completion list's kinds. CodeMirror draws them as text (`::after` content): the
 * keyword icon is the key emoji and tables/aliases are mathematical italic letters, glyphs most
 * systems' fonts lack, so they showed as empty boxes or nothing. Here each kind is a small SVG
 * used as a CSS mask over the text colour: no font needed, the same on every system, and it follows
 * the selected row's colour.
 *
 * Path data from Tabler Icons (MIT, https://tabler.io/icons), the icon set the SPA already uses.
 */
const PATHS: Record<string, string[]> = {
  // key
  keyword: [
    "M16.555 3.843l3.602 3.602a2.877 2.877 0 0 1 0 4.069l-2.643 2.643a2.877 2.877 0 0 1 -4.069 0l-.301 -.301l-6.558 6.558a2 2 0 0 1 -1.239 .578l-.175 .008h-1.172a1 1 0 0 1 -.993 -.883l-.007 -.117v-1.172a2 2 0 0 1 .467 -1.284l.119 -.13l.414 -.414h2v-2h2v-2l2.144 -2.144l-.301 -.301a2.877 2.877 0 0 1 0 -4.069l2.643 -2.643a2.877 2.877 0 0 1 4.069 0",
    "M15 9h.01",
  ],
  // table (lang-sql gives tables and SQL types the kind "type")
  type: [
    "M3 5a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14",
    "M3 10h18",
    "M10 3v18",
  ],
  // table-column (columns are "property")
  property: [
    "M3 5a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14",
    "M10 10h11",
    "M10 3v18",
    "M9 3l-6 6",
    "M10 7l-7 7",
    "M10 12l-7 7",
    "M10 17l-4 4",
  ],
  // folder (schemas)
  namespace: ["M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-11a2 2 0 0 1 2 -2"],
  // math-function
  function: [
    "M3 19a2 2 0 0 0 2 2c2 0 2 -4 3 -9s1 -9 3 -9a2 2 0 0 1 2 2",
    "M5 12h6",
    "M15 12l6 6",
    "M15 18l6 -6",
  ],
  // variable
  variable: [
    "M5 4c-2.5 5 -2.5 10 0 16m14 -16c2.5 5 2.5 10 0 16m-10 -11h1c1 0 1 1 2.016 3.527c.984 2.473 .984 3.473 1.984 3.473h1",
    "M8 16c1.5 0 3 -2 4 -3.5s2.5 -3.5 4 -3.5",
  ],
  // letter-c (table aliases are "constant")
  constant: ["M18 9a5 5 0 0 0 -5 -5h-2a5 5 0 0 0 -5 5v6a5 5 0 0 0 5 5h2a5 5 0 0 0 5 -5"],
  // box
  class: ["M12 3l8 4.5l0 9l-8 4.5l-8 -4.5l0 -9l8 -4.5", "M12 12l8 -4.5", "M12 12l0 9", "M12 12l-8 -4.5"],
  // list
  enum: ["M9 6l11 0", "M9 12l11 0", "M9 18l11 0", "M5 6l0 .01", "M5 12l0 .01", "M5 18l0 .01"],
  // abc
  text: [
    "M3 16v-6a2 2 0 1 1 4 0v6",
    "M3 13h4",
    "M10 8v6a2 2 0 1 0 4 0v-1a2 2 0 1 0 -4 0v1",
    "M20.732 12a2 2 0 0 0 -3.732 1v1a2 2 0 0 0 3.726 1.01",
  ],
};
PATHS.method = PATHS.function;
PATHS.interface = PATHS.class;

function maskOf(paths: string[]): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
    paths.map((d) => `<path d="${d}"/>`).join("") +
    "</svg>";
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

const iconStyles = Object.fromEntries(
  Object.entries(PATHS).map(([kind, paths]) => {
    const mask = maskOf(paths);
    return [`.cm-completionIcon-${kind}:after`, { content: '""', maskImage: mask, WebkitMaskImage: mask }];
  }),
);

/** Draws every completion kind's icon from SVG, replacing CodeMirror's font glyphs. */
export const completionIcons = EditorView.theme({
  ".cm-tooltip-autocomplete .cm-completionIcon": {
    width: "1em",
    height: "1em",
    padding: "0 .5em 0 0",
    verticalAlign: "-0.15em",
    opacity: "0.75",
  },
  ".cm-tooltip-autocomplete .cm-completionIcon:after": {
    display: "block",
    width: "1em",
    height: "1em",
    backgroundColor: "currentColor",
    maskSize: "contain",
    maskRepeat: "no-repeat",
    maskPosition: "center",
    WebkitMaskSize: "contain",
    WebkitMaskRepeat: "no-repeat",
    WebkitMaskPosition: "center",
  },
  ...Object.fromEntries(
    Object.entries(iconStyles).map(([selector, style]) => [`.cm-tooltip-autocomplete ${selector}`, style]),
  ),
});
