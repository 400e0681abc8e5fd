import choroplethmap from "plotly.js/lib/choroplethmap";
import scattermap from "plotly.js/lib/scattermap";
import Plotly from "../plotly/plotly-bundle";

/**
 * MapLibre-based traces for tiled backgrounds: a chunk of its own (MapLibre is large), loaded
 * only when the server configures a tile source.
 */
Plotly.register([scattermap, choroplethmap]);
