import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { useClaims } from '../../shared/permissions/user-access.ts';

export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/**
 * /home: greets the user; the dashboard cards arrive with the home dashboard release.
 * Plain elements rather than antd Typography keep the first page's JavaScript small.
 */
export default function HomePage() {
  usePageTitle('Home');
  const claims = useClaims();
  const name = claims.firstName || claims.username;
  return (
    <section className="page">
      <h1 className="page-title">
        {greetingFor(new Date())}, {name}
      </h1>
      <p className="page-lead">
        Use the menu to open the areas you have access to. The home dashboard, with your
        organizations, members, recent files and help, is coming in a later release.
      </p>
    </section>
  );
}
