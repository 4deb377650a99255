import { STORAGE_KEYS } from '@loop/adapters';
import type { Invitation, Member, MemberRole } from '@loop/core';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./TeamScreen');
});

const member = (userId: number, name: string, role: MemberRole, isYou = false): Member => ({
  user_id: userId,
  name,
  email: `${name.toLowerCase()}@voorbeeld.nl`,
  role,
  joined_at: '2026-11-02T09:00:00Z',
  is_you: isYou,
});

function app(role: MemberRole, members: Member[], invitations: Invitation[] = []) {
  const pending = [...invitations];
  return createSignedInApp({
    role: role,
    path: '/organisatie',
    storage: { [STORAGE_KEYS.currentOrgId]: '7', [STORAGE_KEYS.currentOrgName]: 'Demo BV' },
    routes: {
      'GET /organization/members': () => json(200, members),
      'GET /organization/invitations': () => json(200, pending),
      'POST /organization/invitations': (request: SeenRequest) => {
        const body = request.body as { email: string; role: MemberRole };
        const created: Invitation = {
          id: 40 + pending.length,
          email: body.email,
          role: body.role,
          invited_by: 'Olga',
          created_at: '2026-11-24T09:00:00Z',
          expires_at: '2026-12-01T09:00:00Z',
          state: 'pending',
        };
        pending.unshift(created);
        return json(201, created);
      },
    },
  });
}

const TEAM = [
  member(1, 'Olga', 'owner', true),
  member(2, 'Bram', 'manager'),
  member(3, 'Lotte', 'member'),
  member(4, 'Lars', 'viewer'),
];

describe('TeamScreen', () => {
  it("should let an owner change others' roles, invite and see the invitation listed", async () => {
    const test = app('owner', TEAM);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelectorAll('tbody tr').length).toBe(4));
    const rows = [...container.querySelectorAll('tbody tr')];
    expect(rows[0]!.textContent).toContain('Olga (jij)');
    expect(rows[0]!.querySelector('select')).toBeNull();
    expect(rows[1]!.querySelector('select')?.value).toBe('manager');
    expect(button(rows[3]!, 'Verwijderen (Lars)')).not.toBeNull();
    expect(container.textContent).toContain('Er staan geen uitnodigingen open.');

    await type(container.querySelector('#invite-email'), 'nieuw@voorbeeld.nl');
    await click(button(container, 'Uitnodiging versturen'));
    await waitFor(() => expect(container.textContent).toContain('Openstaande uitnodigingen'));
    await waitFor(() => expect(container.textContent).toContain('nieuw@voorbeeld.nl'));
    const sent = test.api.seen.find((request) => request.method === 'POST');
    expect(sent?.body).toEqual({ email: 'nieuw@voorbeeld.nl', role: 'member' });
    expect(sent?.headers.get('X-Organization-Id')).toBe('7');
  });

  it('should show a viewer the team, explain why it cannot invite or manage, and never ask for invitations', async () => {
    const test = app(
      'viewer',
      TEAM.map((m) => ({ ...m, is_you: m.user_id === 4 })),
    );
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelectorAll('tbody tr').length).toBe(4));
    expect(container.querySelectorAll('tbody select')).toHaveLength(0);
    expect(container.querySelector('#invite-email')).toBeNull();
    expect(container.textContent).toContain("Alleen een eigenaar of beheerder kan collega's uitnodigen.");
    expect(container.textContent).toContain('Alleen een eigenaar kan rollen wijzigen en leden verwijderen.');
    expect(button(container, 'Organisatie verlaten')).not.toBeNull();
    await act(async () => {});
    expect(test.api.seen.some((request) => request.path === '/organization/invitations')).toBe(false);
  });
});
