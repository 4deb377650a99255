import { fallbackPath, type RoutePath } from '@loop/core/access';
import type { FeatureKey } from '@loop/core/features';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { Loading } from './Loading';
import { RouteGuard } from './RouteGuard';

// Each screen is its own chunk, so a route's first load carries only what it shows.
const screen = <K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> => lazy(() => load().then((module) => ({ default: module[name] })));

// The plan gate (which plans unlock a feature, their prices, who may change the plan) loads with the
// first route behind a feature, not with the login page.
const FeatureGate = lazy(() =>
  import('../billing/FeatureGate').then((module) => ({ default: module.FeatureGate })),
);

const LoginScreen = screen(() => import('../auth/LoginScreen'), 'LoginScreen');
const RegisterScreen = screen(() => import('../auth/RegisterScreen'), 'RegisterScreen');
const VerifyEmailScreen = screen(() => import('../auth/VerifyEmailScreen'), 'VerifyEmailScreen');
const ConfirmEmailChangeScreen = screen(
  () => import('../auth/EmailChangeScreens'),
  'ConfirmEmailChangeScreen',
);
const UndoEmailChangeScreen = screen(() => import('../auth/EmailChangeScreens'), 'UndoEmailChangeScreen');
const ForgotPasswordScreen = screen(() => import('../auth/ForgotPasswordScreen'), 'ForgotPasswordScreen');
const ResetPasswordScreen = screen(() => import('../auth/ResetPasswordScreen'), 'ResetPasswordScreen');
const PrivacyScreen = screen(() => import('../legal/PrivacyScreen'), 'PrivacyScreen');
const CookiePolicyScreen = screen(() => import('../legal/CookiePolicyScreen'), 'CookiePolicyScreen');
const OnboardingScreen = screen(() => import('../organisation/OnboardingScreen'), 'OnboardingScreen');
const DashboardScreen = screen(() => import('../organisation/DashboardScreen'), 'DashboardScreen');
const ProfileScreen = screen(() => import('../profile/ProfileScreen'), 'ProfileScreen');
const PersonalisationScreen = screen(
  () => import('../branding/PersonalisationScreen'),
  'PersonalisationScreen',
);
const AdminScreen = screen(() => import('../admin/AdminScreen'), 'AdminScreen');
const SubscriptionScreen = screen(() => import('../billing/SubscriptionScreen'), 'SubscriptionScreen');
const BillingReturnScreen = screen(() => import('../billing/BillingReturnScreen'), 'BillingReturnScreen');
const AdminBillingScreen = screen(() => import('../admin/AdminBillingScreen'), 'AdminBillingScreen');
const LogsScreen = screen(() => import('../admin/LogsScreen'), 'LogsScreen');
const NewSurveyScreen = screen(() => import('../surveys/NewSurveyScreen'), 'NewSurveyScreen');
const SurveyEditorScreen = screen(() => import('../surveys/editor/SurveyEditorScreen'), 'SurveyEditorScreen');
const PreviewScreen = screen(() => import('../surveys/preview/PreviewScreen'), 'PreviewScreen');
const EmailPreviewScreen = screen(
  () => import('../surveys/preview/EmailPreviewScreen'),
  'EmailPreviewScreen',
);
const SurveysScreen = screen(() => import('../surveys/SurveysScreen'), 'SurveysScreen');
const SurveyResultsScreen = screen(
  () => import('../surveys/results/SurveyResultsScreen'),
  'SurveyResultsScreen',
);
const QuestionDetailScreen = screen(
  () => import('../surveys/results/QuestionDetailScreen'),
  'QuestionDetailScreen',
);
const AnalyticsScreen = screen(() => import('../analytics/AnalyticsScreen'), 'AnalyticsScreen');
const BusinessAnalysisScreen = screen(
  () => import('../analysis/BusinessAnalysisScreen'),
  'BusinessAnalysisScreen',
);
const FinanceScreen = screen(() => import('../finance/FinanceScreen'), 'FinanceScreen');
const ContactsScreen = screen(() => import('../contacts/ContactsScreen'), 'ContactsScreen');
const AdvancedKpisScreen = screen(() => import('../kpis/advanced/AdvancedKpisScreen'), 'AdvancedKpisScreen');
const TeamScreen = screen(() => import('../organisation/TeamScreen'), 'TeamScreen');
const IntegrationsScreen = screen(() => import('../integrations/IntegrationsScreen'), 'IntegrationsScreen');
const InvitationScreen = screen(() => import('../organisation/InvitationScreen'), 'InvitationScreen');
const InvitationsScreen = screen(() => import('../invitations/InvitationsScreen'), 'InvitationsScreen');
const UnsubscribeScreen = screen(() => import('../invitations/UnsubscribeScreen'), 'UnsubscribeScreen');
const WebhooksScreen = screen(() => import('../webhooks/WebhooksScreen'), 'WebhooksScreen');

