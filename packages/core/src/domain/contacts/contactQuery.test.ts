import { describe, expect, it } from 'vitest';
import {
  CONTACT_QUERY_MESSAGES,
  checkContactFilter,
  combineFilters,
  parseContactListQuery,
} from './contactQuery';

describe('parseContactListQuery', () => {
  it('should read repeated tags and attributes and apply the defaults', () => {
    expect(
      parseContactListQuery({ q: ' jan ', tag: ['VIP', 'klant'], attr: ['Afdeling:Inkoop', 'regio: Noord'] }),
    ).toEqual({
      ok: true,
      value: {
        q: 'jan',
        tags: ['klant', 'vip'],
        attributes: { afdeling: 'Inkoop', regio: 'Noord' },
        sort: 'name',
        order: 'asc',
        page: 1,
        page_size: 50,
      },
    });
    expect(
      parseContactListQuery({
        tag: 'vip',
        subscribed: 'false',
        placed: 'true',
        segment_id: '7',
        sort: 'city',
        order: 'desc',
        page: '3',
        page_size: '200',
      }),
    ).toEqual({
      ok: true,
      value: {
        tags: ['vip'],
        subscribed: false,
        placed: true,
        segment_id: 7,
        sort: 'city',
        order: 'desc',
        page: 3,
        page_size: 200,
      },
    });
  });

  it('should name each wrong parameter in Dutch', () => {
    expect(
      parseContactListQuery({
        attr: 'afdeling',
        subscribed: 'ja',
        sort: 'phone',
        order: 'up',
        page: '0',
        page_size: '201',
        segment_id: 'x',
      }),
    ).toEqual({
      ok: false,
      fields: {
        attr: CONTACT_QUERY_MESSAGES.attr,
        subscribed: CONTACT_QUERY_MESSAGES.flag('subscribed'),
        sort: CONTACT_QUERY_MESSAGES.sort,
        order: CONTACT_QUERY_MESSAGES.order,
        page: CONTACT_QUERY_MESSAGES.page,
        page_size: CONTACT_QUERY_MESSAGES.pageSize,
        segment_id: CONTACT_QUERY_MESSAGES.segment,
      },
    });
  });
});

describe('checkContactFilter', () => {
  it('should normalise a JSON filter and drop empty parts', () => {
    expect(
      checkContactFilter({ q: ' ', tags: ['VIP'], attributes: { Regio: 'Noord' }, subscribed: true }),
    ).toEqual({
      ok: true,
      value: { tags: ['vip'], attributes: { regio: 'Noord' }, subscribed: true },
    });
  });

  it('should refuse wrong parts under the prefix', () => {
    expect(checkContactFilter({ tags: 'vip', placed: 'ja' }, 'selection.filter')).toEqual({
      ok: false,
      fields: {
        'selection.filter.tags': CONTACT_QUERY_MESSAGES.tag,
        'selection.filter.placed': CONTACT_QUERY_MESSAGES.boolean,
      },
    });
    expect(checkContactFilter([]).ok).toBe(false);
  });
});

describe('combineFilters', () => {
  it('should require both filters, and see when they contradict each other', () => {
    expect(
      combineFilters({ q: 'jan', tags: ['a'] }, { q: 'utrecht', tags: ['b'], subscribed: true }),
    ).toEqual({
      filter: { q: 'jan utrecht', tags: ['a', 'b'], subscribed: true },
      impossible: false,
    });
    expect(combineFilters({ subscribed: true }, { subscribed: false }).impossible).toBe(true);
    expect(combineFilters({ attributes: { a: 'x' } }, { attributes: { a: 'y' } }).impossible).toBe(true);
  });
});
