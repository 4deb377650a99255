import type { Page } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { invalidInput } from './apiError';
import { array, integer, object, type Schema, string } from './schema';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
const PAGE_MAX = 1_000_000;

export interface PagingQuery {
  readonly page?: string;
  readonly page_size?: string;
}

export interface Paging {
  readonly page: number;
  readonly pageSize: number;
}

/** The `page` and `page_size` query parameters of every paged list. */
export const pagingQueryProperties = {
  page: string({ pattern: '^[0-9]+$', description: 'Pagina, vanaf 1 (standaard 1).' }),
  page_size: string({
    pattern: '^[0-9]+$',
    description: `Rijen per pagina, 1 tot en met ${PAGE_SIZE_MAX} (standaard ${PAGE_SIZE_DEFAULT}).`,
  }),
} as const;

export const pagingQuerySchema = object<PagingQuery>(pagingQueryProperties, {
  optional: ['page', 'page_size'],
});

/** A page of `items` as the wire type Page<T>. */
export const pageSchema = <T>(items: Schema<T>, totalDescription: string): Schema<Page<T>> =>
  object<Page<T>>({
    items: array(items),
    total: integer({ description: totalDescription }),
    page: integer(),
    page_size: integer(),
  });

/** Query values arrive as text; a bad one is a 400 naming the parameter, never a silent default. */
export function parsePaging(query: PagingQuery): Paging {
  const errors: Record<string, string> = {};
  const whole = (raw: string | undefined, fallback: number, max: number, field: string, message: string) => {
    if (raw === undefined || raw === '') return fallback;
    const value = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= 1 && value <= max)) errors[field] = message;
    return value;
  };
  const page = whole(
    query.page,
    1,
    PAGE_MAX,
    'page',
    'De parameter "page" moet een geheel getal van 1 of meer zijn.',
  );
  const pageSize = whole(
    query.page_size,
    PAGE_SIZE_DEFAULT,
    PAGE_SIZE_MAX,
    'page_size',
    `De parameter "page_size" moet een geheel getal van 1 tot en met ${PAGE_SIZE_MAX} zijn.`,
  );
  if (Object.keys(errors).length > 0) throw invalidInput(errors as FieldErrors);
  return { page, pageSize };
}

/** The wire page for rows already fetched with `limit pageSize offset (page - 1) × pageSize`. */
export const toPage = <T>(items: readonly T[], total: number, paging: Paging): Page<T> => ({
  items,
  total,
  page: paging.page,
  page_size: paging.pageSize,
});

export const offsetOf = (paging: Paging): number => (paging.page - 1) * paging.pageSize;
