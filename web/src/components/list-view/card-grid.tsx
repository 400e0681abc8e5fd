import { Card, SimpleGrid, Skeleton } from "@mantine/core";
import type { ReactNode } from "react";
import type { CardRenderContext } from "./types";

/** While loading, card view shows 25 placeholder cards (000 §2). */
export const PLACEHOLDER_CARDS = 25;
const PLACEHOLDER_KEYS = Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => `placeholder-${i}`);

interface Props<T> {
  rows: T[];
  loading: boolean;
  rowKey: (row: T) => string | number;
  renderCard: (row: T, ctx: CardRenderContext) => ReactNode;
  bulkSelect: boolean;
  isSelected: (row: T) => boolean;
  toggleSelected: (row: T) => void;
}

const COLS = { base: 1, xs: 2, md: 3, lg: 4, xl: 5 };

export function CardGrid<T>({
  rows,
  loading,
  rowKey,
  renderCard,
  bulkSelect,
  isSelected,
  toggleSelected,
}: Props<T>) {
  if (loading) {
    return (
      <SimpleGrid cols={COLS} spacing="md" data-test="card-grid-loading" aria-busy="true">
        {PLACEHOLDER_KEYS.map((key) => (
          <Card key={key} withBorder padding="md" data-test="skeleton-card">
            <Skeleton height={90} mb="sm" />
            <Skeleton height={12} width="70%" mb={6} />
            <Skeleton height={10} width="40%" />
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={COLS} spacing="md" data-test="card-grid">
      {rows.map((row) => (
        <div key={rowKey(row)} data-test="styled-card">
          {renderCard(row, {
            selected: isSelected(row),
            bulkSelect,
            toggleSelected: () => toggleSelected(row),
          })}
        </div>
      ))}
    </SimpleGrid>
  );
}
