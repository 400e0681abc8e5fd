import bar from "plotly.js/lib/bar";
import barpolar from "plotly.js/lib/barpolar";
import box from "plotly.js/lib/box";
import Plotly from "plotly.js/lib/core";
import funnel from "plotly.js/lib/funnel";
import heatmap from "plotly.js/lib/heatmap";
import histogram from "plotly.js/lib/histogram";
import icicle from "plotly.js/lib/icicle";
import indicator from "plotly.js/lib/indicator";
import pie from "plotly.js/lib/pie";
import sankey from "plotly.js/lib/sankey";
import scatterpolar from "plotly.js/lib/scatterpolar";
import sunburst from "plotly.js/lib/sunburst";
import treemap from "plotly.js/lib/treemap";
import waterfall from "plotly.js/lib/waterfall";

/**
 * The partial plotly.js bundle: scatter (in core) plus the traces our visualisations draw.
 * Loaded only through the lazy Plotly chart module, never from the initial chunk.
 */
Plotly.register([bar, box, funnel, heatmap, histogram, indicator, pie, sunburst, treemap, waterfall]);
// Sankey flows and radar polygons (ECharts-family types).
Plotly.register([sankey, scatterpolar]);

// Partition (icicle) and the Nightingale rose (polar bars).
Plotly.register([icicle, barpolar]);

export default Plotly;
