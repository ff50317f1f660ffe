// The agent desktop's member-portal unlock (spec 2 §2 modals, §4, §8): the dialog, its email
// rule and the spec's notices, against the built-in member-portal account store.
import { USER_MESSAGES } from '@pillar/domain';
import { MEMBER_PORTAL_DEMO } from '../../apps/server/src/seed/users-demo.ts';
import { expect, expectNoSeriousA11yViolations, signIn, test } from '../fixtures.ts';
import { notice } from '../helpers/ui.ts';

test('a supervisor unlocks a blocked member-portal account, and an unknown address is named', async ({
  page,
  browserErrors,
}) => {
  // The unknown address is a 404 from the API, which the browser logs.
  browserErrors.allow(/status of 404 .*\/auth0-management\/user-blocks\?email=nobody/);
  // Unlocking needs agent-unlock-member-portal (Agent Supervisor, IT Help Desk, administrators).
  await signIn(page, 'superAdmin', { path: '/agent' });
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Desktop' })).toBeVisible();
  await page.getByRole('button', { name: 'Unlock Member Account' }).click();

  const dialog = page.getByRole('dialog', { name: 'Unlock Member Account' });
  const unlock = dialog.getByRole('button', { name: 'Unlock' });
  const email = dialog.getByLabel('Member Portal Email');
  // Unlock is enabled only after a valid email.
  await expect(unlock).toBeDisabled();
  await email.fill('not-an-address');
  await expect(unlock).toBeDisabled();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const unknown = 'nobody.here@members.example';
  await email.fill(unknown);
  await expect(unlock).toBeEnabled();
  await unlock.click();
  const error = notice(page, 'Error');
  await expect(error).toContainText(USER_MESSAGES.notAMemberPortalAccount(unknown));
  // The dialog stays open to correct the address.
  await expect(dialog).toBeVisible();

  await email.fill(MEMBER_PORTAL_DEMO.blocked);
  await unlock.click();
  const success = notice(page, 'Member Unlocked!');
  await expect(success).toContainText(USER_MESSAGES.memberUnlocked(MEMBER_PORTAL_DEMO.blocked));
  await expect(dialog).toHaveCount(0);
});

test('an agent without the unlock permission is told so on the agent desktop', async ({ page }) => {
  await signIn(page, 'agent', { path: '/agent' });
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Desktop' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlock Member Account' })).toHaveCount(0);
  await expect(
    page.getByText('You do not have permission to unlock member accounts.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
