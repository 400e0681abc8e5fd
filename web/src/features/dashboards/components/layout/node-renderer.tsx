import { type ComponentType, createContext, useContext } from "react";

export interface NodeProps {
  id: string;
  parentId: string;
  index: number;
}

/**
 * The component that renders a layout node by id. Rows, columns and tabs draw their children
 * through it instead of importing the node renderer, which imports every block: the recursion
 * goes through React rather than through a module cycle.
 */
export const NodeRendererContext = createContext<ComponentType<NodeProps> | null>(null);

/** One child of a container, drawn by the renderer the dashboard grid provides. */
export function ChildNode(props: NodeProps) {
  const Node = useContext(NodeRendererContext);
  if (!Node) throw new Error("ChildNode needs a NodeRendererContext provider");
  return <Node {...props} />;
}
