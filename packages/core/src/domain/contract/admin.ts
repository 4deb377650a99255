/** GET /admin/overview: platform totals for admins. */
export interface AdminOverview {
  readonly users_total: number;
  readonly users_verified: number;
  readonly organizations_total: number;
  readonly sessions_active: number;
}

/** One row of GET /admin/users. */
export interface AdminUser {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly is_admin: boolean;
  readonly can_manage_templates: boolean;
  readonly email_verified: boolean;
  readonly onboarding_completed: boolean;
  /** Number of organisations the user belongs to. */
  readonly organizations: number;
  readonly created_at: string;
}

/** Query of GET /admin/users. */
export interface AdminUserQuery {
  readonly page: number;
  readonly page_size: number;
  readonly q?: string;
}

/** A page of a paged list. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly page_size: number;
}
