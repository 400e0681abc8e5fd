/**
 * Superset's example datasets as Strata registers them: table names, time columns and metrics.
 * Pure data; the loader (`load-examples.ts`) creates the tables with these names.
 */

export interface ExampleMetric {
  metric_name: string;
  expression: string;
  verbose_name?: string;
  d3format?: string;
}

/** A column setting beyond what the table itself says (calculated columns, date formats). */
export interface ExampleColumn {
  column_name: string;
  expression?: string;
  is_dttm?: boolean;
  python_date_format?: string;
  verbose_name?: string;
}

export interface ExampleTable {
  table_name: string;
  main_dttm_col?: string;
  description: string;
  metrics: ExampleMetric[];
  columns?: ExampleColumn[];
}

const count: ExampleMetric = { metric_name: "count", expression: "COUNT(*)", verbose_name: "COUNT(*)" };

const sum = (column: string, d3format?: string): ExampleMetric => ({
  metric_name: `sum__${column}`,
  expression: `SUM(${/^[a-z_][a-z0-9_]*$/.test(column) ? column : `"${column}"`})`,
  ...(d3format ? { d3format } : {}),
});

const avg = (column: string, d3format?: string): ExampleMetric => ({
  metric_name: `avg__${column}`,
  expression: `AVG(${/^[a-z_][a-z0-9_]*$/.test(column) ? column : `"${column}"`})`,
  ...(d3format ? { d3format } : {}),
});

export const EXAMPLE_TABLES: ExampleTable[] = [
  {
    table_name: "birth_names",
    main_dttm_col: "ds",
    description: "Baby names given in US states, by year and gender (1965–2008).",
    metrics: [count, sum("num")],
    columns: [{ column_name: "num_california", expression: "CASE WHEN state = 'CA' THEN num ELSE 0 END" }],
  },
  {
    table_name: "energy_usage",
    description: "Energy flows from source to target (a Sankey example).",
    metrics: [count, sum("value")],
  },
  {
    table_name: "flights",
    main_dttm_col: "ds",
    description: "Random set of flights in the US",
    metrics: [count, avg("DEPARTURE_DELAY", ".1f"), avg("ARRIVAL_DELAY", ".1f"), sum("DISTANCE", ",d")],
  },
  {
    table_name: "random_time_series",
    main_dttm_col: "ds",
    description: "Random timestamps, one per row (calendar heatmap example).",
    metrics: [count],
  },
  {
    table_name: "multiformat_time_series",
    main_dttm_col: "ds",
    description: "The same moments stored in many formats: date, timestamp, epoch and strings.",
    metrics: [count],
    columns: [
      { column_name: "ds", is_dttm: true, python_date_format: "%Y-%m-%d" },
      { column_name: "ds2", is_dttm: true, python_date_format: "%Y-%m-%d %H:%M:%S" },
      { column_name: "epoch_s", is_dttm: true, python_date_format: "epoch_s" },
      { column_name: "epoch_ms", is_dttm: true, python_date_format: "epoch_ms" },
      { column_name: "string0", is_dttm: true, python_date_format: "%Y-%m-%d %H:%M:%S.%f" },
      { column_name: "string1", is_dttm: true, python_date_format: "%Y-%m-%d^%H:%M:%S" },
      { column_name: "string2", is_dttm: true, python_date_format: "%Y%m%d-%H%M%S" },
      { column_name: "string3", is_dttm: true, python_date_format: "%Y/%m/%d%H:%M:%S.%f" },
    ],
  },
  {
    table_name: "sf_population_polygons",
    description: "Population density of San Francisco",
    metrics: [count, sum("population", ",d")],
  },
  {
    table_name: "bart_lines",
    description: "BART lines",
    metrics: [count],
  },
  {
    table_name: "unicode_test",
    main_dttm_col: "dttm",
    description: "Phrases in many scripts, to check Unicode handling end to end.",
    metrics: [count, sum("value")],
  },
  {
    table_name: "covid_vaccines",
    description: "COVID-19 vaccine candidates by developer, stage and country (2020).",
    metrics: [count],
  },
  {
    table_name: "cleaned_sales_data",
    main_dttm_col: "order_date",
    description: "Orders of a classic-car model company, 2003–2005.",
    metrics: [count, sum("sales", ",.2f"), sum("quantity_ordered", ",d")],
  },
  {
    table_name: "video_game_sales",
    description: "Video game sales by platform, genre, publisher and region (millions of units).",
    metrics: [
      count,
      sum("global_sales", ",.2f"),
      sum("na_sales", ",.2f"),
      sum("eu_sales", ",.2f"),
      sum("jp_sales", ",.2f"),
    ],
    columns: [{ column_name: "year", is_dttm: true, python_date_format: "%Y" }],
  },
  {
    table_name: "tutorial_flights",
    main_dttm_col: "Travel Date",
    description: "Business flights by department, class and airline (Superset's dashboard tutorial).",
    metrics: [count, sum("Cost", ",.2f")],
  },
  {
    table_name: "birth_france_by_region",
    main_dttm_col: "dttm",
    description: "Births in France by department, 2003–2014 (country map example).",
    metrics: [count, avg("2004")],
  },
  {
    table_name: "FCC 2018 Survey",
    description: "freeCodeCamp's 2018 New Coder Survey answers.",
    metrics: [count],
  },
  {
    table_name: "long_lat",
    main_dttm_col: "datetime",
    description: "San Francisco addresses with coordinates and geohashes (map examples).",
    metrics: [count],
  },
  {
    table_name: "channel_members",
    description: "Slack dashboard: which user belongs to which channel.",
    metrics: [count],
  },
  {
    table_name: "channels",
    main_dttm_col: "created",
    description: "Slack dashboard: channels of the Superset community workspace.",
    metrics: [count],
  },
  {
    table_name: "exported_stats",
    main_dttm_col: "date",
    description: "Slack dashboard: daily workspace statistics.",
    metrics: [count, sum("messages_posted", ",d")],
  },
  {
    table_name: "messages",
    main_dttm_col: "ts",
    description: "Slack dashboard: messages posted in public channels.",
    metrics: [count],
  },
  {
    table_name: "threads",
    main_dttm_col: "ts",
    description: "Slack dashboard: message threads.",
    metrics: [count],
  },
  {
    table_name: "users",
    main_dttm_col: "updated",
    description: "Slack dashboard: workspace members.",
    metrics: [count],
  },
  {
    table_name: "users_channels",
    description: "Slack dashboard: channel names with their members.",
    metrics: [count],
  },
];
