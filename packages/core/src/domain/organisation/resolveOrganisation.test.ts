import { describe, expect, it } from 'vitest';
import type { CurrentUser, OrganizationRef } from '../contract';
import {
  createOrganisationResolver,
  type OrganisationStore,
  resolveOrganisation,
  type StoredOrganisation,
} from './resolveOrganisation';

type UserOrgs = Pick<CurrentUser, 'organizations' | 'organization_id' | 'organization_name'>;

const user = (overrides: Partial<UserOrgs> = {}): UserOrgs => ({
  organizations: [
    { id: 7, name: 'Acme', role: 'owner' },
    { id: 9, name: 'Beta', role: 'owner' },
  ],
  organization_id: null,
  organization_name: null,
  ...overrides,
});

const nothingStored: StoredOrganisation = { id: null, name: null };

class FakeOrganisationStore implements OrganisationStore {
  stored: StoredOrganisation;
  readonly writes: OrganizationRef[] = [];

  constructor(stored: StoredOrganisation = nothingStored) {
    this.stored = stored;
  }

  read(): StoredOrganisation {
    return this.stored;
  }

  write(organisation: OrganizationRef): void {
    this.writes.push(organisation);
    this.stored = { id: String(organisation.id), name: organisation.name };
  }

  clear(): void {
    this.stored = nothingStored;
  }
}

describe('resolveOrganisation', () => {
  it('should use the stored id and name first', () => {
    expect(resolveOrganisation({ id: '9', name: 'Beta' }, user())).toEqual({
      organisation: { id: 9, name: 'Beta' },
      fromStore: true,
    });
  });

  it('should use the stored organisation when the user is not known', () => {
    expect(resolveOrganisation({ id: '9', name: 'Beta' }, null)).toEqual({
      organisation: { id: 9, name: 'Beta' },
      fromStore: true,
    });
  });

  it('should use the stored organisation when the user has no list of organisations', () => {
    const result = resolveOrganisation(
      { id: '3', name: 'Gamma' },
      user({ organizations: [], organization_id: 4, organization_name: 'Delta' }),
    );
    expect(result).toEqual({ organisation: { id: 3, name: 'Gamma' }, fromStore: true });
  });

  it('should drop a stored organisation once the user is known to belong to none', () => {
    const result = resolveOrganisation(
      { id: '3', name: 'Gamma' },
      user({ organizations: [], organization_id: null, organization_name: null }),
    );
    expect(result).toEqual({ organisation: null, fromStore: false });
  });

  it('should take the first of the user organisations when nothing is stored', () => {
    expect(resolveOrganisation(nothingStored, user())).toEqual({
      organisation: { id: 7, name: 'Acme' },
      fromStore: false,
    });
  });

  it('should fall back to organization_id and organization_name without a list', () => {
    const result = resolveOrganisation(
      nothingStored,
      user({ organizations: [], organization_id: 4, organization_name: 'Delta' }),
    );
    expect(result).toEqual({ organisation: { id: 4, name: 'Delta' }, fromStore: false });
  });

  it('should use an empty name when only organization_id is known', () => {
    const result = resolveOrganisation(nothingStored, user({ organizations: [], organization_id: 4 }));
    expect(result.organisation).toEqual({ id: 4, name: '' });
  });

  it('should prefer the list over the fallback fields', () => {
    const result = resolveOrganisation(
      nothingStored,
      user({ organization_id: 4, organization_name: 'Delta' }),
    );
    expect(result.organisation).toEqual({ id: 7, name: 'Acme' });
  });

  it.each([
    ['a non-numeric id', { id: 'abc', name: 'Beta' }],
    ['a partly numeric id', { id: '9abc', name: 'Beta' }],
    ['a negative id', { id: '-9', name: 'Beta' }],
    ['a zero id', { id: '0', name: 'Beta' }],
    ['a fractional id', { id: '9.5', name: 'Beta' }],
    ['an id beyond the safe integers', { id: '99999999999999999999', name: 'Beta' }],
    ['an id without a name', { id: '9', name: null }],
    ['an id with an empty name', { id: '9', name: '' }],
  ])('should ignore a stored organisation with %s', (_label, stored) => {
    expect(resolveOrganisation(stored, user())).toEqual({
      organisation: { id: 7, name: 'Acme' },
      fromStore: false,
    });
  });

  it('should not use a stored organisation the user no longer belongs to', () => {
    expect(resolveOrganisation({ id: '99', name: 'Gone' }, user())).toEqual({
      organisation: { id: 7, name: 'Acme' },
      fromStore: false,
    });
  });

  it('should resolve to null for a null user with nothing stored', () => {
    expect(resolveOrganisation(nothingStored, null)).toEqual({ organisation: null, fromStore: false });
  });

  it('should resolve to null for a user without any organisation', () => {
    expect(resolveOrganisation(nothingStored, user({ organizations: [] }))).toEqual({
      organisation: null,
      fromStore: false,
    });
  });
});

describe('createOrganisationResolver', () => {
  it('should store the organisation taken from the user', () => {
    const store = new FakeOrganisationStore();
    const resolve = createOrganisationResolver({ store });
    expect(resolve(user())).toEqual({ id: 7, name: 'Acme' });
    expect(store.writes).toEqual([{ id: 7, name: 'Acme' }]);
  });

  it('should store the fallback organisation with its id and name', () => {
    const store = new FakeOrganisationStore();
    createOrganisationResolver({ store })(
      user({ organizations: [], organization_id: 4, organization_name: 'Delta' }),
    );
    expect(store.writes).toEqual([{ id: 4, name: 'Delta' }]);
  });

  it('should not write back an organisation that came from the store', () => {
    const store = new FakeOrganisationStore({ id: '9', name: 'Beta' });
    expect(createOrganisationResolver({ store })(user())).toEqual({ id: 9, name: 'Beta' });
    expect(store.writes).toEqual([]);
  });

  it('should replace a stored organisation the user left', () => {
    const store = new FakeOrganisationStore({ id: '99', name: 'Gone' });
    createOrganisationResolver({ store })(user());
    expect(store.stored).toEqual({ id: '7', name: 'Acme' });
  });

  it('should forget the stored organisation once the user belongs to none', () => {
    const store = new FakeOrganisationStore({ id: '9', name: 'Beta' });
    expect(createOrganisationResolver({ store })(user({ organizations: [] }))).toBeNull();
    expect(store.stored).toEqual(nothingStored);
  });

  it('should write nothing when there is nothing to resolve', () => {
    const store = new FakeOrganisationStore();
    expect(createOrganisationResolver({ store })(null)).toBeNull();
    expect(store.writes).toEqual([]);
  });
});
