import {
  type AuthGateway,
  type AuthUseCaseDeps,
  type AuthUseCases,
  createAuthUseCases,
  type FormResult,
} from '@loop/core';

/** The login answer plus whether the server refused it because the address is not verified yet. */
export interface LoginOutcome {
  readonly result: FormResult<void>;
  /** The server answered 403: the address must be verified before logging in. */
  readonly unverified: boolean;
}

export type WebAuthUseCases = Omit<AuthUseCases, 'login'> & {
  login(input: { email: string; password: string }): Promise<LoginOutcome>;
};

/**
 * Core's auth use-cases, with the login's HTTP status kept: core's FormResult drops it, and the
 * login screen offers "resend the confirmation link" only for the 403 of an unverified address.
 * `beforeSignIn` lets the app forget whatever a previous user left in memory.
 */
export function createWebAuthUseCases(
  deps: AuthUseCaseDeps & { beforeSignIn?: () => void },
): WebAuthUseCases {
  let lastLoginStatus: number | null = null;
  const { auth } = deps;
  const recording: AuthGateway = {
    login: async (request) => {
      const answer = await auth.login(request);
      lastLoginStatus = answer.ok ? null : answer.status;
      return answer;
    },
    refresh: (token) => auth.refresh(token),
    register: (request) => auth.register(request),
    verifyEmail: (request) => auth.verifyEmail(request),
    resendVerification: (request) => auth.resendVerification(request),
    forgotPassword: (request) => auth.forgotPassword(request),
    resetPassword: (request) => auth.resetPassword(request),
    logout: (request) => auth.logout(request),
  };
  const useCases = createAuthUseCases({ ...deps, auth: recording });
  return {
    ...useCases,
    async login(input) {
      lastLoginStatus = null;
      deps.beforeSignIn?.();
      const result = await useCases.login(input);
      return { result, unverified: !result.ok && lastLoginStatus === 403 };
    },
  };
}
