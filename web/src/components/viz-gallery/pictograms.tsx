import type { ReactNode } from "react";

/**
 * Small drawings of each visualisation type for the gallery, one per Superset viz_type key,
 * drawn on a 64×48 grid in one style: grey axes and grid, the primary colour for the main marks,
 * a lighter primary and a second hue for other series. Colours are CSS variables (Mantine's
 * theme by default, `--viz-thumb-*` to override), so the pictograms follow the theme and dark
 * mode. This module is loaded on demand by `viz-thumbnail.tsx`, never with the first page.
 */
const A = "var(--viz-thumb-a, var(--mantine-primary-color-filled, #228be6))";
const B = "var(--viz-thumb-b, var(--mantine-primary-color-3, #74c0fc))";
const C = "var(--viz-thumb-c, var(--mantine-color-teal-5, #20c997))";
const G = "var(--viz-thumb-grid, var(--mantine-color-gray-5, #adb5bd))";
// Scheme-aware Mantine variables, so maps stay quiet backgrounds in light and dark mode.
const LAND = "var(--viz-thumb-land, var(--mantine-color-default-border, #dee2e6))";
const WATER = "var(--viz-thumb-water, var(--mantine-color-blue-light, #e7f5ff))";

/** 0, 1, …, n − 1. */
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const axes = <path d="M8 6V40H58" fill="none" stroke={G} strokeWidth={1.5} strokeLinecap="round" />;

const line = (points: [number, number][], color: string, width = 2) => (
  <polyline
    points={points.map((p) => p.join(",")).join(" ")}
    fill="none"
    stroke={color}
    strokeWidth={width}
    strokeLinejoin="round"
    strokeLinecap="round"
  />
);

/** Columns standing on the x axis (y = 40), `w` wide, from `x0` every `step`. */
const columns = (heights: number[], color: string, x0 = 12, step = 9, w = 6) =>
  heights
    .map((h, i) => ({ h, x: x0 + i * step }))
    .map(({ h, x }) => <rect key={x} x={x} y={40 - h} width={w} height={h} rx={1} fill={color} />);

const polar = (cx: number, cy: number, r: number, deg: number): [number, number] => {
  const a = ((deg - 90) * Math.PI) / 180;
  return [+(cx + r * Math.cos(a)).toFixed(2), +(cy + r * Math.sin(a)).toFixed(2)];
};

/** A pie wedge from `a0` to `a1` degrees (0 = up, clockwise). */
const wedge = (cx: number, cy: number, r: number, a0: number, a1: number) => {
  const [x0, y0] = polar(cx, cy, r, a0);
  const [x1, y1] = polar(cx, cy, r, a1);
  return `M${cx} ${cy}L${x0} ${y0}A${r} ${r} 0 ${a1 - a0 > 180 ? 1 : 0} 1 ${x1} ${y1}Z`;
};

/** A ring segment between radii r0 < r1. */
const ringSegment = (cx: number, cy: number, r0: number, r1: number, a0: number, a1: number) => {
  const large = a1 - a0 > 180 ? 1 : 0;
  const [ox0, oy0] = polar(cx, cy, r1, a0);
  const [ox1, oy1] = polar(cx, cy, r1, a1);
  const [ix1, iy1] = polar(cx, cy, r0, a1);
  const [ix0, iy0] = polar(cx, cy, r0, a0);
  return `M${ox0} ${oy0}A${r1} ${r1} 0 ${large} 1 ${ox1} ${oy1}L${ix1} ${iy1}A${r0} ${r0} 0 ${large} 0 ${ix0} ${iy0}Z`;
};

const hexagon = (cx: number, cy: number, r: number) =>
  Array.from({ length: 6 }, (_, i) => polar(cx, cy, r, i * 60 + 30).join(",")).join(" ");

/** Table rows: a header band, then lines of cells. */
const tableGrid = (rows: number, cols: number, header: string) => (
  <g>
    <rect x={6} y={6} width={52} height={7} rx={1} fill={header} />
    {range(rows).map((r) => (
      <g key={r}>
        {range(cols).map((c) => (
          <rect
            key={c}
            x={8 + c * (50 / cols)}
            y={16 + r * 7}
            width={50 / cols - 4}
            height={3}
            rx={1.5}
            fill={G}
            opacity={0.8}
          />
        ))}
      </g>
    ))}
  </g>
);

