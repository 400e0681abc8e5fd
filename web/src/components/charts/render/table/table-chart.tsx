import { ActionIcon, Group, Pagination, Select, TextInput } from "@mantine/core";
import { GenericDataType } from "@strata/contracts";
import { IconBraces, IconSearch } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { formatNumber, t } from "../../../../lib/i18n";
import { numberFormatter } from "../../format/number-format";
import { timeFormatter } from "../../format/time-format";
import type { ChartRenderProps } from "../chart-render-props";
import { type GridColumn, type GridRow, VirtualGrid } from "../grid";
import cellClasses from "./cell-content.module.css";
import { CellContentModal, isStructured } from "./cell-content-modal";
import { withCrossFilterCells } from "./cross-filter-cells";
import classes from "./table-chart.module.css";

const NUMERIC = 0;
export const SERVER_PAGE_SIZES = ["10", "20", "50", "100", "200"];

function cellBars(rows: GridRow[], key: string) {
  const max = Math.max(0, ...rows.map((r) => Math.abs(Number(r[key]) || 0)));
  return (value: unknown) => {
    const n = Number(value);
    if (!max || !Number.isFinite(n)) return null;
    return (
      <span
        className={classes.bar}
        style={{ width: `${(Math.abs(n) / max) * 100}%` }}
        data-negative={n < 0}
      />
    );
  };
}

/**
 * Table chart: virtualised rows, search, client or server pagination, cell bars; on a dashboard,
 * clicks on dimension cells cross-filter the other charts.
 */
export default function TableChart({
  formData: fd,
  results,
  height,
  ownState,
  setOwnState,
  crossFilter,
  onRenderSuccess,
}: ChartRenderProps) {
  const result = results[0];
  const rows = useMemo(() => (Array.isArray(result?.data) ? (result.data as GridRow[]) : []), [result]);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  useEffect(() => onRenderSuccess?.(), [onRenderSuccess]);

  const baseColumns = useMemo<GridColumn[]>(() => {
    const names = result?.colnames ?? (rows[0] ? Object.keys(rows[0]) : []);
    // Numbers show as they are unless a d3 format is chosen.
    const spec = fd.table_number_format as string | undefined;
    const num = spec ? numberFormatter(spec) : undefined;
    const time = timeFormatter(fd.table_timestamp_format as string);
    return names.map((key, i) => {
      const type = result?.coltypes?.[i];
      const numeric = type === NUMERIC || (type === undefined && typeof rows[0]?.[key] === "number");
      const percent = key.startsWith("%");
      return {
        key,
        label: key,
        numeric,
        format:
          type === GenericDataType.TEMPORAL
            ? time
            : numeric
              ? percent
                ? numberFormatter(".2%")
                : num
              : undefined,
        decorate: numeric && fd.show_cell_bars !== false ? cellBars(rows, key) : undefined,
      };
    });
  }, [result, rows, fd.table_number_format, fd.table_timestamp_format, fd.show_cell_bars]);
  // Structured values (JSON objects, arrays) open in the cell-content modal from a button in the cell.
  const [openCell, setOpenCell] = useState<{ column: string; value: unknown } | null>(null);
  const structuredColumns = useMemo<GridColumn[]>(
    () =>
      baseColumns.map((column) =>
        rows.some((r) => isStructured(r[column.key]))
          ? {
              ...column,
              decorate: (value: unknown) =>
                isStructured(value) ? (
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    className={cellClasses.open}
                    aria-label={t("Show cell content")}
                    onClick={() => setOpenCell({ column: column.label, value })}
                    data-test="cell-content-open"
                  >
                    <IconBraces size={12} />
                  </ActionIcon>
                ) : (
                  column.decorate?.(value)
                ),
            }
          : column,
      ),
    [baseColumns, rows],
  );
  const columns = useMemo(
    () => withCrossFilterCells(structuredColumns, crossFilter),
    [structuredColumns, crossFilter],
  );

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return rows;
    return rows.filter((r) =>
      Object.values(r).some((v) =>
        String(v ?? "")
          .toLowerCase()
          .includes(q),
      ),
    );
  }, [rows, search]);

  const serverPaging = Boolean(fd.server_pagination);
  const pageLength = serverPaging ? 0 : Number(fd.page_length ?? 0) || 0;
  const pages = pageLength ? Math.max(1, Math.ceil(filtered.length / pageLength)) : 1;
  const shown = pageLength ? filtered.slice((page - 1) * pageLength, page * pageLength) : filtered;
  const total = serverPaging
    ? Number((results[1]?.data as GridRow[] | undefined)?.[0]?.rowcount ?? rows.length)
    : filtered.length;
  const serverPageSize = ownState?.pageSize ?? (Number(fd.server_page_length) || 10);
  const serverPage = (ownState?.currentPage ?? 0) + 1;

  // The grid fills the height the search box and the footer leave; this guess of it sizes the rows
  // drawn before that box is laid out.
  const toolbar = fd.include_search || serverPaging || pageLength > 0;
  const estimate = Math.max(60, height - (toolbar ? 84 : 30));
  return (
    <div className={classes.chart} style={{ height }} data-test="table-chart">
      {fd.include_search ? (
        <div className={classes.strip}>
          <TextInput
            size="xs"
            w={240}
            maw="100%"
            placeholder={t("%s records...", formatNumber(filtered.length))}
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            aria-label={t("Search table")}
          />
        </div>
      ) : null}
      <div className={classes.gridBox}>
        <VirtualGrid
          columns={columns}
          rows={shown}
          height={estimate}
          fillHeight
          fitWidth
          data-test="table-chart-grid"
        />
      </div>
      {openCell && (
        <CellContentModal column={openCell.column} value={openCell.value} onClose={() => setOpenCell(null)} />
      )}
      <div className={`${classes.strip} ${classes.footer}`}>
        <span className={classes.rowcount} data-test="table-chart-rowcount">
          {t("%s rows", formatNumber(total))}
        </span>
        {pageLength > 0 && pages > 1 ? (
          <Pagination size="xs" total={pages} value={page} onChange={setPage} />
        ) : null}
        {serverPaging ? (
          <Group gap="xs" wrap="nowrap">
            <Select
              size="xs"
              w={80}
              data={SERVER_PAGE_SIZES}
              value={String(serverPageSize)}
              onChange={(v) => setOwnState?.({ currentPage: 0, pageSize: Number(v) })}
              aria-label={t("Page size")}
              allowDeselect={false}
            />
            <Pagination
              size="xs"
              total={Math.max(1, Math.ceil(total / serverPageSize))}
              value={serverPage}
              onChange={(p) => setOwnState?.({ currentPage: p - 1, pageSize: serverPageSize })}
            />
          </Group>
        ) : null}
      </div>
    </div>
  );
}
