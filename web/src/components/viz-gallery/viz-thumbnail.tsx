import { lazy, Suspense } from "react";

// The drawings are a chunk of their own, fetched when a gallery first shows them.
const Pictogram = lazy(() => import("./pictograms"));

/** A visualisation type's pictogram in a box of the given size (empty while its chunk loads). */
export function VizThumbnail({
  vizKey,
  label,
  width,
  height,
}: {
  vizKey: string;
  label: string;
  width: number;
  height: number;
}) {
  return (
    <div style={{ width, height }}>
      <Suspense fallback={null}>
        <Pictogram vizKey={vizKey} label={label} />
      </Suspense>
    </div>
  );
}
