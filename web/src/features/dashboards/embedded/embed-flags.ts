/** 001 §2: the `uiConfig` URL parameter of an embedded dashboard is a bit mask. */
export interface EmbedFlags {
  hideTitle: boolean;
  hideTab: boolean;
  hideNav: boolean;
  hideChartControls: boolean;
  emitDataMasks: boolean;
}

export function parseUiConfig(value: string | null | undefined): EmbedFlags {
  const n = Number(value);
  const bits = Number.isInteger(n) && n > 0 ? n : 0;
  return {
    hideTitle: (bits & 1) !== 0,
    hideTab: (bits & 2) !== 0,
    hideNav: (bits & 4) !== 0,
    hideChartControls: (bits & 8) !== 0,
    emitDataMasks: (bits & 16) !== 0,
  };
}
