/**
 * Node layouts for the tree and graph charts, computed here so Plotly draws them as plain
 * scatter traces (no layout library: small, deterministic, testable).
 */

export interface TreeNode {
  id: string;
  children: TreeNode[];
}

export interface Point {
  x: number;
  y: number;
}

/**
 * A layered tree layout: leaves take consecutive slots, a parent sits midway over its first
 * and last child, depth is the other coordinate. `radial` wraps the slots around a circle.
 */
export function treeLayout(root: TreeNode, radial: boolean): Map<string, Point & { depth: number }> {
  const out = new Map<string, Point & { depth: number }>();
  let slot = 0;
  let maxDepth = 0;
  const place = (node: TreeNode, depth: number): number => {
    maxDepth = Math.max(maxDepth, depth);
    let at: number;
    if (node.children.length === 0) at = slot++;
    else {
      const spots = node.children.map((c) => place(c, depth + 1));
      at = (spots[0] + spots[spots.length - 1]) / 2;
    }
    out.set(node.id, { x: depth, y: at, depth });
    return at;
  };
  place(root, 0);
  if (!radial) return out;
  const slots = Math.max(slot, 1);
  for (const [id, p] of out) {
    const angle = (2 * Math.PI * p.y) / slots;
    const radius = p.depth / Math.max(maxDepth, 1);
    out.set(id, { x: radius * Math.cos(angle), y: radius * Math.sin(angle), depth: p.depth });
  }
  return out;
}

/** Nodes on a circle, in order. */
export function circularLayout(count: number): Point[] {
  return Array.from({ length: count }, (_, i) => {
    const angle = (2 * Math.PI * i) / Math.max(count, 1);
    return { x: Math.cos(angle), y: Math.sin(angle) };
  });
}

/**
 * A force-directed layout (Fruchterman–Reingold): linked nodes pull together, all nodes push
 * apart, the step cools down each round. Starts from the circle, so the same data always gives
 * the same picture.
 */
export function forceLayout(count: number, edges: [number, number][], rounds = 200): Point[] {
  const points = circularLayout(count);
  if (count < 2) return points;
  const k = Math.sqrt(4 / count);
  let temperature = 0.1;
  for (let round = 0; round < rounds; round++) {
    const shift = points.map(() => ({ x: 0, y: 0 }));
    for (let i = 0; i < count; i++) {
      for (let j = i + 1; j < count; j++) {
        const dx = points[i].x - points[j].x;
        const dy = points[i].y - points[j].y;
        const distance = Math.max(Math.hypot(dx, dy), 1e-3);
        const push = (k * k) / distance;
        shift[i].x += (dx / distance) * push;
        shift[i].y += (dy / distance) * push;
        shift[j].x -= (dx / distance) * push;
        shift[j].y -= (dy / distance) * push;
      }
    }
    for (const [a, b] of edges) {
      if (a === b) continue;
      const dx = points[a].x - points[b].x;
      const dy = points[a].y - points[b].y;
      const distance = Math.max(Math.hypot(dx, dy), 1e-3);
      const pull = (distance * distance) / k;
      shift[a].x -= (dx / distance) * pull;
      shift[a].y -= (dy / distance) * pull;
      shift[b].x += (dx / distance) * pull;
      shift[b].y += (dy / distance) * pull;
    }
    for (let i = 0; i < count; i++) {
      const length = Math.max(Math.hypot(shift[i].x, shift[i].y), 1e-9);
      const step = Math.min(length, temperature);
      points[i] = {
        x: points[i].x + (shift[i].x / length) * step,
        y: points[i].y + (shift[i].y / length) * step,
      };
    }
    temperature *= 0.98;
  }
  return points;
}
