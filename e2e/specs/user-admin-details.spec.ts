// Details of spec 2's user administration the browser review found (issue 10): a form's own
// checks show inline, once, with no notice (only the server's 400 keeps a notice open, §8);
// Reset Password confirms the e-mail went; feature flags kept in the browser under a per-user
// key as well as on the server (§6).
import { apiGet, expect, signIn, test, userMenuButton } from '../fixtures.ts';
import { drawer, notice } from '../helpers/ui.ts';

test("the create form's own checks show inline, once, and stack no notices", async ({ page }) => {
  await signIn(page, 'superAdmin', { path: '/admin/users/create' });
  const form = drawer(page);
  await form.getByText('Internal', { exact: true }).click();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByLabel('First Name')).toBeVisible();
  const create = form.getByRole('button', { name: 'Create', exact: true });
  for (let click = 0; click < 3; click += 1) await create.click();
  await expect(form.getByText('First Name is required')).toHaveCount(1);
  await expect(form.getByText('First Name is required')).toBeVisible();
  await expect(notice(page, 'Error')).toHaveCount(0);

  // Filled in, the names' messages go; the form still asks for organizations, inline.
  await form.getByLabel('First Name').fill('Nell');
  await form.getByLabel('Last Name').fill('Strand');
  await form.getByLabel('Email').fill(`nell.strand.${Date.now()}@users-e2e.example`);
  await create.click();
  await create.click();
  await expect(form.getByText('First Name is required')).toHaveCount(0);
  await expect(notice(page, 'Error')).toHaveCount(0);
});

test('Reset Password > Send confirms the e-mail with a notice', async ({ page }) => {
  const who = await signIn(page, 'broker');
  await userMenuButton(page, who).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const profile = drawer(page);
  await expect(profile.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await profile.getByRole('button', { name: 'Send' }).click();
  const sent = notice(page, 'Reset Password');
  await expect(sent).toBeVisible();
  await expect(sent).toContainText(/password reset email is on its way/);
});

test("the signed-in user's feature flags are kept in the browser under their own key", async ({
  page,
}) => {
  await signIn(page, 'superAdmin', { path: '/admin/featureFlags' });
  await expect(page.getByRole('switch', { name: 'Show Roles Page' })).toBeVisible();
  const stored = () =>
    page.evaluate(() => {
      const keys = Object.keys(window.localStorage).filter((key) =>
        key.startsWith('pillar.featureFlags.'),
      );
      return keys.map((key) => [
        key,
        JSON.parse(window.localStorage.getItem(key) ?? '{}') as Record<string, boolean>,
      ]);
    });
  // Every flag, off ones included, once the server's copy has arrived.
  await expect
    .poll(stored)
    .toEqual([
      [
        expect.stringMatching(/^pillar\.featureFlags\.\d+$/),
        { 'Show User Permissions': false, 'Show Roles Page': false },
      ],
    ]);
  // A change lands in both: this browser's copy at once, the server's for the next browser.
  await page.getByRole('switch', { name: 'Show User Permissions' }).click();
  await expect
    .poll(stored)
    .toEqual([
      [
        expect.stringMatching(/^pillar\.featureFlags\.\d+$/),
        { 'Show User Permissions': true, 'Show Roles Page': false },
      ],
    ]);
  const flags = await apiGet<{ data: { title: string; value: boolean }[] }>(
    page,
    '/authorization/v1/feature-flags',
  );
  expect(flags.data.find((flag) => flag.title === 'Show User Permissions')?.value).toBe(true);
  // Back off, for the other specs of this shared database.
  await page.getByRole('switch', { name: 'Show User Permissions' }).click();
  await expect(page.getByRole('switch', { name: 'Show User Permissions' })).not.toBeChecked();
});
