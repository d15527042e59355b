import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageLoading } from '#src/components/layouts/page-loading.tsx';
import { PublicLayout } from '#src/components/layouts/public-layout.tsx';
import { RouteError } from '#src/components/errors/route-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { HomeRoute } from '#src/app/routes/home.tsx';
import { withDataPrefetch } from '#src/app/route-prefetch.ts';

/**
 * Route table (REQ-SITE). Every page but the home page is its own chunk (`lazy`), so the first visit downloads only
 * the layout and the page it lands on. The home page is in the first bundle: it is the landing page, and most of
 * its code (the search bar) is the search page's too, so a phone on `/` paints after one round of downloads instead
 * of two (REQ-PERF-05; bundle-budget.test.ts keeps the first bundle of `/` within 150 KB gzip).
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: paths.search,
        lazy: () => import('#src/app/routes/search.tsx').then((m) => ({ Component: m.SearchRoute })),
      },
      {
        path: paths.about,
        lazy: () => import('#src/app/routes/about.tsx').then((m) => ({ Component: m.AboutRoute })),
      },
      {
        path: paths.vision,
        lazy: () => import('#src/app/routes/vision.tsx').then((m) => ({ Component: m.VisionRoute })),
      },
      {
        path: paths.story,
        lazy: () => import('#src/app/routes/story.tsx').then((m) => ({ Component: m.StoryRoute })),
      },
      {
        path: paths.whyAbode,
        lazy: () => import('#src/app/routes/why-abode.tsx').then((m) => ({ Component: m.WhyAbodeRoute })),
      },
      {
        path: paths.auth,
        lazy: () => import('#src/app/routes/auth/auth.tsx').then((m) => ({ Component: m.AuthRoute })),
      },
      {
        path: paths.resetPassword,
        lazy: () =>
          import('#src/app/routes/auth/reset-password.tsx').then((m) => ({
            Component: m.ResetPasswordRoute,
          })),
      },
      {
        path: paths.twoFactorSetup,
        lazy: () =>
          import('#src/app/routes/auth/two-factor-setup.tsx').then((m) => ({
            Component: m.TwoFactorSetupRoute,
          })),
      },
      {
        path: paths.verified,
        lazy: () => import('#src/app/routes/auth/verified.tsx').then((m) => ({ Component: m.VerifiedRoute })),
      },
      {
        path: '/property/:slug',
        lazy: () => import('#src/app/routes/property.tsx').then((m) => ({ Component: m.PropertyRoute })),
      },
      {
        path: '/agents/:slug',
        lazy: () => import('#src/app/routes/branch.tsx').then((m) => ({ Component: m.BranchRoute })),
      },
      {
        path: paths.unsubscribe,
        lazy: () =>
          import('#src/app/routes/alerts-unsubscribe.tsx').then((m) => ({ Component: m.UnsubscribeRoute })),
      },
      {
        // An agency invitation's link (ADR 029): outside the agent portal, whose guard wants an agent.
        path: paths.agent.join,
        lazy: () => import('#src/app/routes/agent-join.tsx').then((m) => ({ Component: m.AgentJoinRoute })),
      },
      {
        path: paths.devMail,
        lazy: () => import('#src/app/routes/dev-mail.tsx').then((m) => ({ Component: m.DevMailRoute })),
      },
      {
        lazy: () =>
          import('#src/app/routes/protected-outlet.tsx').then((m) => ({ Component: m.ProtectedOutlet })),
        children: [
          {
            path: paths.dashboard,
            lazy: () =>
              import('#src/app/routes/client/dashboard.tsx').then((m) => ({ Component: m.DashboardRoute })),
          },
          {
            path: paths.favourites,
            lazy: () =>
              import('#src/app/routes/client/favourites.tsx').then((m) => ({ Component: m.FavouritesRoute })),
          },
          {
            path: paths.savedSearches,
            lazy: () =>
              import('#src/app/routes/client/saved-searches.tsx').then((m) => ({
                Component: m.SavedSearchesRoute,
              })),
          },
          {
            path: paths.profile,
            lazy: () =>
              import('#src/app/routes/client/profile.tsx').then((m) => ({ Component: m.ProfileRoute })),
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('#src/app/routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
  {
    path: '/agent',
    errorElement: <RouteError />,
    // What the portal's guard shows while it loads, so the page does not change twice (the public header would).
    hydrateFallbackElement: <Spinner className="min-h-dvh" />,
    lazy: () =>
      import('#src/components/layouts/agent-layout.tsx').then((m) => ({ Component: m.AgentLayout })),
    children: [
      {
        index: true,
        lazy: () =>
          import('#src/app/routes/agent/dashboard.tsx').then((m) => ({ Component: m.AgentDashboardRoute })),
      },
      {
        path: 'dashboard',
        lazy: () =>
          import('#src/app/routes/agent/dashboard.tsx').then((m) => ({ Component: m.AgentDashboardRoute })),
      },
      {
        path: 'properties',
        lazy: () =>
          import('#src/app/routes/agent/properties.tsx').then((m) => ({ Component: m.AgentPropertiesRoute })),
      },
      {
        path: 'properties/new',
        lazy: () =>
          import('#src/app/routes/agent/property-new.tsx').then((m) => ({
            Component: m.AgentNewPropertyRoute,
          })),
      },
      {
        path: 'properties/bulk-upload',
        lazy: () =>
          import('#src/app/routes/agent/bulk-upload.tsx').then((m) => ({
            Component: m.AgentBulkUploadRoute,
          })),
      },
      {
        path: 'properties/:id/edit',
        lazy: () =>
          import('#src/app/routes/agent/property-edit.tsx').then((m) => ({
            Component: m.AgentEditPropertyRoute,
          })),
      },
      {
        path: 'enquiries',
        lazy: () =>
          import('#src/app/routes/agent/enquiries.tsx').then((m) => ({ Component: m.AgentEnquiriesRoute })),
      },
      {
        path: 'analytics',
        lazy: () =>
          import('#src/app/routes/agent/analytics.tsx').then((m) => ({ Component: m.AgentAnalyticsRoute })),
      },
      {
        path: 'reports',
        lazy: () =>
          import('#src/app/routes/agent/reports.tsx').then((m) => ({ Component: m.AgentReportsRoute })),
      },
      {
        path: 'profile',
        lazy: () =>
          import('#src/app/routes/agent/profile.tsx').then((m) => ({ Component: m.AgentProfileRoute })),
      },
      {
        path: 'settings',
        lazy: () =>
          import('#src/app/routes/agent/settings.tsx').then((m) => ({ Component: m.AgentSettingsRoute })),
      },
      {
        path: 'team',
        lazy: () => import('#src/app/routes/agent/team.tsx').then((m) => ({ Component: m.AgentTeamRoute })),
      },
      {
        path: 'settings/feeds',
        lazy: () =>
          import('#src/app/routes/agent/listing-feeds.tsx').then((m) => ({
            Component: m.AgentListingFeedsRoute,
          })),
      },
      {
        path: 'branches',
        lazy: () =>
          import('#src/app/routes/agent/branches.tsx').then((m) => ({ Component: m.AgentBranchesRoute })),
      },
      {
        path: '*',
        lazy: () => import('#src/app/routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
  {
    path: '/admin',
    errorElement: <RouteError />,
    // As AdminRoute (guards.tsx) shows it while it loads.
    hydrateFallbackElement: <Spinner className="min-h-dvh" label="Loading admin portal..." />,
    lazy: () =>
      import('#src/components/layouts/admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
    children: [
      {
        index: true,
        lazy: () =>
          import('#src/app/routes/admin/dashboard.tsx').then((m) => ({ Component: m.AdminDashboardRoute })),
      },
      {
        path: 'dashboard',
        lazy: () =>
          import('#src/app/routes/admin/dashboard.tsx').then((m) => ({ Component: m.AdminDashboardRoute })),
      },
      {
        path: 'users',
        lazy: () => import('#src/app/routes/admin/users.tsx').then((m) => ({ Component: m.AdminUsersRoute })),
      },
      {
        path: 'agencies',
        lazy: () =>
          import('#src/app/routes/admin/agencies.tsx').then((m) => ({ Component: m.AdminAgenciesRoute })),
      },
      {
        path: 'properties',
        lazy: () =>
          import('#src/app/routes/admin/properties.tsx').then((m) => ({ Component: m.AdminPropertiesRoute })),
      },
      {
        path: 'enquiries',
        lazy: () =>
          import('#src/app/routes/admin/enquiries.tsx').then((m) => ({ Component: m.AdminEnquiriesRoute })),
      },
      {
        path: 'analytics',
        lazy: () =>
          import('#src/app/routes/admin/analytics.tsx').then((m) => ({ Component: m.AdminAnalyticsRoute })),
      },
      {
        path: 'audit-logs',
        lazy: () =>
          import('#src/app/routes/admin/audit-logs.tsx').then((m) => ({ Component: m.AdminAuditLogsRoute })),
      },
      {
        path: 'settings',
        lazy: () =>
          import('#src/app/routes/admin/settings.tsx').then((m) => ({ Component: m.AdminSettingsRoute })),
      },
      {
        path: '*',
        lazy: () => import('#src/app/routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
];

export function AppRouter() {
  const queryClient = useQueryClient();
  const [router] = useState(() => createBrowserRouter(withDataPrefetch(routes, queryClient)));
  return <RouterProvider router={router} />;
}