/** Map background for the map types: water, and a land mass. */
const mapBase = (
  <g>
    <rect x={2} y={4} width={60} height={40} rx={3} fill={WATER} />
    <path
      d="M6 16C12 8 22 10 28 8C36 6 44 10 52 9C58 9 60 14 58 20C56 27 60 33 54 38C46 42 38 36 30 39C22 42 12 40 8 34C4 28 2 22 6 16Z"
      fill={LAND}
    />
  </g>
);

const scatterDots: [number, number, number][] = [
  [14, 30, 2],
  [20, 22, 2],
  [26, 27, 2],
  [31, 16, 2],
  [37, 24, 2],
  [42, 13, 2],
  [48, 19, 2],
  [53, 10, 2],
];

const DRAW: Record<string, () => ReactNode> = {
  echarts_timeseries: () => (
    <>
      {axes}
      {columns([8, 13, 10, 16, 12], B, 12, 9, 5)}
      {line(
        [
          [14, 26],
          [23, 20],
          [32, 23],
          [41, 13],
          [50, 16],
        ],
        A,
      )}
    </>
  ),
  echarts_timeseries_line: () => (
    <>
      {axes}
      {line(
        [
          [10, 32],
          [19, 24],
          [28, 28],
          [37, 15],
          [46, 19],
          [56, 9],
        ],
        A,
      )}
      {line(
        [
          [10, 36],
          [19, 33],
          [28, 35],
          [37, 28],
          [46, 31],
          [56, 25],
        ],
        C,
      )}
    </>
  ),
  echarts_timeseries_smooth: () => (
    <>
      {axes}
      <path
        d="M10 32C18 32 20 20 28 22S40 34 46 22S52 10 56 10"
        fill="none"
        stroke={A}
        strokeWidth={2}
        strokeLinecap="round"
      />
      <path
        d="M10 37C18 37 22 30 30 31S44 36 56 27"
        fill="none"
        stroke={C}
        strokeWidth={2}
        strokeLinecap="round"
      />
    </>
  ),
  echarts_timeseries_step: () => (
    <>
      {axes}
      {line(
        [
          [10, 32],
          [18, 32],
          [18, 24],
          [28, 24],
          [28, 28],
          [38, 28],
          [38, 15],
          [48, 15],
          [48, 10],
          [56, 10],
        ],
        A,
      )}
      {line(
        [
          [10, 37],
          [22, 37],
          [22, 33],
          [36, 33],
          [36, 30],
          [56, 30],
        ],
        C,
      )}
    </>
  ),
  echarts_timeseries_scatter: () => (
    <>
      {axes}
      {scatterDots.map(([x, y, r]) => (
        <circle key={`${x}${y}`} cx={x} cy={y} r={r} fill={A} />
      ))}
      {[
        [17, 34],
        [29, 31],
        [40, 30],
        [50, 26],
      ].map(([x, y]) => (
        <circle key={`c${x}`} cx={x} cy={y} r={2} fill={C} />
      ))}
    </>
  ),
  echarts_timeseries_bar: () => (
    <>
      {axes}
      {columns([14, 24, 18, 30, 22], A)}
    </>
  ),
  echarts_area: () => (
    <>
      {axes}
      <path d="M9 28L19 20L29 24L39 12L49 16L57 8V39H9Z" fill={B} />
      <path d="M9 34L19 30L29 33L39 25L49 28L57 22V39H9Z" fill={A} />
    </>
  ),
  mixed_timeseries: () => (
    <>
      {axes}
      {columns([10, 16, 12, 20, 15], B)}
      {line(
        [
          [15, 18],
          [24, 22],
          [33, 13],
          [42, 17],
          [51, 9],
        ],
        A,
      )}
      <path d="M58 6V40" stroke={G} strokeWidth={1.5} strokeDasharray="2 2" />
    </>
  ),
  pie: () => (
    <>
      <path d={wedge(32, 24, 17, 0, 150)} fill={A} />
      <path d={wedge(32, 24, 17, 150, 250)} fill={B} />
      <path d={wedge(32, 24, 17, 250, 320)} fill={C} />
      <path d={wedge(32, 24, 17, 320, 360)} fill={G} />
    </>
  ),
  funnel: () => (
    <>
      <path d="M10 7H54L49 16H15Z" fill={A} />
      <path d="M16 18H48L44 27H20Z" fill={B} />
      <path d="M21 29H43L40 37H24Z" fill={C} />
      <path d="M25 39H39L37 43H27Z" fill={G} />
    </>
  ),
  gauge_chart: () => (
    <>
      <path d={ringSegment(32, 34, 16, 22, -90, 90)} fill={G} opacity={0.5} />
      <path d={ringSegment(32, 34, 16, 22, -90, 30)} fill={A} />
      <path d="M32 34L42 22" stroke={C} strokeWidth={2.5} strokeLinecap="round" />
      <circle cx={32} cy={34} r={3} fill={C} />
    </>
  ),
  radar: () => {
    const ring = (r: number) =>
      Array.from({ length: 6 }, (_, i) => polar(32, 25, r, i * 60).join(",")).join(" ");
    const shape = [17, 10, 14, 8, 15, 12].map((r, i) => polar(32, 25, r, i * 60).join(",")).join(" ");
    return (
      <>
        <polygon points={ring(19)} fill="none" stroke={G} strokeWidth={1} />
        <polygon points={ring(11)} fill="none" stroke={G} strokeWidth={1} />
        <polygon
          points={shape}
          fill={B}
          fillOpacity={0.6}
          stroke={A}
          strokeWidth={2}
          strokeLinejoin="round"
        />
      </>
    );
  },
  sankey_v2: () => (
    <>
      <path d="M12 8C32 8 32 20 52 20V30C32 30 32 18 12 18Z" fill={B} opacity={0.8} />
      <path d="M12 20C32 20 32 34 52 34V40C32 40 32 28 12 28Z" fill={C} opacity={0.6} />
      <path d="M12 30C32 30 32 8 52 8V18C32 18 32 40 12 40Z" fill={B} opacity={0.45} />
      <rect x={8} y={7} width={4} height={34} rx={1} fill={A} />
      <rect x={52} y={7} width={4} height={34} rx={1} fill={A} />
    </>
  ),
  sunburst_v2: () => (
    <>
      <path d={ringSegment(32, 24, 7, 13, 0, 210)} fill={A} />
      <path d={ringSegment(32, 24, 7, 13, 210, 360)} fill={C} />
      <path d={ringSegment(32, 24, 14, 20, 0, 120)} fill={B} />
      <path d={ringSegment(32, 24, 14, 20, 120, 210)} fill={A} opacity={0.7} />
      <path d={ringSegment(32, 24, 14, 20, 210, 300)} fill={C} opacity={0.7} />
      <path d={ringSegment(32, 24, 14, 20, 300, 360)} fill={G} />
    </>
  ),
  treemap_v2: () => (
    <>
      <rect x={6} y={6} width={28} height={36} rx={1.5} fill={A} />
      <rect x={36} y={6} width={22} height={20} rx={1.5} fill={B} />
      <rect x={36} y={28} width={12} height={14} rx={1.5} fill={C} />
      <rect x={50} y={28} width={8} height={14} rx={1.5} fill={G} />
    </>
  ),
  tree_chart: () => (
    <>
      <path
        d="M12 24H20M20 12V36M20 12H32M20 36H32M32 12H40M40 7V17M32 36H40M40 31V41M40 7H48M40 17H48M40 31H48M40 41H48"
        fill="none"
        stroke={G}
        strokeWidth={1.5}
      />
      <circle cx={10} cy={24} r={3.5} fill={A} />
      <circle cx={32} cy={12} r={3} fill={B} />
      <circle cx={32} cy={36} r={3} fill={B} />
      {[7, 17, 31, 41].map((y) => (
        <circle key={y} cx={51} cy={y} r={2.5} fill={C} />
      ))}
    </>
  ),
  graph_chart: () => {
    const nodes: [number, number, number, string][] = [
      [32, 24, 5, A],
      [14, 12, 3, B],
      [14, 36, 3, B],
      [50, 10, 3.5, C],
      [52, 34, 3, B],
      [36, 42, 2.5, C],
      [26, 8, 2.5, C],
    ];
    return (
      <>
        <path
          d="M32 24L14 12M32 24L14 36M32 24L50 10M32 24L52 34M32 24L36 42M14 12L26 8M26 8L50 10M52 34L36 42"
          stroke={G}
          strokeWidth={1.2}
        />
        {nodes.map(([x, y, r, c]) => (
          <circle key={`${x}${y}`} cx={x} cy={y} r={r} fill={c} />
        ))}
      </>
    );
  },
  waterfall: () => (
    <>
      {axes}
      <rect x={11} y={24} width={7} height={16} rx={1} fill={A} />
      <rect x={20} y={14} width={7} height={10} rx={1} fill={C} />
      <rect x={29} y={14} width={7} height={8} rx={1} fill={B} />
      <rect x={38} y={8} width={7} height={14} rx={1} fill={C} />
      <rect x={47} y={8} width={7} height={32} rx={1} fill={A} />
    </>
  ),
  box_plot: () => (
    <>
      {axes}
      {[
        [16, 10, 18, 28, 36],
        [30, 14, 20, 26, 34],
        [44, 8, 14, 24, 30],
      ].map(([x, top, q3, q1, bottom]) => (
        <g key={x}>
          <path
            d={`M${x + 4} ${top}V${q3}M${x + 4} ${q1}V${bottom}M${x + 1} ${top}H${x + 7}M${x + 1} ${bottom}H${x + 7}`}
            stroke={A}
            strokeWidth={1.5}
          />
          <rect x={x} y={q3} width={8} height={q1 - q3} rx={1} fill={B} stroke={A} strokeWidth={1.5} />
          <path d={`M${x} ${(q1 + q3) / 2}H${x + 8}`} stroke={A} strokeWidth={1.5} />
        </g>
      ))}
      <circle cx={34} cy={7} r={1.5} fill={C} />
    </>
  ),
  bubble_v2: () => (
    <>
      {axes}
      <circle cx={20} cy={28} r={7} fill={B} fillOpacity={0.8} />
      <circle cx={36} cy={18} r={9} fill={A} fillOpacity={0.8} />
      <circle cx={50} cy={30} r={5} fill={C} fillOpacity={0.8} />
      <circle cx={48} cy={11} r={3} fill={B} fillOpacity={0.8} />
    </>
  ),
  heatmap_v2: () => (
    <>
      {[0, 1, 2, 3].map((r) =>
        [0, 1, 2, 3, 4].map((c) => (
          <rect
            key={`${r}${c}`}
            x={8 + c * 10}
            y={6 + r * 9}
            width={9}
            height={8}
            rx={1}
            fill={A}
            opacity={0.15 + (((r * 5 + c) * 37) % 85) / 100}
          />
        )),
      )}
    </>
  ),
  histogram_v2: () => (
    <>
      {axes}
      {columns([5, 12, 22, 30, 24, 14, 6], A, 10, 6.8, 6.8)}
    </>
  ),
  gantt_chart: () => (
    <>
      <path d="M8 6V42" stroke={G} strokeWidth={1.5} />
      {[
        [10, 8, 18, A],
        [20, 16, 16, B],
        [30, 24, 20, A],
        [26, 32, 26, C],
      ].map(([x, y, w, c]) => (
        <rect key={`${x}${y}`} x={x} y={y as number} width={w} height={5} rx={2} fill={c as string} />
      ))}
    </>
  ),
  big_number_total: () => (
    <text
      x={32}
      y={32}
      textAnchor="middle"
      fontSize={22}
      fontWeight={700}
      fill={A}
      fontFamily="system-ui, sans-serif"
    >
      123
    </text>
  ),
  big_number: () => (
    <>
      <text
        x={32}
        y={22}
        textAnchor="middle"
        fontSize={16}
        fontWeight={700}
        fill={A}
        fontFamily="system-ui, sans-serif"
      >
        123
      </text>
      <path d="M6 40L14 36L22 38L30 31L38 34L46 27L58 29V44H6Z" fill={B} opacity={0.5} />
      {line(
        [
          [6, 40],
          [14, 36],
          [22, 38],
          [30, 31],
          [38, 34],
          [46, 27],
          [58, 29],
        ],
        A,
        1.5,
      )}
    </>
  ),
  pop_kpi: () => (
    <>
      <text
        x={26}
        y={26}
        textAnchor="middle"
        fontSize={17}
        fontWeight={700}
        fill={A}
        fontFamily="system-ui, sans-serif"
      >
        123
      </text>
      <path d="M47 24L52 16L57 24Z" fill={C} />
      <rect x={10} y={33} width={14} height={3} rx={1.5} fill={G} />
      <rect x={27} y={33} width={10} height={3} rx={1.5} fill={C} />
      <rect x={40} y={33} width={14} height={3} rx={1.5} fill={G} />
    </>
  ),
  bullet: () => (
    <>
      <rect x={6} y={14} width={52} height={20} rx={1} fill={G} opacity={0.25} />
      <rect x={6} y={14} width={38} height={20} rx={1} fill={G} opacity={0.35} />
      <rect x={6} y={14} width={24} height={20} rx={1} fill={G} opacity={0.45} />
      <rect x={6} y={20} width={34} height={8} rx={1} fill={A} />
      <path d="M47 11V37" stroke={C} strokeWidth={2.5} />
    </>
  ),
  table: () => tableGrid(4, 3, A),
  "ag-grid-table": () => (
    <>
      {tableGrid(4, 3, B)}
      {[22, 39, 56].map((x) => (
        <path key={x} d={`M${x - 5} 8L${x - 2} 8L${x - 3.5} 11Z`} fill={A} />
      ))}
    </>
  ),
  pivot_table_v2: () => (
    <>
      <rect x={6} y={6} width={52} height={7} rx={1} fill={A} />
      <rect x={6} y={15} width={14} height={27} rx={1} fill={B} />
      {[0, 1, 2].map((r) =>
        [0, 1, 2].map((c) => (
          <rect key={`${r}${c}`} x={24 + c * 12} y={18 + r * 8} width={9} height={3} rx={1.5} fill={G} />
        )),
      )}
    </>
  ),
  time_table: () => (
    <>
      <rect x={6} y={6} width={52} height={7} rx={1} fill={A} />
      {[0, 1, 2].map((r) => (
        <g key={r}>
          <rect x={8} y={18 + r * 9} width={12} height={3} rx={1.5} fill={G} />
          {line(
            [
              [26, 21 + r * 9],
              [31, 17 + r * 9],
              [36, 20 + r * 9],
              [41, 16 + r * 9],
              [46, 19 + r * 9],
            ],
            r === 1 ? C : A,
            1.5,
          )}
          <rect x={50} y={18 + r * 9} width={7} height={3} rx={1.5} fill={G} />
        </g>
      ))}
    </>
  ),
  word_cloud: () => (
    <>
      <rect x={14} y={19} width={30} height={9} rx={2} fill={A} />
      <rect x={8} y={9} width={16} height={6} rx={2} fill={B} />
      <rect x={28} y={10} width={22} height={5} rx={2} fill={C} />
      <rect x={47} y={20} width={10} height={7} rx={2} fill={B} />
      <rect x={10} y={32} width={14} height={5} rx={2} fill={C} />
      <rect x={27} y={32} width={24} height={7} rx={2} fill={B} />
      <rect x={20} y={41} width={12} height={3} rx={1.5} fill={G} />
    </>
  ),
  cal_heatmap: () => (
    <>
      {range(7).map((d) =>
        range(10).map((w) => (
          <rect
            key={`${d}${w}`}
            x={5 + w * 5.6}
            y={6 + d * 5.4}
            width={4.4}
            height={4.4}
            rx={0.8}
            fill={A}
            opacity={0.12 + (((d * 10 + w) * 53) % 88) / 100}
          />
        )),
      )}
    </>
  ),
  partition: () => (
    <>
      <rect x={6} y={6} width={14} height={36} rx={1} fill={A} />
      <rect x={22} y={6} width={16} height={22} rx={1} fill={B} />
      <rect x={22} y={30} width={16} height={12} rx={1} fill={C} />
      <rect x={40} y={6} width={18} height={12} rx={1} fill={B} opacity={0.7} />
      <rect x={40} y={20} width={18} height={8} rx={1} fill={B} opacity={0.5} />
      <rect x={40} y={30} width={18} height={12} rx={1} fill={C} opacity={0.7} />
    </>
  ),
  parallel_coordinates: () => (
    <>
      <path d="M10 6V42M25 6V42M40 6V42M55 6V42" stroke={G} strokeWidth={1.5} />
      {line(
        [
          [10, 12],
          [25, 30],
          [40, 16],
          [55, 34],
        ],
        A,
        1.5,
      )}
      {line(
        [
          [10, 24],
          [25, 10],
          [40, 34],
          [55, 14],
        ],
        C,
        1.5,
      )}
      {line(
        [
          [10, 36],
          [25, 22],
          [40, 26],
          [55, 24],
        ],
        B,
        1.5,
      )}
    </>
  ),
  rose: () => (
    <>
      {[18, 12, 15, 9, 13, 7, 16, 10]
        .map((r, i) => ({ r, start: i * 45, fill: i % 2 ? B : A }))
        .map(({ r, start, fill }) => (
          <path key={start} d={wedge(32, 25, r, start, start + 45)} fill={fill} />
        ))}
    </>
  ),
  chord: () => (
    <>
      <path d={ringSegment(32, 24, 16, 19, 5, 115)} fill={A} />
      <path d={ringSegment(32, 24, 16, 19, 125, 235)} fill={C} />
      <path d={ringSegment(32, 24, 16, 19, 245, 355)} fill={B} />
      <path
        d={`M${polar(32, 24, 16, 30).join(" ")}Q32 24 ${polar(32, 24, 16, 170).join(" ")}L${polar(32, 24, 16, 200).join(" ")}Q32 24 ${polar(32, 24, 16, 80).join(" ")}Z`}
        fill={A}
        opacity={0.45}
      />
      <path
        d={`M${polar(32, 24, 16, 270).join(" ")}Q32 24 ${polar(32, 24, 16, 100).join(" ")}L${polar(32, 24, 16, 60).join(" ")}Q32 24 ${polar(32, 24, 16, 320).join(" ")}Z`}
        fill={B}
        opacity={0.5}
      />
    </>
  ),
  horizon: () => (
    <>
      {[0, 1, 2].map((r) => (
        <g key={r}>
          <path
            d={`M6 ${18 + r * 12}L14 ${14 + r * 12}L22 ${16 + r * 12}L30 ${10 + r * 12}L38 ${13 + r * 12}L46 ${9 + r * 12}L58 ${12 + r * 12}V${18 + r * 12}Z`}
            fill={B}
          />
          <path
            d={`M22 ${18 + r * 12}L30 ${13 + r * 12}L38 ${16 + r * 12}L46 ${12 + r * 12}L52 ${18 + r * 12}Z`}
            fill={A}
          />
        </g>
      ))}
    </>
  ),
  paired_ttest: () => (
    <>
      {tableGrid(3, 3, G)}
      <rect x={40} y={14} width={18} height={22} rx={2} fill="none" stroke={A} strokeWidth={1.5} />
      <text
        x={32}
        y={12}
        textAnchor="middle"
        fontSize={7}
        fontWeight={700}
        fill="white"
        fontFamily="system-ui, sans-serif"
      >
        p
      </text>
    </>
  ),
  handlebars: () => (
    <>
      <path
        d="M14 8C9 8 11 20 7 24C11 28 9 40 14 40M50 8C55 8 53 20 57 24C53 28 55 40 50 40"
        fill="none"
        stroke={A}
        strokeWidth={2.5}
        strokeLinecap="round"
      />
      <rect x={20} y={14} width={24} height={3} rx={1.5} fill={C} />
      <rect x={20} y={22} width={18} height={3} rx={1.5} fill={G} />
      <rect x={20} y={30} width={22} height={3} rx={1.5} fill={G} />
    </>
  ),
  country_map: () => (
    <>
      <path
        d="M26 5L38 8L46 14L52 22L48 30L50 38L38 43L28 42L18 40L14 32L10 24L16 16L20 10Z"
        fill={B}
        stroke="white"
        strokeWidth={1}
      />
      <path d="M26 5L38 8L36 20L22 22L16 16L20 10Z" fill={A} stroke="white" strokeWidth={1} />
      <path d="M36 20L46 14L52 22L48 30L34 30Z" fill={C} stroke="white" strokeWidth={1} />
      <path d="M22 22L36 20L34 30L28 42L18 40L14 32Z" fill={A} opacity={0.6} stroke="white" strokeWidth={1} />
    </>
  ),
  world_map: () => (
    <>
      <ellipse cx={32} cy={24} rx={28} ry={19} fill={WATER} />
      <path d="M10 16C14 10 22 10 24 14C26 18 20 20 22 26C23 32 18 36 15 30C13 26 8 22 10 16Z" fill={A} />
      <path
        d="M30 10C36 8 42 11 44 14C42 18 36 16 34 20C33 24 38 28 36 34C34 38 30 34 30 28C30 22 26 16 30 10Z"
        fill={B}
      />
      <path d="M44 20C50 18 56 20 56 26C55 30 50 29 48 27C46 25 43 24 44 20Z" fill={C} />
      <path d="M46 34C49 32 53 33 52 36C51 39 47 38 46 34Z" fill={B} />
    </>
  ),
  deck_scatter: () => (
    <>
      {mapBase}
      {scatterDots.map(([x, y]) => (
        <circle key={`${x}${y}`} cx={x} cy={y + 6} r={2.2} fill={A} />
      ))}
    </>
  ),
  deck_hex: () => (
    <>
      {mapBase}
      {[
        [20, 18, 0.9],
        [28, 18, 0.6],
        [36, 18, 0.35],
        [24, 25, 0.5],
        [32, 25, 1],
        [40, 25, 0.7],
        [28, 32, 0.4],
        [36, 32, 0.8],
      ].map(([x, y, o]) => (
        <polygon key={`${x}${y}`} points={hexagon(x, y, 4.3)} fill={A} opacity={o} />
      ))}
    </>
  ),
  deck_grid: () => (
    <>
      {mapBase}
      {[0, 1, 2].map((r) =>
        [0, 1, 2, 3].map((c) => (
          <rect
            key={`${r}${c}`}
            x={16 + c * 8}
            y={13 + r * 8}
            width={7}
            height={7}
            fill={(r + c) % 3 === 0 ? C : A}
            opacity={0.35 + (((r * 4 + c) * 29) % 65) / 100}
          />
        )),
      )}
    </>
  ),
  deck_screengrid: () => (
    <>
      {mapBase}
      {[0, 1, 2, 3, 4].map((r) =>
        [0, 1, 2, 3, 4, 5, 6, 7].map((c) => (
          <rect
            key={`${r}${c}`}
            x={8 + c * 6.2}
            y={8 + r * 6.6}
            width={5}
            height={5}
            fill={A}
            opacity={(((r * 8 + c) * 41) % 100) / 110}
          />
        )),
      )}
    </>
  ),
  deck_heatmap: () => (
    <>
      {mapBase}
      {[
        [24, 22, 12, 0.25],
        [24, 22, 7, 0.45],
        [24, 22, 3, 0.9],
        [42, 28, 10, 0.25],
        [42, 28, 5, 0.5],
      ].map(([x, y, r, o]) => (
        <circle key={`${x}${r}`} cx={x} cy={y} r={r} fill={C} opacity={o} />
      ))}
    </>
  ),
  deck_arc: () => (
    <>
      {mapBase}
      <path
        d="M12 34Q24 2 40 26M12 34Q34 0 54 18M40 26Q48 10 54 18"
        fill="none"
        stroke={A}
        strokeWidth={1.8}
      />
      {[
        [12, 34],
        [40, 26],
        [54, 18],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r={2.2} fill={C} />
      ))}
    </>
  ),
  deck_path: () => (
    <>
      {mapBase}
      {line(
        [
          [8, 30],
          [18, 26],
          [26, 30],
          [36, 20],
          [46, 22],
          [56, 12],
        ],
        A,
      )}
      {line(
        [
          [14, 12],
          [22, 18],
          [30, 16],
          [38, 30],
          [50, 34],
        ],
        C,
      )}
    </>
  ),
  deck_polygon: () => (
    <>
      {mapBase}
      <polygon points="12,14 26,10 30,22 18,28" fill={A} opacity={0.85} stroke="white" strokeWidth={1} />
      <polygon points="30,22 26,10 42,12 44,24" fill={B} stroke="white" strokeWidth={1} />
      <polygon points="18,28 30,22 44,24 40,36 22,38" fill={C} opacity={0.8} stroke="white" strokeWidth={1} />
    </>
  ),
  deck_geojson: () => (
    <>
      {mapBase}
      <polygon points="10,30 16,14 30,12 34,26 22,34" fill={A} opacity={0.8} stroke={C} strokeWidth={1} />
      {line(
        [
          [34, 26],
          [44, 20],
          [54, 24],
        ],
        C,
      )}
      <circle cx={46} cy={32} r={2.6} fill={B} />
      <circle cx={54} cy={12} r={2.6} fill={B} />
    </>
  ),
};

