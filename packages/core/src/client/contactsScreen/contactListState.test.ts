import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  bulkSelectionOf,
  changeContactFilter,
  chooseSegment,
  contactCount,
  contactExportQuery,
  contactFilterKey,
  contactListQuery,
  contactListSearch,
  DEFAULT_CONTACT_LIST,
  isContactListFiltered,
  isPageSelected,
  isRowSelected,
  NO_SELECTION,
  readContactListAddress,
  selectedCount,
  sortContactsBy,
  tagsOfText,
  togglePage,
  toggleRow,
} from './contactListState';

describe('readContactListAddress', () => {
  it('should read the filter, order and page back from the address it wrote', () => {
    const address = {
      ...DEFAULT_CONTACT_LIST,
      q: 'jan de',
      tags: ['klant', 'vip'],
      attributes: { afdeling: 'Inkoop & Verkoop' },
      subscribed: false,
      placed: false,
      sort: 'city' as const,
      order: 'desc' as const,
      page: 3,
    };
    const search = contactListSearch(address);
    expect(search).toBe(
      '?q=jan%20de&tag=klant&tag=vip&attr=afdeling%3AInkoop%20%26%20Verkoop&subscribed=false&placed=false&sort=city&order=desc&page=3',
    );
    expect(readContactListAddress(search)).toEqual(address);
  });

  it('should write nothing for the default list and read an empty address as the default', () => {
    expect(contactListSearch(DEFAULT_CONTACT_LIST)).toBe('');
    expect(readContactListAddress('')).toEqual(DEFAULT_CONTACT_LIST);
  });

  it('should fall back to the default for unknown or malformed parts of a hand-edited address', () => {
    expect(
      readContactListAddress(
        '?sort=password&order=up&page=-2&subscribed=maybe&attr=nocolon&q=%zz&tag=%20KLANT%20',
      ),
    ).toEqual({ ...DEFAULT_CONTACT_LIST, tags: ['klant'] });
  });

  it('should keep a segment without a filter of its own', () => {
    const address = readContactListAddress('?segment=4&q=jan&tag=klant&sort=email');
    expect(address).toEqual({ ...DEFAULT_CONTACT_LIST, segment: 4, sort: 'email' });
    expect(contactListSearch(address)).toBe('?segment=4&sort=email');
  });
});

describe('contactListQuery', () => {
  it('should send the trimmed filter with order and page, leaving out parts not set', () => {
    const address = { ...DEFAULT_CONTACT_LIST, q: '  jan ', tags: ['klant'], page: 2 };
    expect(contactListQuery(address, 25)).toEqual({
      q: 'jan',
      tags: ['klant'],
      sort: 'name',
      order: 'asc',
      page: 2,
      page_size: 25,
    });
  });

  it('should send a segment by id, and export without paging', () => {
    const address = { ...DEFAULT_CONTACT_LIST, segment: 9, sort: 'city' as const, page: 4 };
    expect(contactListQuery(address)).toEqual({
      segment_id: 9,
      sort: 'city',
      order: 'asc',
      page: 4,
      page_size: 50,
    });
    expect(contactExportQuery(address)).toEqual({ segment_id: 9, sort: 'city', order: 'asc' });
  });
});

describe('changeContactFilter', () => {
  it('should start again at page 1 with the change', () => {
    const next = changeContactFilter({ ...DEFAULT_CONTACT_LIST, page: 5 }, { q: 'piet' }, null);
    expect(next).toEqual({ ...DEFAULT_CONTACT_LIST, q: 'piet' });
    expect(isContactListFiltered(next)).toBe(true);
    expect(isContactListFiltered(DEFAULT_CONTACT_LIST)).toBe(false);
  });

  it("should make a segment's filter the address's own with the change on top", () => {
    const inSegment = chooseSegment({ ...DEFAULT_CONTACT_LIST, sort: 'city' }, 3);
    expect(inSegment).toEqual({ ...DEFAULT_CONTACT_LIST, sort: 'city', segment: 3 });
    const next = changeContactFilter(inSegment, { tags: ['VIP', 'klant'] }, { q: 'de', tags: ['klant'] });
    expect(next).toEqual({ ...DEFAULT_CONTACT_LIST, sort: 'city', q: 'de', tags: ['klant', 'vip'] });
  });
});

describe('sortContactsBy', () => {
  it('should sort a new column ascending and turn the sorted one round', () => {
    const byCity = sortContactsBy({ ...DEFAULT_CONTACT_LIST, page: 3 }, 'city');
    expect(byCity).toMatchObject({ sort: 'city', order: 'asc', page: 1 });
    expect(sortContactsBy(byCity, 'city')).toMatchObject({ sort: 'city', order: 'desc' });
    expect(ariaSortOf(byCity, 'city')).toBe('ascending');
    expect(ariaSortOf(byCity, 'name')).toBe('none');
  });
});

describe('the selection', () => {
  const page = [1, 2, 3];

  it('should tick rows one by one and send their ids', () => {
    const selection = toggleRow(toggleRow(NO_SELECTION, 2, page), 3, page);
    expect(isRowSelected(selection, 2)).toBe(true);
    expect(isRowSelected(selection, 1)).toBe(false);
    expect(selectedCount(selection, 200)).toBe(2);
    expect(bulkSelectionOf(toggleRow(selection, 2, page), DEFAULT_CONTACT_LIST)).toEqual({ ids: [3] });
  });

  it('should tick and untick a whole page with the header checkbox', () => {
    const all = togglePage(toggleRow(NO_SELECTION, 2, page), page);
    expect(isPageSelected(all, page)).toBe(true);
    expect(togglePage(all, page)).toEqual(NO_SELECTION);
    expect(isPageSelected(NO_SELECTION, [])).toBe(false);
  });

  it("should send 'all N' as the list's filter or segment, and untick one row back to the page's rows", () => {
    const filtered = { ...DEFAULT_CONTACT_LIST, tags: ['klant'], page: 2 };
    expect(bulkSelectionOf({ kind: 'all' }, filtered)).toEqual({ filter: { tags: ['klant'] } });
    expect(bulkSelectionOf({ kind: 'all' }, { ...DEFAULT_CONTACT_LIST, segment: 5 })).toEqual({
      segment_id: 5,
    });
    expect(selectedCount({ kind: 'all' }, 200)).toBe(200);
    expect(toggleRow({ kind: 'all' }, 2, page)).toEqual({ kind: 'rows', ids: [1, 3] });
  });

  it('should name the filter without order and page', () => {
    const address = { ...DEFAULT_CONTACT_LIST, q: 'jan' };
    expect(contactFilterKey({ ...address, page: 4, sort: 'city' })).toBe(contactFilterKey(address));
    expect(contactFilterKey({ ...address, q: 'piet' })).not.toBe(contactFilterKey(address));
  });
});

describe('texts', () => {
  it('should count contacts in Dutch and read typed tags', () => {
    expect(contactCount(1)).toBe('1 contact');
    expect(contactCount(1250)).toBe('1.250 contacten');
    expect(tagsOfText(' Klant; vip ,, klant')).toEqual(['klant', 'vip']);
  });
});
