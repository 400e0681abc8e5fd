import { findCountry } from "./countries.ts";
import {
  type FormData,
  invalidForm,
  type LegacyViz,
  labelOfColumn,
  labelOfMetric,
  legacyQuery,
  single,
  uniqueMetrics,
} from "./viz.ts";

const sortByFirstMetric = (fd: FormData, metrics: unknown[]) =>
  fd.sort_by_metric && metrics[0] ? [[metrics[0] as never, false] as [never, boolean]] : [];

/**
 * world_map: one row per country with `m1` (and `m2`, the bubble size), the country resolved
 * from the entity column by `country_fieldtype` to its ISO alpha-3 code, name and centre;
 * unknown countries become "XXX", as the plugin expects.
 */
export const worldMap: LegacyViz = {
  query(fd) {
    const entity = single(fd.entity);
    if (!entity) throw invalidForm("Pick a column holding the countries (entity)");
    const metrics = uniqueMetrics([single(fd.metric), single(fd.secondary_metric)]);
    if (!metrics.length) throw invalidForm("Pick a metric");
    return legacyQuery(fd, { columns: [entity as never], metrics, orderby: sortByFirstMetric(fd, metrics) });
  },
  data(rows, { formData: fd }) {
    if (!rows.length) return null;
    const entity = labelOfColumn(single(fd.entity));
    const metric = labelOfMetric(single(fd.metric));
    const secondary = "secondary_metric" in fd ? labelOfMetric(single(fd.secondary_metric)) : null;
    const fieldType = typeof fd.country_fieldtype === "string" ? fd.country_fieldtype : null;
    return rows.map((r) => {
      const out: Record<string, unknown> = { country: r[entity] ?? null, m1: r[metric] ?? null };
      if (secondary) out.m2 = secondary === metric ? out.m1 : (r[secondary] ?? null);
      const found =
        fieldType && typeof out.country === "string" ? findCountry(fieldType, out.country) : undefined;
      if (found) {
        out.country = found.cca3;
        // The centre places the plugin's bubbles; a country without a known one has none.
        if (found.lat !== undefined) out.latitude = found.lat;
        if (found.lng !== undefined) out.longitude = found.lng;
        out.name = found.name;
      } else {
        out.country = "XXX";
      }
      return out;
    });
  },
};

/** country_map: `[{country_id, metric}]`, the ISO region code and the metric of each region. */
export const countryMap: LegacyViz = {
  query(fd) {
    if (!fd.select_country) throw invalidForm("Must specify a country");
    const metric = single(fd.metric);
    if (!metric) throw invalidForm("Must specify a metric");
    const entity = single(fd.entity);
    if (!entity) throw invalidForm("Must provide ISO codes");
    return legacyQuery(fd, { columns: [entity as never], metrics: uniqueMetrics([metric]) });
  },
  data(rows, { formData: fd }) {
    if (!rows.length) return null;
    const entity = labelOfColumn(single(fd.entity));
    const metric = labelOfMetric(single(fd.metric));
    return rows.map((r) => ({ country_id: r[entity] ?? null, metric: r[metric] ?? null }));
  },
};
