import choropleth from "plotly.js/lib/choropleth";
import scattergeo from "plotly.js/lib/scattergeo";
import Plotly from "../plotly/plotly-bundle";

/**
 * The geo traces maps draw with, added to the shared Plotly instance only when a map loads: they
 * live in the map chunk, not in the chart bundle every other visualisation downloads.
 */
Plotly.register([scattergeo, choropleth]);
