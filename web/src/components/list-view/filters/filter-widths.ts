/** List filter widths (000 §9): selects and search 175 px, ranges 300 px. */
export const FILTER_WIDTH = { narrow: 175, wide: 300 } as const;
