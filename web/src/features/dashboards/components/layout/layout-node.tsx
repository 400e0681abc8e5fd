import { Divider } from "@mantine/core";
import { t } from "../../../../lib/i18n";
import { useDashboard } from "../../state/dashboard-context";
import { ChartBlock } from "./chart-block";
import { ColumnBlock, RowBlock } from "./container-blocks";
import { EditChrome } from "./edit-chrome";
import { HeaderBlock } from "./header-block";
import { MarkdownBlock } from "./markdown-block";
import type { NodeProps } from "./node-renderer";
import { TabsBlock } from "./tabs-block";

/**
 * Renders one layout component by type (001 §3 layout components). The dashboard grid provides it
 * as the node renderer, through which containers draw their children.
 */
export function LayoutNode(props: NodeProps) {
  const { state } = useDashboard();
  const item = state.layout.present[props.id];
  if (!item) return null;
  switch (item.type) {
    case "ROW":
      return <RowBlock item={item} {...props} />;
    case "COLUMN":
      return <ColumnBlock item={item} {...props} />;
    case "CHART":
      return <ChartBlock item={item} {...props} />;
    case "MARKDOWN":
      return <MarkdownBlock item={item} {...props} />;
    case "HEADER":
      return <HeaderBlock item={item} {...props} />;
    case "TABS":
      return <TabsBlock item={item} {...props} />;
    case "DIVIDER":
      return (
        <EditChrome
          component={item}
          parentId={props.parentId}
          index={props.index}
          label={t("Divider")}
          style={{ padding: "8px 0" }}
        >
          <Divider />
        </EditChrome>
      );
    default:
      return null;
  }
}
