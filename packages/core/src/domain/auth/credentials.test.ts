import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  emailError,
  FORGOT_PASSWORD_MESSAGE,
  hasErrors,
  LOGIN_FAILED_MESSAGE,
  NAME_MAX_LENGTH,
  nameError,
  nameLine,
  newPasswordError,
  normaliseEmail,
  ORGANIZATION_NAME_MAX_LENGTH,
  organizationNameError,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validateEmailChange,
  validateForgotPassword,
  validateLogin,
  validateOrganization,
  validatePasswordChange,
  validateProfile,
  validateRegistration,
  validateResetPassword,
} from './credentials';

const M = {
  emailMissing: 'Vul je e-mailadres in.',
  emailInvalid: 'Vul een geldig e-mailadres in.',
  passwordMissing: 'Kies een wachtwoord.',
  passwordShort: 'Het wachtwoord moet minstens 8 tekens lang zijn.',
  passwordLong: 'Het wachtwoord mag hoogstens 128 tekens lang zijn.',
  passwordSpaces: 'Het wachtwoord mag niet alleen uit spaties bestaan.',
  loginPasswordMissing: 'Vul je wachtwoord in.',
  nameMissing: 'Vul je naam in.',
  nameLong: 'Je naam mag hoogstens 100 tekens lang zijn.',
  organisationMissing: 'Vul de naam van je organisatie in.',
  organisationLong: 'De naam mag hoogstens 120 tekens lang zijn.',
  currentPasswordMissing: 'Vul je huidige wachtwoord in.',
};

describe('limits', () => {
  it('should hold the documented lengths', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(NAME_MAX_LENGTH).toBe(100);
    expect(EMAIL_MAX_LENGTH).toBe(254);
    expect(ORGANIZATION_NAME_MAX_LENGTH).toBe(120);
  });
});

describe('normaliseEmail', () => {
  it('should trim and lower-case the address', () => {
    expect(normaliseEmail('  Anna.De.Vries@Example.NL \n')).toBe('anna.de.vries@example.nl');
  });
});

describe('emailError', () => {
  it.each([undefined, null, '', '   ', 42])('should ask for an address when given %j', (value) => {
    expect(emailError(value)).toBe(M.emailMissing);
  });

  it.each(['anna', 'anna@', '@example.nl', 'anna@example', 'anna de vries@example.nl', 'anna@@example.nl'])(
    'should refuse %j as invalid',
    (value) => {
      expect(emailError(value)).toBe(M.emailInvalid);
    },
  );

  it.each(['anna@example.nl', '  anna@example.nl  ', 'a.b+c@sub.example.co.uk'])(
    'should accept %j',
    (value) => {
      expect(emailError(value)).toBeNull();
    },
  );

  it('should accept 254 characters and refuse 255', () => {
    const at254 = `${'a'.repeat(254 - '@example.nl'.length)}@example.nl`;
    expect(at254).toHaveLength(254);
    expect(emailError(at254)).toBeNull();
    expect(emailError(`a${at254}`)).toBe(M.emailInvalid);
  });
});

describe('newPasswordError', () => {
  it.each([undefined, null, '', 12345678])('should ask for a password when given %j', (value) => {
    expect(newPasswordError(value)).toBe(M.passwordMissing);
  });

  it('should refuse 7 characters and accept 8', () => {
    expect(newPasswordError('a'.repeat(7))).toBe(M.passwordShort);
    expect(newPasswordError('a'.repeat(8))).toBeNull();
  });

  it('should accept 128 characters and refuse 129', () => {
    expect(newPasswordError('a'.repeat(128))).toBeNull();
    expect(newPasswordError('a'.repeat(129))).toBe(M.passwordLong);
  });

  it('should refuse a password of only spaces', () => {
    expect(newPasswordError(' '.repeat(8))).toBe(M.passwordSpaces);
  });

  it('should keep spaces inside a password (no trimming)', () => {
    expect(newPasswordError(' abc def ')).toBeNull();
  });
});

describe('nameError', () => {
  it.each([undefined, '', '  ', 7])('should ask for a name when given %j', (value) => {
    expect(nameError(value)).toBe(M.nameMissing);
  });

  it('should accept 100 characters and refuse 101', () => {
    expect(nameError('a'.repeat(100))).toBeNull();
    expect(nameError('a'.repeat(101))).toBe(M.nameLong);
  });

  it('should measure the trimmed name', () => {
    expect(nameError(`  ${'a'.repeat(100)}  `)).toBeNull();
  });

  it('should judge the name on one line: control characters alone are no name (R-TEXT-2)', () => {
    expect(nameError('\u0000\r\n\t')).toBe(M.nameMissing);
    expect(nameError(`${'a'.repeat(50)}\r\n\r\n${'b'.repeat(49)}`)).toBeNull();
    expect(nameLine(' Jan\r\nBcc: x\u0000 ')).toBe('Jan Bcc: x');
  });
});

