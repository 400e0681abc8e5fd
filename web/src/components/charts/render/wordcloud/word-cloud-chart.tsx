import { useElementSize } from "@mantine/hooks";
import cloud from "d3-cloud";
import { useEffect, useMemo, useState } from "react";
import { t } from "../../../../lib/i18n";
import { labelColor } from "../../label-colors";
import type { ChartRenderProps } from "../chart-render-props";
import { type CloudWord, cloudWords, rotationOf, seededRandom, seriesLabelOf } from "./word-cloud-model";

interface Placed extends CloudWord {
  x: number;
  y: number;
  rotate: number;
}

const MAX_SCALE = 3;
const SCALE_STEP = 0.5;

/** d3-cloud's layout of the words in a box `scale` times the chart's (the view box scales it back). */
function layout(words: CloudWord[], width: number, height: number, scale: number, rotation: unknown) {
  const random = seededRandom();
  return new Promise<Placed[]>((resolve) => {
    cloud<CloudWord & cloud.Word>()
      .size([width * scale, height * scale])
      .words(words.map((w) => ({ ...w })))
      .padding(5)
      .random(random)
      .rotate(rotationOf(rotation, random))
      .font("Inter, Helvetica, Arial, sans-serif")
      .fontWeight("bold")
      .fontSize((d) => d.size ?? 20)
      .on("end", (placed) => resolve(placed as Placed[]))
      .start();
  });
}

/**
 * Word cloud (Superset's `word_cloud`): laid out by d3-cloud and drawn as SVG text. When the
 * largest words (the top tenth, at least ten) do not fit, the layout is tried again in a larger
 * box scaled down to the chart, as Superset does. On a dashboard a word cross-filters by its value.
 */
export default function WordCloudChart({
  formData,
  results,
  height,
  crossFilter,
  onRenderSuccess,
}: ChartRenderProps) {
  const { ref, width } = useElementSize();
  const words = useMemo(() => cloudWords(formData, results), [formData, results]);
  const [drawn, setDrawn] = useState<{ words: Placed[]; scale: number } | null>(null);
  const rotation = formData.rotation;
  useEffect(() => {
    if (!width) return;
    let cancelled = false;
    const mustFit = new Set(words.slice(0, Math.max(Math.ceil(words.length * 0.1), 10)).map((w) => w.text));
    (async () => {
      let scale = 1;
      let placed = await layout(words, width, height, scale, rotation);
      while (!cancelled && scale < MAX_SCALE && [...mustFit].some((w) => !placed.some((p) => p.text === w))) {
        scale += SCALE_STEP;
        placed = await layout(words, width, height, scale, rotation);
      }
      if (!cancelled) setDrawn({ words: placed, scale });
    })();
    return () => {
      cancelled = true;
    };
  }, [words, width, height, rotation]);
  useEffect(() => {
    if (drawn) onRenderSuccess?.();
  }, [drawn, onRenderSuccess]);
  const column = seriesLabelOf(formData);
  const emits = Boolean(crossFilter?.columns.includes(column));
  const selected = crossFilter?.selected?.column === column ? crossFilter.selected.values : null;
  const w = width * (drawn?.scale ?? 1);
  const h = height * (drawn?.scale ?? 1);
  return (
    <div ref={ref} style={{ width: "100%", height }} data-test="word-cloud">
      {drawn && width > 0 && (
        <svg
          width={width}
          height={height}
          viewBox={`${-w / 2} ${-h / 2} ${w} ${h}`}
          role="img"
          aria-label={t("Word Cloud")}
        >
          {drawn.words.map((word) => (
            <text
              key={word.text}
              data-test="word-cloud-word"
              fontSize={`${word.size}px`}
              fontWeight="bold"
              fontFamily="Inter, Helvetica, Arial, sans-serif"
              textAnchor="middle"
              transform={`translate(${word.x}, ${word.y}) rotate(${word.rotate})`}
              fill={labelColor(formData, word.text)}
              opacity={selected && !selected.includes(word.raw) ? 0.3 : 1}
              style={emits ? { cursor: "pointer" } : undefined}
              onClick={emits ? () => crossFilter?.onCellClick(column, word.raw) : undefined}
              data-cell-column={emits ? column : undefined}
              data-cell-value={emits ? JSON.stringify(word.raw) : undefined}
            >
              {word.text}
            </text>
          ))}
        </svg>
      )}
    </div>
  );
}
