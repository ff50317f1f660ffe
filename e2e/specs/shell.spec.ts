// The application frame: not-found and access-denied pages, environment badge and page titles,
// and where the agent-only user lands.
import {
  expect,
  expectNoSeriousA11yViolations,
  sideNavigation,
  signIn,
  test,
} from '../fixtures.ts';

const NOT_FOUND = 'Page not found or something is missing.';
const ACCESS_DENIED = 'You are not authorized to view this page.';

test('an unknown route shows the not-found page, and Go Back leaves it', async ({ page }) => {
  await signIn(page, 'superAdmin');
  await expect(page).toHaveURL('/home');
  await expectNoSeriousA11yViolations(page);

  // A link to a missing page opened in a new tab: nothing to go back to.
  const tab = await page.context().newPage();
  await tab.goto('/no-such-page');
  await expect(tab.getByText(NOT_FOUND)).toBeVisible();
  await expect(tab).toHaveTitle('Page Not Found | Pillar (DEMO)');
  // Still inside the signed-in frame, so the user can navigate on.
  await expect(sideNavigation(tab)).toBeVisible();
  await expectNoSeriousA11yViolations(tab);

  // With no history in the tab, Go Back goes home rather than nowhere.
  await tab.getByRole('button', { name: 'Go Back' }).click();
  await expect(tab).toHaveURL('/home');
  await expect(tab.getByText(NOT_FOUND)).toHaveCount(0);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(tab);
});

test('Go Back returns to the page the user came from within the app', async ({ page }) => {
  await signIn(page, 'superAdmin', { path: '/organizations' });
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // An in-app navigation that ends on a not-found page: an organization page with an unknown tab.
  const link = page.getByRole('link', { name: 'Cedar Valley Manufacturing', exact: true });
  await link.click();
  await expect(page).toHaveURL(/\/organizations\/\d+\/dashboard$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cedar Valley Manufacturing' }),
  ).toBeVisible();
  const dashboard = page.url();
  // No link in the app leads to a missing page today, so this stands in for one: a client-side
  // navigation pushed the way the router pushes (its entry index one further), then announced.
  await page.evaluate(
    (url) => {
      const current = (window.history.state ?? {}) as { idx?: number };
      const state = { usr: null, key: 'e2e-missing', idx: (current.idx ?? 0) + 1 };
      window.history.pushState(state, '', url);
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
    },
    dashboard.replace(/\/dashboard$/, '/no-such-tab'),
  );
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(dashboard);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cedar Valley Manufacturing' }),
  ).toBeVisible();
});

test('the agent opening the organizations list gets the access-denied page', async ({ page }) => {
  await signIn(page, 'agent', { path: '/organizations' });
  await expect(page).toHaveURL('/organizations');
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
  await expect(page).toHaveTitle('Access Denied | Pillar (DEMO)');
  // Nothing of the page itself leaks through.
  await expect(page.getByRole('form', { name: 'Organization search' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(sideNavigation(page).getByRole('link', { name: 'Organizations' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the client viewer opening Admin > Users gets the access-denied page', async ({ page }) => {
  await signIn(page, 'clientNoSsn', { path: '/admin/users' });
  await expect(page).toHaveURL('/admin/users');
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toHaveCount(0);
  await expect(sideNavigation(page).getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the DEMO environment shows its badge and a page-title suffix on every page', async ({
  page,
}) => {
  await signIn(page, 'accountManager');
  await expect(page).toHaveURL('/home');
  await expect(page).toHaveTitle('Home | Pillar (DEMO)');
  await expect(page.getByText('Environment: DEMO')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await sideNavigation(page).getByRole('link', { name: 'Organizations', exact: true }).click();
  await expect(page).toHaveURL('/organizations');
  await expect(page).toHaveTitle('Organizations | Pillar (DEMO)');
  await expect(page.getByText('Environment: DEMO')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the agent-only user is sent from Home to the agent desktop', async ({ page }) => {
  await signIn(page, 'agent', { path: '/home' });
  await expect(page).toHaveURL('/agent');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Desktop' })).toBeVisible();
  const nav = sideNavigation(page);
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'My Plan' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Choosing Home in the menu does not strand the agent on an empty dashboard either.
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL('/agent');
});
