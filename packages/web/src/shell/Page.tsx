import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

/** A screen's panel: its title as the page's one h1 (and the tab title), an optional lead, the body. */
export function Page({
  title,
  lead,
  width = 'wide',
  children,
}: {
  title: string;
  lead?: ReactNode;
  width?: 'narrow' | 'wide' | 'full';
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className={`page page-${width}`}>
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </div>
  );
}
