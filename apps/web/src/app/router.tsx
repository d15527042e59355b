import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageLoading } from '#src/components/layouts/page-loading.tsx';
import { PublicLayout } from '#src/components/layouts/public-layout.tsx';
import { RouteError } from '#src/components/errors/route-error.tsx';
import { paths } from '#src/config/paths.ts';

/**
 * Route table (SPEC §2). Each page is its own chunk (`lazy`), so the first visit downloads only the layout and the
 * page it lands on.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        index: true,
        lazy: () => import('#src/app/routes/home.tsx').then((m) => ({ Component: m.HomeRoute })),
      },
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
        path: '*',
        lazy: () => import('#src/app/routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
