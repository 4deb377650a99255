import { PERMISSION_DENIED } from '@loop/core/organisation';
import { Link, useLocation } from 'wouter';
import { useCan } from '../organisation/useCan';
import { Page } from '../shell/Page';
import { ApiKeysSection } from './ApiKeysSection';

/** The sections of /koppelingen, each its own address and route. */
export const INTEGRATION_SECTIONS: ReadonlyArray<{ readonly href: string; readonly label: string }> = [
  { href: '/koppelingen', label: 'API-sleutels' },
  { href: '/koppelingen/webhooks', label: 'Webhooks' },
];

const LEAD = 'Verbind Loop met andere software: scripts, BI-tools en de Loop-CLI.';

/** The links between the sections, shown once there are two or more. */
export function IntegrationsNav() {
  const [location] = useLocation();
  if (INTEGRATION_SECTIONS.length < 2) return null;
  return (
    <nav aria-label="Koppelingen" className="subnav">
      {INTEGRATION_SECTIONS.map((section) => (
        <Link
          key={section.href}
          href={section.href}
          aria-current={location === section.href ? 'page' : undefined}
        >
          {section.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * /koppelingen: the organisation's integrations, for owners and managers (R-KEY-4). Others are told
 * why, as the server would.
 */
export function IntegrationsScreen() {
  const can = useCan();
  if (!can('apiKeys.manage'))
    return (
      <Page title="Koppelingen">
        <p className="alert alert-info" role="status">
          {PERMISSION_DENIED['apiKeys.manage']}
        </p>
        <Link href="/dashboard">Naar het dashboard</Link>
      </Page>
    );
  return (
    <Page title="Koppelingen" lead={LEAD}>
      <IntegrationsNav />
      <ApiKeysSection />
    </Page>
  );
}