/** Keys Superset migrates to a modern type: drawn like the type they become. */
const ALIASES: Record<string, string> = {
  dist_bar: "echarts_timeseries_bar",
  bar: "echarts_timeseries_bar",
  line: "echarts_timeseries_line",
  dual_line: "mixed_timeseries",
  line_multi: "echarts_timeseries_line",
  compare: "echarts_timeseries_line",
  time_pivot: "echarts_timeseries_line",
  area: "echarts_area",
  treemap: "treemap_v2",
  sunburst: "sunburst_v2",
  heatmap: "heatmap_v2",
  histogram: "histogram_v2",
  bubble: "bubble_v2",
  pivot_table: "pivot_table_v2",
  sankey: "sankey_v2",
  directed_force: "graph_chart",
};

/** Every key with a pictogram of its own or through its modern type. */
export const PICTOGRAM_KEYS: string[] = [...Object.keys(DRAW), ...Object.keys(ALIASES)];

const fallback = () => (
  <>
    <rect
      x={8}
      y={6}
      width={48}
      height={36}
      rx={3}
      fill="none"
      stroke={G}
      strokeWidth={1.5}
      strokeDasharray="3 3"
    />
    <path d="M20 32L28 22L34 28L44 16" fill="none" stroke={G} strokeWidth={2} strokeLinecap="round" />
  </>
);

export function hasPictogram(vizKey: string): boolean {
  return Object.hasOwn(DRAW, vizKey) || Object.hasOwn(ALIASES, vizKey);
}

/** The pictogram of a visualisation type (a neutral drawing for a key without one). */
export default function Pictogram({ vizKey, label }: { vizKey: string; label: string }) {
  const own = (key: string) => (Object.hasOwn(DRAW, key) ? DRAW[key] : undefined);
  const draw = own(vizKey) ?? own(Object.hasOwn(ALIASES, vizKey) ? ALIASES[vizKey] : "") ?? fallback;
  return (
    <svg
      viewBox="0 0 64 48"
      width="100%"
      height="100%"
      role="img"
      aria-label={label}
      data-test="viz-thumbnail"
      data-viz-key={vizKey}
      data-generic={hasPictogram(vizKey) ? undefined : true}
      style={{ display: "block" }}
    >
      {draw()}
    </svg>
  );
}
