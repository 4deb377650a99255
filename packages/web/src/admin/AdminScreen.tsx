import type { AdminUser } from '@loop/core';
import { formatCount, formatDay } from '@loop/core/format';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { FormAlert } from '../forms/FormAlert';
import { Loading } from '../routing/Loading';
import { useIsAdmin } from '../session/useIsAdmin';
import { Page } from '../shell/Page';
import { Pager } from '../shell/Pager';
import { TableScroll } from '../shell/TableScroll';
import { ADMIN_PAGE_SIZE, useAdminOverview, useAdminUsers } from './useAdminData';

const SEARCH_DELAY_MS = 300;

const roles = (user: AdminUser): string =>
  [user.is_admin ? 'Beheerder' : null, user.can_manage_templates ? 'Sjabloonbeheerder' : null]
    .filter(Boolean)
    .join(', ') || 'Gebruiker';

const USER_COLUMNS = [
  'Naam',
  'E-mailadres',
  'Rol',
  'Geverifieerd',
  'Onboarding',
  'Organisaties',
  'Aangemaakt',
];

/** /admin ('Beheer'): platform totals and a paged, searchable table of users. */
export function AdminScreen() {
  // Template managers may open /admin too; the pages linked here are for admins only.
  const isAdmin = useIsAdmin();
  return (
    <Page title="Beheer" width="full">
      {isAdmin ? (
        <nav aria-label="Beheeronderdelen">
          <ul className="admin-links">
            <li>
              <Link href="/admin/billing">Abonnementen en betalingen</Link>
            </li>
            <li>
              <Link href="/admin/logs">Applicatie Logging</Link>
            </li>
          </ul>
        </nav>
      ) : null}
      <Overview />
      <Users />
    </Page>
  );
}

function Overview() {
  const overview = useAdminOverview();
  if (overview.error) return <FormAlert message={overview.error} />;
  if (!overview.value) return <Loading />;
  const totals = [
    ['Gebruikers', overview.value.users_total],
    ['Geverifieerd', overview.value.users_verified],
    ['Organisaties', overview.value.organizations_total],
    ['Actieve sessies', overview.value.sessions_active],
  ] as const;
  return (
    <section aria-labelledby="totals-heading">
      <h2 id="totals-heading" className="visually-hidden">
        Totalen
      </h2>
      <dl className="stats">
        {totals.map(([label, value]) => (
          <div key={label} className="stat">
            <dt>{label}</dt>
            <dd>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Users() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const users = useAdminUsers({ page, page_size: ADMIN_PAGE_SIZE, ...(q ? { q } : {}) });
  const result = users.value;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.page_size)) : 1;

  return (
    <section className="panel" aria-labelledby="users-heading">
      <h2 id="users-heading">Gebruikers</h2>
      <div className="field">
        <label htmlFor="user-search">Zoek op naam of e-mailadres</label>
        <input
          id="user-search"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <FormAlert message={users.error} />
      {result === null ? (
        users.error ? null : (
          <Loading />
        )
      ) : (
        <>
          <p role="status" className="result-count">
            {users.loading
              ? 'Bezig met laden...'
              : `${formatCount(result.total)} ${result.total === 1 ? 'gebruiker' : 'gebruikers'}`}
          </p>
          <TableScroll label="Tabel met gebruikers" columns={USER_COLUMNS}>
            {result.items.length === 0 ? (
              <tr>
                <td colSpan={USER_COLUMNS.length}>Geen gebruikers gevonden.</td>
              </tr>
            ) : (
              result.items.map((user) => (
                <tr key={user.id}>
                  <td>{user.name}</td>
                  <td>{user.email}</td>
                  <td>{roles(user)}</td>
                  <td>{user.email_verified ? 'Ja' : 'Nee'}</td>
                  <td>{user.onboarding_completed ? 'Afgerond' : 'Niet afgerond'}</td>
                  <td>{formatCount(user.organizations)}</td>
                  <td>{formatDay(user.created_at)}</td>
                </tr>
              ))
            )}
          </TableScroll>
          <Pager label="Paginering" page={page} pages={pages} busy={users.loading} onPage={setPage} />
        </>
      )}
    </section>
  );
}
