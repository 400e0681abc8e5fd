import { lazyComponent } from "../../lib/lazy-part";

// The drawings are a chunk of their own, fetched when a gallery first shows them.
const Pictogram = lazyComponent(() => import("./pictograms"));

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
      <Pictogram vizKey={vizKey} label={label} />
    </div>
  );
}
