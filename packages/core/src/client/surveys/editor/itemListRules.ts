/**
 * The order rules of an editable list of options or statements once a survey has answers: items
 * with answers are locked in place (answers refer to them by position in exports and charts), so
 * nothing moves past them and new items go below the last locked one.
 */
export interface ListItem {
  readonly id: string;
}

const lastLockedIndex = (items: readonly ListItem[], lockedIds: ReadonlySet<string>): number => {
  let last = -1;
  items.forEach((item, index) => {
    if (lockedIds.has(item.id)) last = index;
  });
  return last;
};

/** Whether the item at `from` may move to `to`: inside the list, and neither place is locked. */
export function canMoveItem(
  items: readonly ListItem[],
  lockedIds: ReadonlySet<string>,
  orderLocked: boolean,
  from: number,
  to: number,
): boolean {
  const frozen = (index: number) => orderLocked && lockedIds.has(items[index]?.id ?? '');
  return to >= 0 && to < items.length && from >= 0 && from < items.length && !frozen(from) && !frozen(to);
}

/** Where a new item asked for after `index` goes: right after it, but never above a locked item. */
export function insertionIndex(
  items: readonly ListItem[],
  lockedIds: ReadonlySet<string>,
  orderLocked: boolean,
  index: number,
): number {
  return orderLocked ? Math.max(index + 1, lastLockedIndex(items, lockedIds) + 1) : index + 1;
}
