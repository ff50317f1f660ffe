// User administration: the users list and forms as the client user manager, DataNet import,
// the roles page behind its flag (and flags that follow the user), the profile and the password
// e-mails of the built-in identity provider.
import { type Browser, type Page } from '@playwright/test';
import { SIGN_IN_MESSAGES } from '../../apps/server/src/platform/auth/oidc/sign-in.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/personas.ts';
import {
  DATANET_ALREADY_IMPORTED,
  DATANET_IMPORTABLE,
  USER_ADMIN_DEMO,
} from '../../apps/server/src/seed/users-demo.ts';
import {
  accessTokenOf,
  expect,
  expectLoginPage,
  expectNoSeriousA11yViolations,
  sideNavigation,
  signIn,
  submitLogin,
  test,
} from '../fixtures.ts';
import { outboxMatch } from '../helpers/api.ts';
import { drawer, notice } from '../helpers/ui.ts';

const ACCESS_DENIED = 'You are not authorized to view this page.';

/** Signs in a user who is not one of the personas, through the real login page. */
async function signInAs(page: Page, username: string, password: string, path = '/home') {
  await page.goto(path);
  await expectLoginPage(page);
  await submitLogin(page, username, password);
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login'),
  );
}

/** The newest link to the password page in the built-in outbox for an address. */
async function passwordLinkFor(adminPage: Page, address: string): Promise<string> {
  const match = await outboxMatch(
    adminPage,
    address,
    /https?:\/\/[^\s]+\/oidc\/reset\/[A-Za-z0-9_-]+/,
  );
  return match[0];
}

async function setPassword(page: Page, link: string, password: string, heading: string) {
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /password/ }).click();
}

