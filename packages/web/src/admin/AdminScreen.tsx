import { type AdminUser, pageCount } from '@loop/core';
import { formatCount, formatDay } from '@loop/core/format';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { FormAlert } from '../forms/FormAlert';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { LoadFailed, Loading } from '../routing/Loading';
import { useIsAdmin } from '../session/useIsAdmin';
import { Page } from '../shell/Page';
import { Pager } from '../shell/Pager';
import { TableScroll } from '../shell/TableScroll';
import { useSurveyTemplates } from '../surveys/editor/useSurveyTemplates';
import { TemplateSection } from '../surveys/NewSurveyScreen';
import { ADMIN_PAGE_SIZE, useAdminOverview, useAdminUsers } from './useAdminData';

const SEARCH_DELAY_MS = 300;

const roles = (user: AdminUser): string =>
  [user.is_admin ? 'Platformbeheerder' : null, user.can_manage_templates ? 'Sjabloonbeheerder' : null]
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

/**
 * /admin ('Beheer'): for admins the platform totals and a paged, searchable table of users; for
 * template managers the templates they manage. Each sees only what the API gives them, so the page
 * asks for nothing it would be refused (docs/decisions/access.md, 'Template managers on the admin pages').
 */
export function AdminScreen() {
  const isAdmin = useIsAdmin();
  const templateManager = useCurrentUser().user?.can_manage_templates === true;
  return (
    <Page title="Beheer" width="full">
      {isAdmin ? null : (
        <p>
          Als sjabloonbeheerder beheer je hier de sjablonen van je organisatie. Gebruikers, abonnementen en de
          applicatielog zijn voor platformbeheerders.
        </p>
      )}
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
      {isAdmin ? <Overview /> : null}
      {isAdmin ? <Users /> : null}
      {templateManager ? <OwnTemplates /> : null}
    </Page>
  );
}

/** The organisation's own templates, to rename and delete; new surveys start from them on /new-survey. */
function OwnTemplates() {
  const { organisation } = useCurrentUser();
  const templates = useSurveyTemplates(organisation?.id ?? null);
  if (templates.list.value === null && templates.list.error)
    return <LoadFailed message={templates.list.error} onRetry={templates.list.reload} />;
  if (templates.list.value === null) return <Loading />;
  return (
    <>
      <TemplateSection
        title={`Sjablonen van ${organisation?.name ?? 'je organisatie'}`}
        items={templates.list.value.filter((template) => !template.built_in)}
        empty="Je organisatie heeft nog geen eigen sjablonen. Bewaar een survey als sjabloon met 'Opslaan als sjabloon' in de editor."
        manager
        templates={templates}
        creating={null}
      />
      <p>
        <Link href="/new-survey">Een nieuwe survey beginnen met een sjabloon</Link>
      </p>
    </>
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
  const pages = result ? pageCount(result.total, result.page_size) : 1;

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