/** A screen's plan feature, with the screen's title for the page that explains a missing one. */
interface ScreenFeature {
  readonly key: FeatureKey;
  readonly title: string;
}

/**
 * The routes of R-ACCESS-1 whose screens exist, each behind its ROUTE_ACCESS rule and, where it has one,
 * the plan feature it needs.
 */
export const MOUNTED_ROUTES: ReadonlyArray<{
  path: RoutePath;
  Screen: ComponentType;
  feature?: ScreenFeature;
}> = [
  { path: '/login', Screen: LoginScreen },
  { path: '/register', Screen: RegisterScreen },
  { path: '/forgot-password', Screen: ForgotPasswordScreen },
  { path: '/reset-password/:token', Screen: ResetPasswordScreen },
  { path: '/verify/:token', Screen: VerifyEmailScreen },
  { path: '/email-bevestigen/:token', Screen: ConfirmEmailChangeScreen },
  { path: '/email-herstellen/:token', Screen: UndoEmailChangeScreen },
  { path: '/billing/return', Screen: BillingReturnScreen },
  { path: '/uitnodiging/:token', Screen: InvitationScreen },
  { path: '/afmelden/:token', Screen: UnsubscribeScreen },
  { path: '/privacy', Screen: PrivacyScreen },
  { path: '/privacybeleid', Screen: PrivacyScreen },
  { path: '/cookiebeleid', Screen: CookiePolicyScreen },
  { path: '/onboarding', Screen: OnboardingScreen },
  { path: '/dashboard/abonnement', Screen: SubscriptionScreen },
  { path: '/dashboard', Screen: DashboardScreen },
  { path: '/profiel', Screen: ProfileScreen },
  { path: '/organisatie', Screen: TeamScreen },
  { path: '/koppelingen', Screen: IntegrationsScreen },
  { path: '/contacten', Screen: ContactsScreen },
  { path: '/koppelingen/webhooks', Screen: WebhooksScreen },
  {
    path: '/personalisatie',
    Screen: PersonalisationScreen,
    feature: { key: 'branding', title: 'Personalisatie' },
  },
  { path: '/admin', Screen: AdminScreen },
  { path: '/admin/billing', Screen: AdminBillingScreen },
  { path: '/admin/logs', Screen: LogsScreen },
  { path: '/new-survey', Screen: NewSurveyScreen },
  { path: '/survey/:id/edit', Screen: SurveyEditorScreen },
  { path: '/survey/:id/preview', Screen: PreviewScreen },
  { path: '/survey/:id/email-preview', Screen: EmailPreviewScreen },
  { path: '/survey/:id/uitnodigen', Screen: InvitationsScreen },
  { path: '/surveys', Screen: SurveysScreen },
  { path: '/survey/:id', Screen: SurveyResultsScreen },
  { path: '/survey/:surveyId/question/:questionId', Screen: QuestionDetailScreen },
  { path: '/analytics', Screen: AnalyticsScreen, feature: { key: 'analytics', title: 'Analyse' } },
  { path: '/finance', Screen: FinanceScreen, feature: { key: 'analytics', title: 'Financiën' } },
  // Without 'business' the gate sends the user to /dashboard (R-ANALYSIS-1), showing nothing meanwhile.
  {
    path: '/bedrijfsanalyse',
    Screen: BusinessAnalysisScreen,
    feature: { key: 'business', title: 'Bedrijfsanalyse' },
  },
  {
    path: '/advanced-kpis',
    Screen: AdvancedKpisScreen,
    feature: { key: 'analytics', title: 'Geavanceerd KPI-dashboard' },
  },
];

/** Any other path: the dashboard when a token is stored, otherwise the login screen (R-ACCESS-4). */
function Fallback() {
  const tokens = useInjection(TOKENS.TokenStore);
  return <Redirect to={fallbackPath(tokens.read().access !== null)} replace />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        {MOUNTED_ROUTES.map(({ path, Screen, feature }) => (
          <Route key={path} path={path}>
            <RouteGuard route={path}>
              {feature ? (
                <FeatureGate feature={feature.key} title={feature.title}>
                  <Screen />
                </FeatureGate>
              ) : (
                <Screen />
              )}
            </RouteGuard>
          </Route>
        ))}
        {/* The return screen links to /profile (R-BILL-10), which the route table lacks: the subscription. */}
        <Route path="/profile">
          <Redirect to="/dashboard/abonnement" replace />
        </Route>
        <Route>
          <Fallback />
        </Route>
      </Switch>
    </Suspense>
  );
}