test('the client user manager creates a client user in their organization, edits and deactivates them', async ({
  page,
}) => {
  await signIn(page, 'client', { path: '/admin/users' });
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('row', { name: /client@pillar\.example/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // No DataNet import for clients.
  await expect(page.getByRole('button', { name: 'Import DataNet User' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page).toHaveURL('/admin/users/create');
  const form = drawer(page);
  await expect(form.getByRole('heading', { name: 'What type of user is this?' })).toBeVisible();
  // Only their own type is offered, already chosen.
  await expect(form.getByRole('radio')).toHaveCount(1);
  await expect(form.getByRole('radio', { name: 'Client' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByText('(0/1 required roles)')).toBeVisible();
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form.getByText('Please select at least one User Permission')).toBeVisible();
  await expect(form.getByText('First Name is required')).toBeVisible();

  const email = `quinn.harlow.${Date.now()}@cedar.example`;
  await form.getByLabel('First Name').fill('Quinn');
  await form.getByLabel('Last Name').fill('Harlow');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('5551234567');
  await expect(form.getByLabel('Phone')).toHaveValue('555-123-4567');
  await form.getByLabel('Extension').fill('77');
  await form.getByRole('checkbox', { name: 'Manage Eligibility' }).check();
  await expect(form.getByText('(1/1 required roles)')).toBeVisible();
  // Developer and internal roles are not offered to a client.
  await expect(form.getByRole('checkbox', { name: 'Developer' })).toHaveCount(0);

  const organizations = form.getByRole('combobox', { name: 'Organizations' });
  await organizations.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options).toHaveText('Cedar Valley Manufacturing');
  await organizations.press('Enter');
  await organizations.press('Escape');
  const grant = form.getByRole('group', { name: 'Cedar Valley Manufacturing' });
  // The client holds only two groups of it, so cannot give all groups.
  await expect(grant.getByRole('radio', { name: 'All Groups' })).toBeDisabled();
  await expect(grant.getByRole('radio', { name: 'Select Groups' })).toBeChecked();
  await expect(grant.getByRole('checkbox')).toHaveCount(2);
  // Restricted to both of those groups.
  await grant.getByRole('checkbox').nth(0).check();
  await grant.getByRole('checkbox').nth(1).check();
  await expect(form.getByRole('switch', { name: 'Activate/Deactivate' })).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(notice(page, 'Create User')).toBeVisible();
  await expect(page).toHaveURL('/admin/users');
  await page.getByRole('form', { name: 'User search' }).getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: /Quinn Harlow/ });
  await expect(row).toContainText('Manage Eligibility');
  await expect(row).toContainText('Deactivated');

  // Edit: the email is read-only, the type fixed for a client.
  await row.getByRole('link', { name: 'Quinn Harlow' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+\?/);
  const edit = drawer(page);
  await expect(edit.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(edit.getByRole('radio', { name: 'Client' })).toBeDisabled();
  // The two groups were saved as the user's access.
  await expect(
    edit
      .getByRole('group', { name: 'Cedar Valley Manufacturing' })
      .getByRole('checkbox', { checked: true }),
  ).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await edit.getByLabel('Last Name').fill('Harlow-Reyes');
  await edit.getByRole('switch', { name: 'Activate/Deactivate' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Update User')).toBeVisible();
  await expect(page.getByRole('row', { name: /Quinn Harlow-Reyes/ })).toContainText('Active');

  // Deactivate again, and find them among the deactivated users.
  await page.getByRole('link', { name: 'Quinn Harlow-Reyes' }).click();
  await drawer(page).getByRole('switch', { name: 'Activate/Deactivate' }).click();
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page)).toHaveCount(0);
  await page.getByLabel('User Status').click();
  await page.locator('.ant-select-item-option', { hasText: 'Deactivated' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row', { name: /Quinn Harlow-Reyes/ })).toContainText('Deactivated');
});

test('an administrator creates an internal user who signs in, and once deactivated cannot', async ({
  page,
  browser,
}) => {
  await signIn(page, 'superAdmin', { path: '/admin/users' });
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page).toHaveURL('/admin/users/create');
  const form = drawer(page);
  // Every type is offered to an internal creator.
  await expect(form.getByRole('radio')).toHaveCount(3);
  // Button-style radios: the visible label takes the click.
  await form.getByText('Internal', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Internal' })).toBeChecked();
  await form.getByRole('button', { name: 'Next' }).click();

  const username = `morgan.vale.${Date.now()}@users-e2e.example`;
  await form.getByLabel('First Name').fill('Morgan');
  await form.getByLabel('Last Name').fill('Vale');
  await form.getByLabel('Email').fill(username);
  // Internal roles are offered; client and broker roles are not.
  await expect(form.getByRole('checkbox', { name: 'Manage Eligibility' })).toHaveCount(0);
  await form.getByRole('checkbox', { name: 'Agent', exact: true }).check();
  await form.getByText('All Organizations', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'All Organizations' })).toBeChecked();
  await form.getByRole('switch', { name: 'Activate/Deactivate' }).click();
  await expect(form.getByRole('switch', { name: 'Activate/Deactivate' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(notice(page, 'Create User')).toBeVisible();
  await expect(page).toHaveURL('/admin/users');

  await page.getByRole('form', { name: 'User search' }).getByLabel('Email').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: /Morgan Vale/ });
  await expect(row).toContainText('Agent');
  await expect(row).toContainText('Active');

  // The invitation sets a password, and the new user signs in.
  const invitation = await passwordLinkFor(page, username);
  const password = 'quiet tide at the pier';
  const first = await browser.newContext();
  try {
    const user = await first.newPage();
    await setPassword(user, invitation, password, 'Set your Pillar password');
    await expect(user.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
    await signInAs(user, username, password);
    await expect(
      user.getByRole('banner').getByRole('button', { name: 'Morgan Vale' }),
    ).toBeVisible();
  } finally {
    await first.close();
  }

  // Deactivated in the browser by the administrator...
  await row.getByRole('link', { name: 'Morgan Vale' }).click();
  const edit = drawer(page);
  await edit.getByRole('switch', { name: 'Activate/Deactivate' }).click();
  await expect(edit.getByRole('switch', { name: 'Activate/Deactivate' })).not.toBeChecked();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Update User')).toBeVisible();
  await expect(page.getByRole('row', { name: /Morgan Vale/ })).toContainText('Deactivated');

  // ...the same password no longer signs in.
  const second = await browser.newContext();
  try {
    const user = await second.newPage();
    await user.goto('/home');
    await expectLoginPage(user);
    await submitLogin(user, username, password);
    await expect(user.getByRole('alert')).toHaveText(SIGN_IN_MESSAGES.inactive);
    await expectLoginPage(user);
    await expectNoSeriousA11yViolations(user);
  } finally {
    await second.close();
  }
});

test('an account manager imports a DataNet user', async ({ page, browserErrors }) => {
  // The preview's 409 and 404 are expected answers; the browser logs them.
  browserErrors.allow(/status of 40[49]/);
  await signIn(page, 'accountManager', { path: '/admin/users' });
  await page.getByRole('button', { name: 'Import DataNet User' }).click();
  await expect(page).toHaveURL('/admin/users/import');
  const form = drawer(page);
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel('Email').fill(DATANET_ALREADY_IMPORTED.username);
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('Email in use')).toBeVisible();
  await expect(form.getByRole('link', { name: 'View/Edit user' })).toBeVisible();

  await form.getByLabel('Email').fill('nobody.here@legacy-benefits.example');
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('Email not found')).toBeVisible();
  await expect(form.getByRole('link', { name: 'Create a new user' })).toHaveAttribute(
    'href',
    '/admin/users/create',
  );

  const wren = DATANET_IMPORTABLE[2];
  await form.getByLabel('Email').fill(`  ${wren.username}  `);
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('System User')).toBeVisible();
  await expect(form.getByText(wren.username)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Import' })).toBeDisabled();
  await form.getByText('Broker', { exact: true }).click();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Import' }).click();

  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  const edit = drawer(page);
  await expect(
    edit.getByRole('heading', { name: `${wren.firstName} ${wren.lastName}` }),
  ).toBeVisible();
  await expect(edit.getByRole('radio', { name: 'Broker' })).toBeChecked();
  await expect(edit.getByRole('switch', { name: 'Activate/Deactivate' })).not.toBeChecked();
  await expect(edit.getByText('(0/1 required roles)')).toBeVisible();
});

async function openAsUserAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, USER_ADMIN_DEMO.username, DEMO_PASSWORD, '/admin/roles');
  return { context, page };
}

test('the roles page opens only with its flag, and flags follow the user to another browser', async ({
  page,
  browser,
}) => {
  await signInAs(page, USER_ADMIN_DEMO.username, DEMO_PASSWORD, '/admin/roles');
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
  await expect(sideNavigation(page).getByRole('link', { name: 'Roles' })).toHaveCount(0);

  await sideNavigation(page).getByRole('link', { name: 'Feature Flags' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feature Flags' })).toBeVisible();
  const rolesFlag = page.getByRole('switch', { name: 'Show Roles Page' });
  await expect(rolesFlag).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await rolesFlag.click();
  await expect(rolesFlag).toBeChecked();

  await sideNavigation(page).getByRole('link', { name: 'Roles' }).click();
  await expect(page).toHaveURL('/admin/roles');
  await expect(page.getByRole('heading', { level: 2, name: 'Base Roles' })).toBeVisible();
  const managerRow = page.getByRole('row', { name: /^Account Manager Internal/ });
  await expect(managerRow).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await managerRow.getByRole('button', { name: /^View/ }).click();
  const roleDrawer = drawer(page);
  await expect(roleDrawer.getByRole('group', { name: 'Manage User' })).toBeVisible();
  await expect(roleDrawer.getByRole('checkbox', { name: 'Create users' })).toBeChecked();
  await expect(
    roleDrawer.getByRole('checkbox', { name: 'Grant protected roles' }),
  ).not.toBeChecked();
  await expect(roleDrawer.getByRole('checkbox', { name: 'Create users' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // A new browser, with nothing stored: the flag comes from the server.
  const other = await openAsUserAdmin(browser);
  try {
    await expect(other.page.getByRole('heading', { level: 2, name: 'Base Roles' })).toBeVisible();
    await expect(sideNavigation(other.page).getByRole('link', { name: 'Roles' })).toBeVisible();
    // Turned off there, it is off here after the next sign-in too.
    await other.page.goto('/admin/featureFlags');
    await other.page.getByRole('switch', { name: 'Show Roles Page' }).click();
    await expect(sideNavigation(other.page).getByRole('link', { name: 'Roles' })).toHaveCount(0);
  } finally {
    await other.context.close();
  }
  const third = await openAsUserAdmin(browser);
  try {
    await expect(third.page.getByText(ACCESS_DENIED)).toBeVisible();
  } finally {
    await third.context.close();
  }
});

test('a new user sets a password from the invitation, edits the profile and resets the password by e-mail', async ({
  page,
  browser,
}) => {
  // An administrator creates the user; the invitation goes to the built-in outbox.
  await signIn(page, 'superAdmin', { path: '/admin/users' });
  const username = `pat.profile.${Date.now()}@users-e2e.example`;
  const created = await page.request.post('/authorization/v1/users', {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
    data: {
      username,
      firstName: 'Pat',
      lastName: 'Okonkwo',
      type: 'internal',
      allOrganizations: true,
      active: true,
      roles: [2],
      organizations: [],
    },
  });
  expect(created.status()).toBe(201);
  const invitation = await passwordLinkFor(page, username);

  const context = await browser.newContext();
  const user = await context.newPage();
  try {
    await setPassword(user, invitation, 'first light over the harbor', 'Set your Pillar password');
    await expect(user.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
    await signInAs(user, username, 'first light over the harbor', '/admin/users');
    const menu = user.getByRole('banner').getByRole('button', { name: 'Pat Okonkwo' });
    await expect(menu).toBeVisible();

    await menu.click();
    await user.getByRole('menuitem', { name: 'Profile' }).click();
    const profile = drawer(user);
    await expect(profile.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(profile.getByLabel('Email')).toHaveValue(username);
    await expect(profile.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(profile.getByText('Applications/Permissions')).toHaveCount(0);
    await expectNoSeriousA11yViolations(user);
    await profile.getByLabel('First Name').fill('Patricia');
    await profile.getByLabel('Phone').fill('5559876543');
    await profile.getByLabel('Extension').fill('204');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(notice(user, 'Update Profile')).toBeVisible();
    await expect(
      user.getByRole('banner').getByRole('button', { name: 'Patricia Okonkwo' }),
    ).toBeVisible();

    await profile.getByRole('button', { name: 'Send' }).click();
    await expect(profile.getByText(/password reset email is on its way/)).toBeVisible();
    const reset = await passwordLinkFor(page, username);
    expect(reset).not.toBe(invitation);

    await setPassword(user, reset, 'second wind on the ridge', 'Reset your Pillar password');
    await expect(user.getByRole('heading', { name: 'Your password has been reset' })).toBeVisible();
  } finally {
    await context.close();
  }

  // A fresh browser signs in with the new password only.
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  try {
    await again.goto('/home');
    await expectLoginPage(again);
    await submitLogin(again, username, 'first light over the harbor');
    await expect(again.getByRole('alert')).toHaveText('Invalid email or password.');
    await submitLogin(again, username, 'second wind on the ridge');
    await expect(
      again.getByRole('banner').getByRole('button', { name: 'Patricia Okonkwo' }),
    ).toBeVisible();
  } finally {
    await fresh.close();
  }
});
