/**
 * How many pages a paged list of `total` items has at `size` items a page: at least one, so an
 * empty list still shows page 1 of 1.
 */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));
