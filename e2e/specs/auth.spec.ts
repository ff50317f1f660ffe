// Sign-in through the built-in OpenID provider, menus by permission, deep links and logout.
import { DEMO_PASSWORD, persona } from '../../apps/server/src/seed/personas.ts';
import {
  expect,
  expectLoginPage,
  expectNoSeriousA11yViolations,
  logOut,
  sideNavigation,
  signIn,
  submitLogin,
  test,
  userMenuButton,
} from '../fixtures.ts';

const GREETING = /^Good (morning|afternoon|evening), /;

test('the super admin signs in through the login page and sees every area of the menu', async ({
  page,
}) => {
  const admin = await signIn(page, 'superAdmin', { throughLoginPage: true });
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`${GREETING.source}${admin.firstName}$`),
  );
  const nav = sideNavigation(page);
  await expect(nav.getByRole('link', { name: 'Organizations', exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Feature Flags', exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Data Management', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Eligibility Imports', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The Users entry opens the page it promises.
  await nav.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the broker signs in and sees only the areas a broker may use', async ({ page }) => {
  const broker = await signIn(page, 'broker', { throughLoginPage: true });
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`${GREETING.source}${broker.firstName}$`),
  );
  const nav = sideNavigation(page);
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Organizations', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Feature Flags', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Data Management', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Eligibility Imports', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Protect CDS', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a wrong password is refused on the login page, which then still signs in', async ({
  page,
}) => {
  // A persona no other test signs in with, so this failure never counts towards a lockout there.
  const who = persona('dataMapper');
  await page.goto('/home');
  await expectLoginPage(page);
  const loginUrl = page.url();

  await submitLogin(page, who.username, `${DEMO_PASSWORD}-wrong`);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveTitle('Sign in to Pillar');
  // Still the same sign-in interaction: the form answered on its own page.
  await expect(page).toHaveURL((url) => url.href.startsWith(loginUrl));
  // The email is kept so the user only retypes the password; the password is never echoed.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(who.username);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  await submitLogin(page, who.username, DEMO_PASSWORD);
  await expect(page).toHaveURL('/home');
  await expect(userMenuButton(page, who)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a deep link visited while signed out opens after sign-in, query string and all', async ({
  page,
}) => {
  await signIn(page, 'superAdmin', {
    path: '/organizations?org.name=Harbor',
    throughLoginPage: true,
  });
  await expect(page).toHaveURL('/organizations?org.name=Harbor');
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Harbor');
  await expect(
    page.getByRole('link', { name: 'Harbor Point Teamsters Local 12', exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('logout ends the session at the provider and lands on the origin, signed out', async ({
  page,
  baseURL,
}) => {
  const broker = await signIn(page, 'broker', { throughLoginPage: true });
  await expectNoSeriousA11yViolations(page);

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  const endSession = page.waitForRequest((request) =>
    new URL(request.url()).pathname.startsWith('/oidc/session/end'),
  );
  await logOut(page, broker);
  await endSession;

  // The origin sends a signed-out visitor on to sign in: the login page is where it ends.
  await expectLoginPage(page);
  expect(visited, 'the pages the browser went through after Logout').toContain(`${baseURL}/`);
  expect(
    await page.evaluate(() =>
      Object.keys(window.localStorage).filter((key) => key.startsWith('oidc.user:')),
    ),
  ).toEqual([]);

  // Signed out at the provider too: a protected page asks for the password again instead of
  // slipping back in on the provider's session.
  await page.goto('/organizations');
  await expectLoginPage(page);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
});