describe('organizationNameError', () => {
  it.each([undefined, '', '   '])('should ask for a name when given %j', (value) => {
    expect(organizationNameError(value)).toBe(M.organisationMissing);
  });

  it('should accept 120 characters and refuse 121', () => {
    expect(organizationNameError('a'.repeat(120))).toBeNull();
    expect(organizationNameError('a'.repeat(121))).toBe(M.organisationLong);
  });

  it('should judge the name on one line (R-TEXT-2)', () => {
    expect(organizationNameError('\u2028\u0007')).toBe(M.organisationMissing);
    expect(organizationNameError(`Acme\r\n${'a'.repeat(115)}`)).toBeNull();
  });
});

describe('validateRegistration', () => {
  it('should report every field at once', () => {
    expect(validateRegistration({})).toEqual({
      name: M.nameMissing,
      email: M.emailMissing,
      password: M.passwordMissing,
    });
  });

  it('should accept valid input', () => {
    expect(validateRegistration({ name: 'Anna', email: 'anna@example.nl', password: 'geheim123' })).toEqual(
      {},
    );
  });
});

describe('validateLogin', () => {
  it('should ask for address and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: M.emailMissing,
      password: M.loginPasswordMissing,
    });
  });

  it('should not apply the new-password rules to a login password', () => {
    expect(validateLogin({ email: 'anna@example.nl', password: 'kort' })).toEqual({});
  });

  it('should refuse an invalid address', () => {
    expect(validateLogin({ email: 'anna', password: 'x' })).toEqual({ email: M.emailInvalid });
  });
});

describe('validateForgotPassword', () => {
  it('should check the address', () => {
    expect(validateForgotPassword({ email: '' })).toEqual({ email: M.emailMissing });
    expect(validateForgotPassword({ email: 'anna@example.nl' })).toEqual({});
  });
});

describe('validateResetPassword', () => {
  it('should apply the new-password rules', () => {
    expect(validateResetPassword({ password: 'kort' })).toEqual({ password: M.passwordShort });
    expect(validateResetPassword({ password: 'lang genoeg' })).toEqual({});
  });
});

describe('validateProfile', () => {
  it('should check only the fields that are given', () => {
    expect(validateProfile({})).toEqual({});
    expect(validateProfile({ name: '' })).toEqual({ name: M.nameMissing });
  });
});

describe('validateEmailChange', () => {
  it('should need a valid new address and the current password', () => {
    expect(validateEmailChange({})).toEqual({
      new_email: M.emailMissing,
      current_password: 'Vul je huidige wachtwoord in.',
    });
    expect(validateEmailChange({ new_email: 'x', current_password: 'geheim' })).toEqual({
      new_email: M.emailInvalid,
    });
    expect(validateEmailChange({ new_email: 'nieuw@voorbeeld.nl', current_password: 'geheim' })).toEqual({});
  });
});

describe('validatePasswordChange', () => {
  it('should require the current password and a valid new one', () => {
    expect(validatePasswordChange({})).toEqual({
      current_password: M.currentPasswordMissing,
      new_password: M.passwordMissing,
    });
    expect(validatePasswordChange({ current_password: 'x', new_password: 'a'.repeat(129) })).toEqual({
      new_password: M.passwordLong,
    });
    expect(validatePasswordChange({ current_password: 'x', new_password: 'nieuw-wachtwoord' })).toEqual({});
  });
});

describe('validateOrganization', () => {
  it('should check the name', () => {
    expect(validateOrganization({ name: ' ' })).toEqual({ name: M.organisationMissing });
    expect(validateOrganization({ name: 'Acme' })).toEqual({});
  });
});

describe('hasErrors', () => {
  it('should tell an empty error map from a filled one', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ email: M.emailMissing })).toBe(true);
  });
});

describe('shared messages', () => {
  it('should use one sentence for every failed login', () => {
    expect(LOGIN_FAILED_MESSAGE).toBe('E-mailadres of wachtwoord is onjuist.');
  });

  it('should use one answer for "forgot password" whether or not the address exists', () => {
    expect(FORGOT_PASSWORD_MESSAGE).toBe(
      'Als dit e-mailadres bij ons bekend is, hebben we een link gestuurd om je wachtwoord opnieuw in te stellen.',
    );
  });
});
