// Where a category sits in a tree (GET /api/focus/common): the chain from level 1 down to it, for
// the breadcrumb and the three rows of category chips.
import type { CategoryNode } from '../../domain/contracts';

/** Nodes from the root level down to `id`; [] when the id is absent (hidden, other zone, loading). */
export function categoryPath(tree: readonly CategoryNode[], id: number | undefined): CategoryNode[] {
  if (id === undefined) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

export interface CategoryRow {
  /** 0-based level. */
  level: number;
  /** The category whose children this row lists (undefined for the top level). */
  parent?: CategoryNode;
  options: CategoryNode[];
  selected?: number;
}

/** Level 1, then the children of each selected level (SPEC: 3 levels), empty rows left out. */
export function categoryRows(tree: readonly CategoryNode[], path: readonly CategoryNode[]): CategoryRow[] {
  const rows: CategoryRow[] = [{ level: 0, options: [...tree], selected: path[0]?.id }];
  for (let level = 1; level < 3; level++) {
    const parent = path[level - 1];
    if (!parent || parent.children.length === 0) break;
    rows.push({ level, parent, options: parent.children, selected: path[level]?.id });
  }
  return rows.filter((r) => r.options.length > 0);
}
