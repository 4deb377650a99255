import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../domain/api';
import type { Organization } from '../../domain/contract';
import {
  organisationStore,
  organisations,
  resetUserFakes,
  store,
  USER,
  users,
} from './CurrentUserStore.fixtures';

beforeEach(resetUserFakes);

describe('CurrentUserStore', () => {
  describe('createOrganisation', () => {
    it('should refuse an empty name without a call', async () => {
      const result = await store().createOrganisation('   ');
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: { name: 'Vul de naam van je organisatie in.' },
      });
      expect(organisations.createCall.calls).toEqual([]);
    });

    it('should refuse a name over 120 characters without a call', async () => {
      const result = await store().createOrganisation('a'.repeat(121));
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: { name: 'De naam mag hoogstens 120 tekens lang zijn.' },
      });
      expect(organisations.createCall.calls).toEqual([]);
    });

    it('should create with the trimmed name, store it and reload the user', async () => {
      const created: Organization = { id: 12, name: 'Nieuw BV', role: 'owner' };
      organisations.createCall.reply = apiOk(created);
      users.meCall.reply = apiOk({
        ...USER,
        organizations: [...USER.organizations, { id: 12, name: 'Nieuw BV', role: 'owner' }],
      });
      const current = store();
      const result = await current.createOrganisation('  Nieuw BV  ');
      expect(organisations.createCall.calls).toEqual([{ name: 'Nieuw BV' }]);
      expect(result).toEqual({ ok: true, value: created });
      expect(organisationStore.writes[0]).toEqual({ id: 12, name: 'Nieuw BV' });
      expect(users.meCall.calls).toHaveLength(1);
      expect(current.getSnapshot().organisation).toEqual({ id: 12, name: 'Nieuw BV' });
    });

    it('should pass the server detail and field errors through, without storing or reloading', async () => {
      organisations.createCall.reply = apiFailure(409, 'Deze naam is al in gebruik.', {
        name: 'Kies een andere naam.',
      });
      const result = await store().createOrganisation('Acme');
      expect(result).toEqual({
        ok: false,
        message: 'Deze naam is al in gebruik.',
        fields: { name: 'Kies een andere naam.' },
        status: 409,
      });
      expect(organisationStore.writes).toEqual([]);
      expect(users.meCall.calls).toEqual([]);
    });
  });

  describe('updateProfile', () => {
    it('should refuse an empty name without a call', async () => {
      const result = await store().updateProfile({ name: ' ' });
      expect(result).toEqual({ ok: false, message: null, fields: { name: 'Vul je naam in.' } });
      expect(users.profileCall.calls).toEqual([]);
    });

    it('should send a trimmed name and show the updated user', async () => {
      const updated = { ...USER, name: 'Anna' };
      users.profileCall.reply = apiOk(updated);
      const current = store();
      const result = await current.updateProfile({ name: '  Anna ' });
      expect(users.profileCall.calls).toEqual([{ name: 'Anna' }]);
      expect(result).toEqual({ ok: true, value: updated });
      expect(current.getSnapshot().user).toBe(updated);
    });
  });

  describe('changeEmail', () => {
    it('should refuse a bad address or a missing password without a call', async () => {
      const result = await store().changeEmail({ new_email: 'geen-adres', current_password: '' });
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: {
          new_email: 'Vul een geldig e-mailadres in.',
          current_password: 'Vul je huidige wachtwoord in.',
        },
      });
      expect(users.emailCall.calls).toEqual([]);
    });

    it("should send the normalised address, answer the server's message and reload the user", async () => {
      users.emailCall.reply = apiOk({ detail: 'Als dit adres nog niet in gebruik is...' });
      users.meCall.reply = apiOk({ ...USER, pending_email: 'nieuw@voorbeeld.nl' });
      const current = store();
      const result = await current.changeEmail({
        new_email: ' Nieuw@Voorbeeld.NL ',
        current_password: 'geheim',
      });
      expect(users.emailCall.calls).toEqual([
        { new_email: 'nieuw@voorbeeld.nl', current_password: 'geheim' },
      ]);
      expect(result).toEqual({ ok: true, value: 'Als dit adres nog niet in gebruik is...' });
      expect(current.getSnapshot().user?.pending_email).toBe('nieuw@voorbeeld.nl');
    });

    it('should put the wrong-password error on its field', async () => {
      users.emailCall.reply = apiFailure(400, 'Je huidige wachtwoord klopt niet.', {
        current_password: 'Je huidige wachtwoord klopt niet.',
      });
      const result = await store().changeEmail({ new_email: 'nieuw@voorbeeld.nl', current_password: 'fout' });
      expect(result).toMatchObject({
        ok: false,
        fields: { current_password: 'Je huidige wachtwoord klopt niet.' },
      });
    });

    it('should withdraw a pending address and reload the user', async () => {
      users.cancelEmailCall.reply = apiOk(undefined);
      users.meCall.reply = apiOk({ ...USER, pending_email: null });
      const current = store();
      expect(await current.cancelEmailChange()).toEqual({ ok: true, value: undefined });
      expect(users.cancelEmailCall.calls).toHaveLength(1);
      expect(current.getSnapshot().user?.pending_email).toBeNull();
    });
  });

  describe('changePassword', () => {
    it('should require the current password and a valid new one without a call', async () => {
      const result = await store().changePassword({ current_password: '', new_password: 'kort' });
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: {
          current_password: 'Vul je huidige wachtwoord in.',
          new_password: 'Het wachtwoord moet minstens 8 tekens lang zijn.',
        },
      });
      expect(users.passwordCall.calls).toEqual([]);
    });

    it('should send both passwords unchanged and return the server message', async () => {
      users.passwordCall.reply = apiOk({ detail: 'Je wachtwoord is gewijzigd.' });
      const input = { current_password: ' oud wachtwoord ', new_password: 'nieuw-wachtwoord' };
      const result = await store().changePassword(input);
      expect(users.passwordCall.calls).toEqual([input]);
      expect(result).toEqual({ ok: true, value: 'Je wachtwoord is gewijzigd.' });
    });

    it('should pass the server detail and field errors through', async () => {
      users.passwordCall.reply = apiFailure(400, 'Controleer de velden.', {
        current_password: 'Je huidige wachtwoord klopt niet.',
      });
      const result = await store().changePassword({
        current_password: 'fout',
        new_password: 'nieuw-wachtwoord',
      });
      expect(result).toEqual({
        ok: false,
        message: 'Controleer de velden.',
        fields: { current_password: 'Je huidige wachtwoord klopt niet.' },
        status: 400,
      });
    });
  });
});
