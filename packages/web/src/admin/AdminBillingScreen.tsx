import { type AdminSubscription, formFromApi, type Page as PageOf, type Plan, pageCount } from '@loop/core';
import {
  assignPlanErrors,
  assignPlanRequestOf,
  formatPlanPrice,
  paymentProviderLabel,
  planFormErrors,
  planInputOf,
  priceInputText,
  statusAsReceived,
} from '@loop/core/billing';
import { formatCents, formatDay } from '@loop/core/format';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { PlanBadge } from '../billing/PlanBadge';
import { Field } from '../forms/Field';
import { Form } from '../forms/Form';
import { FieldError, FormAlert } from '../forms/FormAlert';
import { useForm } from '../forms/useForm';
import { Loading } from '../routing/Loading';
import { useIsAdmin } from '../session/useIsAdmin';
import { type Remote, useInvalidate } from '../shared/useQuery';
import { Page } from '../shell/Page';
import { Pager } from '../shell/Pager';
import { TableScroll } from '../shell/TableScroll';
import {
  BILLING_PAGE_SIZE,
  useAdminFeatures,
  useAdminPayments,
  useAdminPlans,
  useAdminSubscriptions,
} from './useAdminBilling';

/**
 * /admin/billing: plans, subscriptions and payments of every organisation. A template manager may
 * open the page but its data is for admins alone: they get a line saying so, and no request
 * (docs/decisions/access.md, 'Template managers on the admin pages').
 */
export function AdminBillingScreen() {
  if (!useIsAdmin())
    return (
      <Page title="Abonnementen en betalingen" width="narrow">
        <p>Abonnementen en betalingen zijn alleen voor platformbeheerders.</p>
        <p>
          <Link href="/admin">Terug naar beheer</Link>
        </p>
      </Page>
    );
  return <AdminBilling />;
}

function AdminBilling() {
  const plans = useAdminPlans();
  const invalidate = useInvalidate();
  return (
    <Page title="Abonnementen en betalingen" width="full">
      <p>
        <Link href="/admin">Terug naar beheer</Link>
      </p>
      <Plans plans={plans} onSaved={() => invalidate('admin:plans')} />
      <AssignPlan plans={plans.value ?? []} onAssigned={() => invalidate('admin:subscriptions:')} />
      <Subscriptions />
      <Payments />
    </Page>
  );
}

function Plans({ plans, onSaved }: { plans: Remote<readonly Plan[]>; onSaved: () => void }) {
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const columns = ['Naam', 'Prijs', 'Functies', 'Acties'];
  return (
    <section className="panel" aria-labelledby="plans-heading">
      <h2 id="plans-heading">Plannen</h2>
      <FormAlert message={plans.error} />
      {plans.value === null ? (
        plans.error ? null : (
          <Loading />
        )
      ) : (
        <TableScroll label="Tabel met plannen" columns={columns} cards>
          {plans.value.map((plan) => (
            <tr key={plan.id}>
              <td>
                <PlanBadge name={plan.name} />
              </td>
              <td>{formatPlanPrice(plan.price_per_month)}</td>
              <td>{plan.features.map((feature) => feature.name).join(', ')}</td>
              <td>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setEditing(plan)}
                  aria-label={`${plan.name} bewerken`}
                >
                  Bewerken
                </button>
              </td>
            </tr>
          ))}
        </TableScroll>
      )}
      {editing === null ? (
        <p className="actions">
          <button type="button" className="button" onClick={() => setEditing('new')}>
            Nieuw plan
          </button>
        </p>
      ) : (
        <PlanForm
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) onSaved();
          }}
        />
      )}
    </section>
  );
}

function PlanForm({ plan, onDone }: { plan: Plan | null; onDone: (saved: boolean) => void }) {
  const billing = useAsyncInjection(TOKENS.AdminBillingGateway);
  const features = useAdminFeatures();
  const [name, setName] = useState(plan?.name ?? '');
  const [price, setPrice] = useState(plan ? priceInputText(plan.price_per_month) : '0,00');
  const [keys, setKeys] = useState<readonly string[]>(plan?.features.map((f) => f.key) ?? ['core']);
  const notices = useNotices();

  const form = useForm({
    validate: () => planFormErrors({ name, price, featureKeys: keys }),
    action: async () => {
      const input = planInputOf({ name, price, featureKeys: keys });
      return formFromApi(await (plan ? billing.updatePlan(plan.id, input) : billing.createPlan(input)));
    },
    onSuccess: (saved: Plan) => {
      notices.success(plan ? `Plan ${saved.name} is opgeslagen.` : `Plan ${saved.name} is aangemaakt.`);
      onDone(true);
    },
  });

  const toggle = (key: string, on: boolean) =>
    setKeys((current) => (on ? [...current, key] : current.filter((k) => k !== key)));

  return (
    <div className="subpanel">
      <h3>{plan ? `Plan ${plan.name} bewerken` : 'Nieuw plan'}</h3>
      <Form form={form} submit="Plan opslaan" busyLabel="Bezig met opslaan...">
        <Field
          id="name"
          label="Naam"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={form.fields.name}
          autoComplete="off"
          required
        />
        <Field
          id="price_per_month"
          label="Prijs per maand (euro)"
          hint="0 is gratis."
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={form.fields.price_per_month}
          autoComplete="off"
          required
        />
        <fieldset
          className="field"
          aria-describedby={form.fields.feature_keys ? 'feature_keys-error' : undefined}
        >
          <legend>Functies</legend>
          {features.value === null ? (
            features.error ? (
              <FormAlert message={features.error} />
            ) : (
              <Loading />
            )
          ) : (
            features.value.map((feature) => (
              <label key={feature.key} className="checkbox">
                <input
                  type="checkbox"
                  name="feature_keys"
                  value={feature.key}
                  checked={keys.includes(feature.key)}
                  onChange={(e) => toggle(feature.key, e.target.checked)}
                />{' '}
                {feature.name} ({feature.key})
              </label>
            ))
          )}
          <FieldError id="feature_keys-error" error={form.fields.feature_keys} />
        </fieldset>
      </Form>
      <p className="actions">
        <button type="button" className="button button-secondary" onClick={() => onDone(false)}>
          Annuleren
        </button>
      </p>
    </div>
  );
}

