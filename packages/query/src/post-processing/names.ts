import { type ColumnarFrame, column, FLAT_COLUMN_SEPARATOR, postProcessingError } from "./frame.ts";
import type { FlattenOptions, RenameOptions, SelectOptions } from "./schemas.ts";

/** The levels of each column name: kept by a non-flattened pivot, else split at ", ". */
function levelsOf(frame: ColumnarFrame): (string | null)[][] {
  return frame.levels ?? frame.columns.map((name) => name.split(FLAT_COLUMN_SEPARATOR));
}

const join = (levels: (string | null)[]) =>
  levels.filter((part): part is string => part !== null).join(FLAT_COLUMN_SEPARATOR);

/**
 * Superset's rename. Without a level, whole column names are renamed. With a level, the label at
 * that level of each multi-level name is renamed; renaming to null removes that part (how
 * Superset drops the metric name of single-metric charts).
 */
export function rename(frame: ColumnarFrame, options: RenameOptions): ColumnarFrame {
  // Column names are labels the user chose (a metric called "toString"): the mapping is read by
  // own keys only, so a name it does not list is never "renamed" to Object.prototype's method.
  const mapping = options.columns;
  if (!Object.keys(mapping).length) return frame;
  if (options.level === undefined || options.level === null) {
    const existing = new Set(frame.columns);
    if (Object.values(mapping).every((name) => name !== null && existing.has(name))) {
      throw postProcessingError("Label already exists");
    }
    const columns = frame.columns.map((name) =>
      Object.hasOwn(mapping, name) ? (mapping[name] ?? name) : name,
    );
    return { columns, data: frame.data };
  }
  if (typeof options.level !== "number") throw postProcessingError("rename level must be a level number");
  const level = options.level;
  const levels = levelsOf(frame).map((parts) =>
    parts.length > level && parts[level] !== null && Object.hasOwn(mapping, parts[level])
      ? parts.map((part, i) => (i === level ? mapping[part as string] : part))
      : parts,
  );
  const result: ColumnarFrame = { columns: levels.map(join), data: frame.data };
  if (frame.levels) result.levels = levels;
  return result;
}

/** Superset's flatten: multi-level names joined with ", " (dropping the given levels). */
export function flatten(frame: ColumnarFrame, options: FlattenOptions): ColumnarFrame {
  const drop = new Set(options.drop_levels.map((level) => (typeof level === "number" ? level : Number.NaN)));
  if (!frame.levels && !drop.size) return frame;
  const columns = levelsOf(frame).map((parts) => join(parts.filter((_, i) => !drop.has(i))));
  return { columns, data: frame.data };
}

/** Superset's select: keep columns (in order), exclude some, rename some. */
export function select(frame: ColumnarFrame, options: SelectOptions): ColumnarFrame {
  let names = options.columns?.length ? options.columns : frame.columns;
  const data = names.map((name) => column(frame, name));
  if (options.exclude?.length) {
    for (const name of options.exclude) {
      if (!names.includes(name))
        throw postProcessingError(`Referenced columns not available in DataFrame: ${name}`);
    }
    const keep = names.map((_, i) => i).filter((i) => !options.exclude!.includes(names[i]));
    return select(
      { columns: keep.map((i) => names[i]), data: keep.map((i) => data[i]) },
      { rename: options.rename },
    );
  }
  const rename = options.rename;
  names = names.map((name) => (rename && Object.hasOwn(rename, name) ? (rename[name] ?? name) : name));
  return { columns: names, data };
}
