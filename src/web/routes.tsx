import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, type RouteObject } from "react-router";
import { type LazyScreen, LazyScreenView, lazyScreen } from "./lib/lazy-screen.tsx";
import { childPath, NAV_ITEMS, type NavChild, type NavItem } from "./navigation.ts";
import { FullPageLoader } from "./shell/full-page-loader.tsx";
import { RequireAuth, SetupAccess } from "./shell/guards.tsx";
import { RequireTwoFactorEnrolment, TWO_FACTOR_PATH } from "./features/two-factor/require-enrolment.tsx";

// Every screen is its own chunk: the first load of /auth carries only what /auth needs.
const LandingPage = lazy(() => import("./features/landing/landing-page.tsx"));
const NotFoundPage = lazy(() => import("./features/landing/not-found-page.tsx"));
const AuthPage = lazyScreen(() => import("./features/auth/auth-page.tsx"));
const AdminSetupPage = lazy(() => import("./features/admin-setup/admin-setup-page.tsx"));
const AcceptInvitePage = lazy(() => import("./features/invites/accept-invite-page.tsx"));
const TwoFactorPage = lazy(() => import("./features/two-factor/two-factor-page.tsx"));
const ForgotPasswordPage = lazy(() => import("./features/account-security/forgot-password-page.tsx"));
const ResetPasswordPage = lazy(() => import("./features/account-security/reset-password-page.tsx"));
const VerifyEmailPage = lazy(() => import("./features/email-verification/verify-email-page.tsx"));
const SecurityPage = lazy(() => import("./features/account-security/security-page.tsx"));
const AppShell = lazyScreen(() => import("./shell/app-shell.tsx"));
const DashboardPage = lazyScreen(() => import("./features/dashboard/dashboard-page.tsx"));
const SectionParentPage = lazy(() => import("./features/sections/section-parent-page.tsx"));
const SectionPage = lazy(() => import("./features/sections/section-page.tsx"));
const FinanceOverviewPage = lazy(() => import("./features/finance/overview-page.tsx"));
const QuotesPage = lazy(() => import("./features/finance/quotes-page.tsx"));
const InvoicesPage = lazy(() => import("./features/finance/invoices-page.tsx"));
const PaymentsPage = lazy(() => import("./features/finance/payments-page.tsx"));
const PublicQuotePage = lazy(() => import("./features/finance/public-quote-page.tsx"));
const PipelinesPage = lazy(() => import("./features/crm/pipelines-page.tsx"));
const ContactsPage = lazy(() => import("./features/crm/contacts-page.tsx"));
const ContactDetailPage = lazy(() => import("./features/crm/contact-detail-page.tsx"));
const CompanyDetailPage = lazy(() => import("./features/crm/company-detail-page.tsx"));
const CrmReportsPage = lazy(() => import("./features/crm/reports-page.tsx"));
const SettingsPage = lazy(() => import("./features/settings/settings-page.tsx"));
const IntegrationsPage = lazy(() => import("./features/integrations/integrations-page.tsx"));
const PermissionsPage = lazy(() => import("./features/permissions/permissions-page.tsx"));
const NotificationsPage = lazy(() => import("./features/notifications/notifications-page.tsx"));
const EmailPreferencesPage = lazy(() => import("./features/notifications/email-preferences-page.tsx"));
const ProjectsPage = lazy(() => import("./features/projects/projects-page.tsx"));
const ProjectPage = lazy(() => import("./features/projects/project-page.tsx"));
const ClientsPage = lazy(() => import("./features/projects/clients-page.tsx"));
const TasksPage = lazy(() => import("./features/tasks/tasks-page.tsx"));
const CalendarPage = lazy(() => import("./features/calendar/calendar-page.tsx"));
const TimePage = lazy(() => import("./features/time-tracking/time-page.tsx"));

type Page = ComponentType;

/**
 * Loads the first screen's modules at boot, while /api/me is still on its way: otherwise the
 * shell's chunk waits for the profile and the dashboard's chunk for the shell, and each screen
 * would suspend once on its first render. Settles when they are loaded (or failed: the route's
 * own import reports that).
 */
export function preloadScreenChunks(pathname: string): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  if (pathname === "/auth") loads.push(AuthPage.preload());
  if (pathname === "/dashboard" || pathname.startsWith("/app")) loads.push(AppShell.preload());
  if (pathname === "/dashboard") loads.push(DashboardPage.preload());
  return Promise.allSettled(loads);
}

