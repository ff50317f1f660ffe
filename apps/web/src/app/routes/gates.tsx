import { lazy, type ReactNode } from 'react';
import { AREA_ACCESS, type Area } from '../navigation/area-access.ts';
import { useAccessContext } from '../navigation/use-access-context.ts';

// Every page is its own chunk, so the first page loads only the shell and itself.
export const AccessDeniedPage = lazy(() =>
  import('../../shared/pages/access-denied-page.tsx').then((module) => ({
    default: module.AccessDeniedPage,
  })),
);
const NotAvailablePage = lazy(() =>
  import('../pages/not-available-page.tsx').then((module) => ({
    default: module.NotAvailablePage,
  })),
);

/** A route that opens with the same gate as its menu item, or shows the access-denied page. */
export function RequireArea({ area, children }: { area: Area; children: ReactNode }) {
  const context = useAccessContext();
  return AREA_ACCESS[area](context) ? <>{children}</> : <AccessDeniedPage />;
}

export function gated(area: Area, element: ReactNode): ReactNode {
  return <RequireArea area={area}>{element}</RequireArea>;
}

/** A planned page of an area that is not built yet, behind the area's gate. */
export function later(area: Area, name: string, purpose?: string): ReactNode {
  return gated(area, <NotAvailablePage area={name} purpose={purpose} />);
}
