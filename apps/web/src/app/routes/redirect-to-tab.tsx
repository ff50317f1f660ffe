import { Navigate, useParams } from 'react-router';

/** A record's bare URL opens its default tab, keeping the record's parameters. */
export function RedirectToTab({
  base,
  tab,
}: {
  base: (params: Record<string, string>) => string;
  tab: string;
}) {
  const params = useParams() as Record<string, string>;
  return <Navigate to={`${base(params)}/${tab}`} replace />;
}