/** Screens that are more than a title and a description, by `<parent key>/<child slug>`. */
const SPECIAL_PAGES: Record<string, Page> = {
  "financeiro/visao-geral": FinanceOverviewPage,
  "financeiro/orcamentos": QuotesPage,
  "financeiro/faturas": InvoicesPage,
  "financeiro/pagamentos": PaymentsPage,
  "crm/pipelines": PipelinesPage,
  "crm/contatos": ContactsPage,
  "crm/relatorios": CrmReportsPage,
  "portal-cliente/permissoes": PermissionsPage,
  "projetos/visao-geral": ProjectsPage,
  "projetos/tarefas": TasksPage,
  "projetos/calendario": CalendarPage,
  "projetos/tempo": TimePage,
  "projetos/clientes": ClientsPage,
  configuracoes: SettingsPage,
  integracoes: IntegrationsPage,
};

function page(Component: Page | LazyScreen) {
  return (
    <Suspense fallback={<FullPageLoader label="Carregando..." />}>
      {"preload" in Component ? <LazyScreenView screen={Component} /> : <Component />}
    </Suspense>
  );
}

function childRoute(item: NavItem, child: NavChild): RouteObject {
  const Component = SPECIAL_PAGES[`${item.key}/${child.slug}`] ?? SectionPage;
  return { path: childPath(item, child), element: page(Component), handle: { item, child } };
}

/** Pages below a section screen (a project's page under Visão geral), by `<parent key>/<child slug>`. */
const DETAIL_PAGES: Record<string, { path: string; page: Page }> = {
  "projetos/visao-geral": { path: ":projectId", page: ProjectPage },
};

function detailRoutes(item: NavItem): RouteObject[] {
  return item.children.flatMap((child) => {
    const detail = DETAIL_PAGES[`${item.key}/${child.slug}`];
    return detail
      ? [{ path: `${childPath(item, child)}/${detail.path}`, element: page(detail.page), handle: { item, child } }]
      : [];
  });
}

/** Record pages under a section child, by `<parent key>/<child slug>`: their path suffix and screen. */
const RECORD_PAGES: Record<string, { suffix: string; Component: Page }[]> = {
  "crm/contatos": [{ suffix: ":id", Component: ContactDetailPage }],
};

function recordRoutes(item: NavItem): RouteObject[] {
  return item.children.flatMap((child) =>
    (RECORD_PAGES[`${item.key}/${child.slug}`] ?? []).map(({ suffix, Component }) => ({
      path: `${childPath(item, child)}/${suffix}`,
      element: page(Component),
      handle: { item, child },
    })),
  );
}

function itemRoutes(item: NavItem): RouteObject[] {
  if (item.path === "/dashboard") return [];
  const Component = SPECIAL_PAGES[item.key] ?? (item.children.length ? SectionParentPage : SectionPage);
  const companies = item.key === "crm" ? item.children.find((child) => child.slug === "contatos") : undefined;
  return [
    { path: item.path, element: page(Component), handle: { item } },
    ...item.children.map((child) => childRoute(item, child)),
    ...detailRoutes(item),
    ...recordRoutes(item),
    // Companies are reached from contacts and share their access (crm_contatos).
    ...(companies
      ? [{ path: `${item.path}/empresas/:id`, element: page(CompanyDetailPage), handle: { item, child: companies } }]
      : []),
  ];
}

/** The one route table of the web app (spec §2.1 and §2.2). */
export const ROUTES: RouteObject[] = [
  { path: "/", element: page(LandingPage) },
  { path: "/auth", element: page(AuthPage) },
  { path: "/admin-setup", element: <SetupAccess>{page(AdminSetupPage)}</SetupAccess> },
  { path: "/accept-invite", element: page(AcceptInvitePage) },
  { path: "/accept-invite/:token", element: page(AcceptInvitePage) },
  { path: "/orcamento/:token", element: page(PublicQuotePage) },
  { path: TWO_FACTOR_PATH, element: <RequireAuth>{page(TwoFactorPage)}</RequireAuth> },
  { path: "/esqueci-senha", element: page(ForgotPasswordPage) },
  { path: "/redefinir-senha", element: page(ResetPasswordPage) },
  { path: "/verificar-email", element: page(VerifyEmailPage) },
  { path: "/seguranca", element: <RequireAuth>{page(SecurityPage)}</RequireAuth> },
  {
    element: (
      <RequireAuth>
        <RequireTwoFactorEnrolment>{page(AppShell)}</RequireTwoFactorEnrolment>
      </RequireAuth>
    ),
    children: [
      { path: "/dashboard", element: page(DashboardPage) },
      { path: "/app", element: <Navigate to="/dashboard" replace /> },
      { path: "/app/notificacoes", element: page(NotificationsPage) },
      { path: "/app/notificacoes/preferencias", element: page(EmailPreferencesPage) },
      ...NAV_ITEMS.flatMap(itemRoutes),
    ],
  },
  { path: "*", element: page(NotFoundPage) },
];
