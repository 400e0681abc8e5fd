import { useSearchParams } from "react-router";
import { ChartCreator } from "../../components/chart-create";

const int = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** `/chart/add` (`?dataset=N` and `?viz_type=` preselect, as Superset's links do). */
export default function ChartAddPage() {
  const [search] = useSearchParams();
  return (
    <ChartCreator initialDatasetId={int(search.get("dataset"))} initialVizType={search.get("viz_type")} />
  );
}
