import type { AnnotationLayerConfig } from "@strata/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../../../test/render";
import { AnnotationLayersControl } from "./annotation-layers-control";

let value: AnnotationLayerConfig[] = [];

function Harness({ initial }: { initial: AnnotationLayerConfig[] }) {
  const [layers, setLayers] = useState(initial);
  value = layers;
  return <AnnotationLayersControl label="Annotation layers" value={layers} onChange={setLayers} testId="x" />;
}

const byTest = (id: string) => {
  const el = document.querySelector<HTMLElement>(`[data-test="${id}"]`);
  if (!el) throw new Error(`no [data-test="${id}"]`);
  return el;
};
const type = (id: string, text: string) => fireEvent.change(byTest(id), { target: { value: text } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("annotation layers control", () => {
  it("adds a formula layer, refusing a formula that is not arithmetic", async () => {
    renderWithRouter(<Harness initial={[]} />);
    fireEvent.click(byTest("add-annotation-layer"));
    await waitFor(() => byTest("annotation-layer-name"));
    type("annotation-layer-name", "Goal");
    type("annotation-layer-formula", "alert(document.cookie)");
    fireEvent.click(byTest("annotation-layer-apply"));
    await screen.findByText(/Unexpected "\." at position 15/);
    expect(value).toEqual([]);

    type("annotation-layer-formula", "y = 2 * x + 10");
    fireEvent.click(byTest("annotation-layer-apply"));
    await waitFor(() => expect(value).toHaveLength(1));
    expect(value[0]).toMatchObject({
      name: "Goal",
      annotationType: "FORMULA",
      sourceType: "",
      value: "y = 2 * x + 10",
      show: true,
      style: "solid",
      width: 1,
    });
  });

  it("edits an event layer's source from the annotation layers, and removes a layer", async () => {
    const api = fakeFetch((url) =>
      url.pathname === "/api/v1/annotation_layer/"
        ? {
            body: {
              count: 2,
              ids: [3, 4],
              result: [
                { id: 3, name: "Releases" },
                { id: 4, name: "Outages" },
              ],
            },
          }
        : { status: 404, body: { message: "Not found" } },
    );
    const events: AnnotationLayerConfig = {
      name: "Events",
      annotationType: "EVENT",
      sourceType: "NATIVE",
      value: 3,
      show: true,
    };
    const formula: AnnotationLayerConfig = {
      name: "Line",
      annotationType: "FORMULA",
      value: "x",
      show: false,
    };
    renderWithRouter(<Harness initial={[events, formula]} />);
    expect(screen.getAllByText(/Events|Line/).length).toBeGreaterThanOrEqual(2);

    fireEvent.click(document.querySelectorAll<HTMLElement>('[data-test="annotation-layer-item"]')[0]);
    await waitFor(() => expect(api.calls("/api/v1/annotation_layer/").length).toBeGreaterThan(0));
    // A name already used by another layer of the chart is refused.
    type("annotation-layer-name", "Line");
    fireEvent.click(byTest("annotation-layer-apply"));
    await screen.findByText("A layer with this name already exists");
    type("annotation-layer-name", "Releases");
    fireEvent.click(byTest("annotation-layer-apply"));
    await waitFor(() => expect(value[0].name).toBe("Releases"));
    expect(value[0]).toMatchObject({ annotationType: "EVENT", sourceType: "NATIVE", value: 3 });

    fireEvent.click(document.querySelectorAll<HTMLElement>('[data-test="annotation-layer-item"]')[1]);
    await waitFor(() => byTest("annotation-layer-remove"));
    fireEvent.click(byTest("annotation-layer-remove"));
    await waitFor(() => expect(value.map((l) => l.name)).toEqual(["Releases"]));
  });
});
