import { Group, Pagination, Text } from "@mantine/core";
import { t } from "../../lib/i18n";

interface Props {
  pageIndex: number;
  pageSize: number;
  count: number;
  onChange: (pageIndex: number) => void;
}

export function ListPagination({ pageIndex, pageSize, count, onChange }: Props) {
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(count, (pageIndex + 1) * pageSize);
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed" data-test="pagination-summary">
        {t("%s-%s of %s", from, to, count)}
      </Text>
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={pageIndex + 1}
          onChange={(page) => onChange(page - 1)}
          size="sm"
          data-test="pagination"
          getControlProps={(control) => ({ "aria-label": t("%s page", control) })}
          getItemProps={(page) => ({ "aria-label": t("Page %s", page) })}
        />
      )}
    </Group>
  );
}