function AssignPlan({ plans, onAssigned }: { plans: readonly Plan[]; onAssigned: () => void }) {
  const billing = useAsyncInjection(TOKENS.AdminBillingGateway);
  const [organisationId, setOrganisationId] = useState('');
  const [planId, setPlanId] = useState('');
  const notices = useNotices();

  const form = useForm({
    validate: () => assignPlanErrors({ organisationId, planId }),
    action: async () =>
      formFromApi(await billing.assignPlan(assignPlanRequestOf({ organisationId, planId }))),
    onSuccess: (assigned: AdminSubscription) => {
      notices.success(`${assigned.organization_name} staat nu op ${assigned.plan_name}.`);
      setOrganisationId('');
      setPlanId('');
      onAssigned();
    },
  });

  return (
    <section className="panel" aria-labelledby="assign-heading">
      <h2 id="assign-heading">Plan toewijzen</h2>
      <Form form={form} submit="Plan toewijzen" busyLabel="Bezig met toewijzen...">
        <Field
          id="organization_id"
          label="Organisatie-ID"
          inputMode="numeric"
          value={organisationId}
          onChange={(e) => setOrganisationId(e.target.value)}
          error={form.fields.organization_id}
          autoComplete="off"
          required
        />
        <div className="field">
          <label htmlFor="plan_id">Plan</label>
          <select
            id="plan_id"
            value={planId}
            onChange={(e) => setPlanId(e.target.value)}
            aria-invalid={form.fields.plan_id ? true : undefined}
            aria-describedby={form.fields.plan_id ? 'plan_id-error' : undefined}
          >
            <option value="">Kies een plan</option>
            {plans.map((plan) => (
              <option key={plan.id} value={String(plan.id)}>
                {plan.name} ({formatPlanPrice(plan.price_per_month)})
              </option>
            ))}
          </select>
          <FieldError id="plan_id-error" error={form.fields.plan_id} />
        </div>
      </Form>
    </section>
  );
}

function Subscriptions() {
  const [page, setPage] = useState(1);
  const subscriptions = useAdminSubscriptions({ page, page_size: BILLING_PAGE_SIZE });
  return (
    <PagedTable
      id="subscriptions"
      title="Abonnementen"
      columns={['ID', 'Organisatie', 'Plan', 'Status', 'Startdatum', 'Einddatum']}
      remote={subscriptions}
      page={page}
      setPage={setPage}
      empty="Geen abonnementen gevonden."
      row={(item) => (
        <tr key={item.id}>
          <td>{item.id}</td>
          <td>
            {item.organization_name} ({item.organization_id})
          </td>
          <td>
            <PlanBadge name={item.plan_name} />
          </td>
          <td>{statusAsReceived(item.status)}</td>
          <td>{formatDay(item.start_date)}</td>
          <td>{formatDay(item.end_date)}</td>
        </tr>
      )}
    />
  );
}

function Payments() {
  const [page, setPage] = useState(1);
  const payments = useAdminPayments({ page, page_size: BILLING_PAGE_SIZE });
  return (
    <PagedTable
      id="payments"
      title="Betalingen"
      columns={['ID', 'Organisatie', 'Betaalprovider', 'Status', 'Bedrag', 'Plan-ID', 'Datum']}
      remote={payments}
      page={page}
      setPage={setPage}
      empty="Geen betalingen gevonden."
      row={(item) => (
        <tr key={item.id}>
          <td>{item.id}</td>
          <td>
            {item.organization_name} ({item.organization_id})
          </td>
          <td>{paymentProviderLabel(item.provider)}</td>
          <td>{statusAsReceived(item.status)}</td>
          <td>{formatCents(item.amount_cents)}</td>
          <td>{item.plan_id}</td>
          <td>{formatDay(item.created_at)}</td>
        </tr>
      )}
    />
  );
}

function PagedTable<T>({
  id,
  title,
  columns,
  remote,
  page,
  setPage,
  empty,
  row,
}: {
  id: string;
  title: string;
  columns: readonly string[];
  remote: Remote<PageOf<T>>;
  page: number;
  setPage: (page: number) => void;
  empty: string;
  row: (item: T) => ReactNode;
}) {
  const result = remote.value;
  const pages = result ? pageCount(result.total, result.page_size) : 1;
  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <FormAlert message={remote.error} />
      {result === null ? (
        remote.error ? null : (
          <Loading />
        )
      ) : (
        <>
          <TableScroll label={`Tabel met ${title.toLowerCase()}`} columns={columns}>
            {result.items.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{empty}</td>
              </tr>
            ) : (
              result.items.map(row)
            )}
          </TableScroll>
          <Pager
            label={`Paginering ${title.toLowerCase()}`}
            page={page}
            pages={pages}
            busy={remote.loading}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
