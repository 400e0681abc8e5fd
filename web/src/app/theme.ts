import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** Strata's brand colour: a deep teal (rgba(0,122,135) sits at index 6, like Superset's default). */
const strata: MantineColorsTuple = [
  "#e3fbfd",
  "#d2f2f5",
  "#a8e3e9",
  "#7ad3dc",
  "#55c6d1",
  "#3dbdca",
  "#007a87",
  "#00737f",
  "#006670",
  "#005861",
];

export const theme = createTheme({
  primaryColor: "strata",
  primaryShade: 6,
  colors: { strata },
  fontFamily:
    'Inter, "Helvetica Neue", system-ui, -apple-system, "Segoe UI", Roboto, Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: '"Fira Code", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: {
    fontFamily: 'Inter, "Helvetica Neue", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  },
  defaultRadius: "sm",
  cursorType: "pointer",
});
