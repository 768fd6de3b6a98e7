import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter, useNavigate, useRoutes, type NavigateFunction, type RouteObject } from 'react-router';

/**
 * Renders routes as the app does (app.tsx: `<BrowserRouter>` and `useRoutes`), on jsdom's own history: the address
 * starts at `path`, and `window.location` is where the router is, as in the browser.
 */
export function renderAtAddress(
  path: string,
  routes: RouteObject[],
  wrap: (routed: ReactNode) => ReactNode = (routed) => routed,
): { navigate: (to: string) => void } {
  window.history.replaceState(null, '', path);
  const held: { navigate?: NavigateFunction } = {};
  function Routed() {
    held.navigate = useNavigate();
    return useRoutes(routes);
  }
  render(
    wrap(
      <BrowserRouter>
        <Routed />
      </BrowserRouter>,
    ),
  );
  return {
    navigate: (to) => {
      if (!held.navigate) throw new Error('The routes have not rendered');
      void held.navigate(to);
    },
  };
}
