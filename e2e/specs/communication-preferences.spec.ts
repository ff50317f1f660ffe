// Communication preferences on the agent's member detail (issue 12, spec 2 §4 and §5, decision
// 0099), as the agent persona: the drawer's live opt-ins (clearing the phone unticks Call and
// Voicemail, entering one ticks them, likewise Email, SMS disabled and kept), 'Please fill the
// form first', the saved notice, a removal refused with the spec's text, and a dependent's
// confidentiality saved with its phone.
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type Page } from '@playwright/test';
import {
  COMMUNICATION_PREFERENCE_MESSAGES as M,
  formatMemberName,
  formatPreferencePhone,
  type CommunicationDetails,
  type DependentSearchRow,
  type EmployeeSearchRow,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import { accessTokenOf, apiGet, expect, signIn, test } from '../fixtures.ts';
import { drawer, panel } from '../helpers/ui.ts';

/** Organizations whose members this spec changes preferences of (no other spec reads them). */
const ORGANIZATION = 'Harbor Point Teamsters Local 12';

async function asAdmin<T>(browser: Browser, find: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, 'superAdmin');
    return await find(page);
  } finally {
    await context.close();
  }
}

async function organizationNo(page: Page): Promise<number> {
  const orgs = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    `/portal/v1/organizations?name=${encodeURIComponent(ORGANIZATION)}`,
  );
  return orgs.data.find((o) => o.name === ORGANIZATION)!.organizationNo;
}

/** What the members hub holds for a member or dependent, read with the agent's own session. */
async function preferencesOf(
  page: Page,
  target: { organizationNo: number; employeeNo: number; dependentNo?: number },
): Promise<CommunicationDetails | null> {
  const response = await page.request.post('/members-hub/v1/member/GetCommunicationPref', {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
    data: target,
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as CommunicationDetails | null;
}

/**
 * axe on this spec's own blocks, the drawer and the card (the whole page is the member detail
 * spec's to check): no serious or critical violation.
 */
async function checkBlocksA11y(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .include('.ant-drawer-content')
    .include('.comm-pref-card')
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the agent changes a member phone and e-mail with the live opt-ins; a removal is refused', async ({
  page,
  browser,
}) => {
  const { orgId, members } = await asAdmin(browser, async (admin) => {
    const orgId = await organizationNo(admin);
    const rows = await apiGet<ResultPage<EmployeeSearchRow>>(
      admin,
      `/portal/v1/organizations/${orgId}/employees?limit=50&offset=0&processStatus=active`,
    );
    return { orgId, members: rows.data };
  });
  await signIn(page, 'agent', { path: '/agent' });
  // A member with a phone and an e-mail on file, not written by the agent yet.
  let member: EmployeeSearchRow | undefined;
  let before: CommunicationDetails | null = null;
  for (const row of members) {
    before = await preferencesOf(page, { organizationNo: orgId, employeeNo: row.employeeNo });
    if (before?.phoneNumber && before.emailAddress && before.source === 'Member') {
      member = row;
      break;
    }
  }
  expect(member, 'a member with a phone and an e-mail from the portal').toBeDefined();
  await page.goto(`/agent/${orgId}/member/${member!.employeeNo}`);
  await expect(
    page.getByRole('heading', { level: 1, name: formatMemberName(member!) }),
  ).toBeVisible();

  const card = panel(page, 'Communication Preferences');
  await expect(card).toContainText(formatPreferencePhone(before!.phoneNumber));
  await card.getByRole('button', { name: 'Edit' }).click();
  const form = drawer(page);
  await expect(form.getByText('Communication Preferences', { exact: true })).toBeVisible();

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText(M.emptyForm);

  const phone = form.getByLabel('Phone Number');
  const email = form.getByLabel('Email', { exact: true });
  const call = form.getByRole('checkbox', { name: 'Call' });
  const voicemail = form.getByRole('checkbox', { name: 'Voicemail' });
  const sms = form.getByRole('checkbox', { name: 'SMS' });
  const emailOptIn = form.getByRole('checkbox', { name: 'Email opt-in' });
  await expect(sms).toBeDisabled();
  const smsBefore = before!.commsPref.smsOpted;

  await phone.fill('');
  await expect(call).not.toBeChecked();
  await expect(voicemail).not.toBeChecked();
  await phone.fill('5558675309');
  await expect(phone).toHaveValue('555-867-5309');
  await expect(call).toBeChecked();
  await expect(voicemail).toBeChecked();
  await voicemail.uncheck();
  await expect(sms).toBeChecked({ checked: smsBefore });

  await email.fill('');
  await expect(emailOptIn).not.toBeChecked();
  await email.fill('agent.set@example.com');
  await expect(emailOptIn).toBeChecked();
  await checkBlocksA11y(page);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: M.saved })).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(card).toContainText('555-867-5309');
  await expect(card).toContainText('agent.set@example.com');
  await expect(card).toContainText('(Agent)');

  // A stored phone cannot be removed: the drawer says so before anything is sent.
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(phone).toHaveValue('555-867-5309');
  await phone.fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText(M.phoneRemoved);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  expect(
    await preferencesOf(page, { organizationNo: orgId, employeeNo: member!.employeeNo }),
  ).toMatchObject({
    phoneNumber: '5558675309',
    emailAddress: 'agent.set@example.com',
    source: 'Agent',
    commsPref: { smsOpted: smsBefore, callOpted: true, voiceMailOpted: false, emailOpted: true },
  });
});

test('a dependent needs a confidentiality choice, saved with the phone', async ({
  page,
  browser,
}) => {
  const { orgId, dependents } = await asAdmin(browser, async (admin) => {
    const orgId = await organizationNo(admin);
    const rows = await apiGet<ResultPage<DependentSearchRow>>(
      admin,
      `/portal/v1/organizations/${orgId}/dependents?limit=50&offset=0&processStatus=active`,
    );
    return { orgId, dependents: rows.data };
  });
  await signIn(page, 'agent', { path: '/agent' });
  // A dependent with neither contact details nor a confidentiality choice on file.
  let dependent: DependentSearchRow | undefined;
  for (const row of dependents) {
    const target = {
      organizationNo: orgId,
      employeeNo: row.employeeNo,
      dependentNo: row.dependentNo,
    };
    if ((await preferencesOf(page, target)) !== null) continue;
    const confidentiality = await apiGet<{ isConfidential: 0 | 1 | null }>(
      page,
      `/members-hub/v1/member/confidentiality?organizationNo=${orgId}&employeeNo=${row.employeeNo}&dependentNo=${row.dependentNo}&birthDate=${row.birthdate}`,
    );
    if (confidentiality.isConfidential === null) {
      dependent = row;
      break;
    }
  }
  expect(dependent, 'a dependent without preferences or a choice').toBeDefined();
  await page.goto(`/agent/${orgId}/member/${dependent!.employeeNo}/${dependent!.dependentNo}`);
  const card = panel(page, 'Communication Preferences');
  await expect(card).toContainText('Confidentiality: Not selected');
  await card.getByRole('button', { name: 'Edit' }).click();
  const form = drawer(page);
  await form.getByLabel('Phone Number').fill('5552220101');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText(M.confidentialityRequired);

  await form.getByRole('radio', { name: 'NonConfidential' }).check();
  await form.getByRole('radio', { name: 'Confidential', exact: true }).check();
  await expect(form.getByRole('radio', { name: 'NonConfidential' })).not.toBeChecked();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: M.saved })).toBeVisible();
  await expect(card).toContainText('Confidentiality: Confidential');
  await expect(card).toContainText('555-222-0101');
});
