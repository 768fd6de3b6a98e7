import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RequireAuth, StartScreen } from '@/features/auth';
import { AppShell } from './layout/app-shell';
import { LoginRoute } from './routes/login';

// Pages load lazily behind the shell's spinner (spec §2).
const LandingRoute = lazy(() => import('./routes/landing'));
const HomeRoute = lazy(() => import('./routes/home'));
const AdminRoute = lazy(() => import('./routes/admin'));

export const routes: RouteObject[] = [
  { path: paths.root, element: <StartScreen /> },
  { path: paths.login, element: <LoginRoute /> },
  {
    element: <RequireAuth requiredRole="user" />,
    children: [
      {
        element: <AppShell />,
        children: [
          { path: paths.landing, element: <LandingRoute /> },
          { path: paths.home, element: <HomeRoute /> },
        ],
      },
    ],
  },
  {
    element: <RequireAuth requiredRole="admin" />,
    children: [{ element: <AppShell />, children: [{ path: paths.admin.root, element: <AdminRoute /> }] }],
  },
  { path: '*', element: <Navigate to={paths.root} replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
