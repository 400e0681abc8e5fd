import { Loader, type LoaderProps } from "@mantine/core";
import { useEffect, useState } from "react";

/** How long a wait goes without a spinner: most answers come sooner, and a spinner shown for a blink is noise. */
const DELAY_MS = 300;

/**
 * A spinner centred in a box of `height`, shown only once the wait has lasted a moment. A
 * dashboard opened again gets its charts in a tenth of a second: twenty spinners mounted, animated
 * and removed in that time were work and flicker for nothing.
 */
export function DelayedLoader({
  height,
  label,
  size,
}: {
  height: number;
  label: string;
  size?: LoaderProps["size"];
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // A plain box: a dashboard mounts one per chart while its rows are on the way.
  return (
    <div style={{ height, display: "flex", alignItems: "center", justifyContent: "center" }}>
      {shown && <Loader size={size} aria-label={label} />}
    </div>
  );
}
