// The dependent page (spec 1 §2, §4, §5, §8): the account manager adds a dependent of their own
// through the API and takes it through every action on the page; a dependent of a terminated
// member shows why nothing can be done. Only the dependent this spec creates is changed.
import { type Locator, type Page } from '@playwright/test';
import {
  type BenefitGroup,
  type DependentDetail,
  type DependentSearchRow,
  type EmployeeSearchRow,
  type OrganizationDetail,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import { accessTokenOf, apiGet, expect, signIn, test } from '../fixtures.ts';
import { apiPost, findOrganization } from '../helpers/api.ts';
import {
  checkA11y,
  chooseByKeyboard,
  confirmDialog,
  expectNotice,
  notice,
  panel,
} from '../helpers/ui.ts';

const SCREENSHOTS = process.env.DEPENDENT_SCREENSHOTS;

interface Setting {
  organization: OrganizationDetail;
  groups: BenefitGroup[];
  member: EmployeeSearchRow;
}

/**
 * An active organization with dependent alternate groups and two open active groups, and an
 * active member in one of them.
 */
async function findSetting(page: Page): Promise<Setting> {
  const setting = await findOrganization(
    page,
    'processStatus=1&sort=name:desc',
    async (organization): Promise<Setting | undefined> => {
      if (!organization.supportsDependentAlternateGroup || organization.expirationDate) {
        return undefined;
      }
      const base = `/portal/v1/organizations/${organization.organizationNo}`;
      const groups = await apiGet<ResultPage<BenefitGroup>>(
        page,
        `${base}/groups?processStatus=1&limit=100&sort=name:asc`,
      );
      const open = groups.data.filter((g) => !g.expirationDate);
      if (open.length < 2) return undefined;
      const members = await apiGet<ResultPage<EmployeeSearchRow>>(
        page,
        `${base}/employees?processStatus=active&limit=50&sort=name:desc`,
      );
      // A dependent's coverage starts on or after the member's (decision 0073): the tests'
      // dependents start in 2024.
      const member = members.data.find(
        (m) =>
          m.status === 'active' &&
          m.effectiveDate <= '2024-01-01' &&
          open.some((g) => g.benefitGroupNo === m.groupNo),
      );
      return member ? { organization, groups: open, member } : undefined;
    },
  );
  if (!setting) {
    throw new Error(
      'No organization with dependent alternate groups, two open groups and a member',
    );
  }
  return setting;
}

function statusTag(page: Page): Locator {
  return page.locator('.page-header .ant-tag');
}

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

test('the account manager edits, terminates, reinstates and regroups a dependent', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'accountManager');
  const { organization, groups, member } = await findSetting(page);
  const orgId = organization.organizationNo;
  const stamp = String(Date.now()).slice(-6);
  const letters = 'abcdefghij';
  const firstName = `Quill${letters[Number(stamp[5])]}${letters[Number(stamp[4])]}`;
  const ssn = `6${stamp}41`.slice(0, 9);
  const body: Record<string, unknown> = {
    firstName,
    lastName: 'Deptest',
    birthdate: '2012-04-05',
    gender: 'F',
    relationship: 3,
    effectiveDate: '2024-01-01',
    ssn,
  };
  if (organization.SupportsDifferentDependentAddress && organization.requireAddress) {
    Object.assign(body, { address1: '5 Elm St', city: 'Dover', state: 'DE', zip: '19901' });
  }
  const created = await apiPost<DependentDetail>(
    page,
    `/portal/v1/organizations/${orgId}/employees/${member.employeeNo}/dependents`,
    body,
  );

  await page.goto(
    `/organizations/${orgId}/employees/${member.employeeNo}/dependents/${created.dependentNo}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: created.fullName })).toBeVisible();
  const header = page.locator('.page-header');
  await expect(header).toContainText(organization.name);
  await expect(header.getByRole('link', { name: created.memberName })).toBeVisible();
  await expect(header).toContainText('Child');
  await expect(header).toContainText('01/01/2024');
  await expect(header).toContainText('From 01/01/2024');
  await expect(statusTag(page)).toHaveText('Active');
  await checkA11y(page);
  await shot(page, 'dependent-page');

  // Dependent Details: Save waits for a change.
  const details = page.getByRole('form', { name: 'Dependent Details' });
  const save = details.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  const edited = `${firstName}x`;
  await details.getByLabel('First Name', { exact: true }).fill(edited);
  await expect(save).toBeEnabled();
  await save.click();
  await expectNotice(page, 'Update Dependent');
  await expect(page.getByRole('heading', { level: 1, name: `Deptest, ${edited}` })).toBeVisible();
  await expect(save).toBeDisabled();

  // The SSN is masked until revealed.
  const ssnInput = details.getByLabel('SSN', { exact: true });
  await expect(ssnInput).toHaveValue('XXX-XX-XXXX');
  await details.getByRole('button', { name: 'Reveal SSN' }).click();
  await expect(ssnInput).toHaveValue(`${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`);
  await expect(save).toBeDisabled();

  // Terminate, with the warning that it cannot be undone.
  const status = panel(page, 'Status');
  await status.getByLabel('Termination Date').fill('12/31/2023');
  await status.getByLabel('Termination Date').blur();
  await expect(status.getByText('cannot be earlier than the effective date')).toBeVisible();
  await status.getByLabel('Termination Date').fill('06/30/2024');
  await status.getByRole('button', { name: 'Terminate' }).click();
  await expect(page.getByText('This action cannot be undone.')).toBeVisible();
  await checkA11y(page);
  await confirmDialog(page, 'Terminate this dependent?', 'Terminate');
  await expectNotice(page, 'Terminate Dependent');
  await expect(statusTag(page)).toHaveText('Terminated');
  await expect(header).toContainText('From 01/01/2024 to 06/30/2024');

  // Remove the termination (the member is active).
  await status.getByRole('button', { name: 'Remove Termination' }).click();
  await confirmDialog(page, 'Remove the termination?', 'Remove Termination');
  await expectNotice(page, 'Remove Dependent Termination');
  await expect(statusTag(page)).toHaveText('Active');

  // Terminate again and reinstate.
  await status.getByLabel('Termination Date').fill('06/30/2024');
  await status.getByRole('button', { name: 'Terminate' }).click();
  await confirmDialog(page, 'Terminate this dependent?', 'Terminate');
  await expectNotice(page, 'Terminate Dependent');
  await status.getByLabel('Reinstatement Date').fill('08/01/2024');
  await status.getByRole('button', { name: 'Reinstate' }).click();
  await confirmDialog(page, 'Reinstate this dependent?', 'Reinstate');
  await expectNotice(page, 'Reinstate Dependent');
  await expect(statusTag(page)).toHaveText('Active');
  await expect(header).toContainText('From 08/01/2024');
  await checkA11y(page);

  // Group Assignment: the current group is listed but disabled.
  const groupPanel = panel(page, 'Group Assignment');
  const current = groups.find((g) => g.benefitGroupNo === member.groupNo)!;
  const other = groups.find((g) => g.benefitGroupNo !== member.groupNo)!;
  await expect(groupPanel).toContainText(current.name);
  const box = groupPanel.getByRole('combobox', { name: /Group$/ });
  await box.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(
    dropdown.locator('.ant-select-item-option-disabled').filter({ hasText: '(current)' }),
  ).toHaveCount(1);
  await box.fill(other.benefitGroupId);
  await dropdown
    .locator('.ant-select-item-option')
    .filter({ hasText: `${other.benefitGroupId} - ${other.name}` })
    .first()
    .click();
  await groupPanel.getByLabel('Change Date').fill('09/01/2024');
  await groupPanel.getByRole('button', { name: 'Change Group' }).click();
  await confirmDialog(page, 'Change the Group assignment?', 'Change Group');
  await expectNotice(page, 'Change Dependent Group');
  await expect(groupPanel).toContainText(other.name);
  await expect(groupPanel).toContainText('Alternate group of the dependent');
  await checkA11y(page);
  await shot(page, 'dependent-page-after');
});

test('a conflict shows the server’s reason and the page reloads what the server holds', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(180_000);
  browserErrors.allow(/status of 409/);
  await signIn(page, 'accountManager');
  const { organization, member } = await findSetting(page);
  const orgId = organization.organizationNo;
  const stamp = String(Date.now()).slice(-6);
  const body: Record<string, unknown> = {
    firstName: `Clash${'abcdefghij'[Number(stamp[5])]}`,
    lastName: 'Deptest',
    birthdate: '2013-04-05',
    gender: 'M',
    relationship: 3,
    effectiveDate: '2024-01-01',
    ssn: `6${stamp}52`.slice(0, 9),
  };
  if (organization.SupportsDifferentDependentAddress && organization.requireAddress) {
    Object.assign(body, { address1: '5 Elm St', city: 'Dover', state: 'DE', zip: '19901' });
  }
  const path = `/portal/v1/organizations/${orgId}/employees/${member.employeeNo}/dependents`;
  const created = await apiPost<DependentDetail>(page, path, body);
  const write = async (method: 'PUT' | 'PATCH', url: string, data: unknown) => {
    const response = await page.request.fetch(url, {
      method,
      headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
      data,
    });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  };
  const url = `${path}/${created.dependentNo}`;
  await write('PUT', `${url}/termination`, { terminationDate: '2024-06-30' });

  await page.goto(
    `/organizations/${orgId}/employees/${member.employeeNo}/dependents/${created.dependentNo}`,
  );
  await expect(statusTag(page)).toHaveText('Terminated');
  // Someone else reinstates the dependent while this page still offers Reinstate.
  await write('PATCH', `${url}/reinstatement`, { reinstateDate: '2024-08-01' });
  const status = panel(page, 'Status');
  await status.getByLabel('Reinstatement Date').fill('08/01/2024');
  await status.getByRole('button', { name: 'Reinstate' }).click();
  await confirmDialog(page, 'Reinstate this dependent?', 'Reinstate');
  const conflict = notice(page, 'Reinstate Dependent');
  await expect(conflict).toContainText('The dependent is not terminated.');
  // The page read the dependent again: it is active, and Reinstate is no longer offered.
  await expect(statusTag(page)).toHaveText('Active');
  await expect(status.getByRole('button', { name: 'Reinstate' })).toHaveCount(0);
  await checkA11y(page);
});

test('a dependent of a terminated member shows why the form is disabled', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'accountManager');
  const organizations = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    '/portal/v1/organizations?limit=100&sort=name:asc',
  );
  let found: DependentSearchRow | undefined;
  for (const organization of organizations.data) {
    const members = await apiGet<ResultPage<EmployeeSearchRow>>(
      page,
      `/portal/v1/organizations/${organization.organizationNo}/employees?processStatus=terminated&limit=50`,
    );
    for (const m of members.data.filter((row) => row.status === 'terminated')) {
      const dependents = await apiGet<ResultPage<DependentSearchRow>>(
        page,
        `/portal/v1/organizations/${organization.organizationNo}/dependents?memberId=${m.generatedId}&limit=20`,
      );
      found = dependents.data.find((d) => d.employeeNo === m.employeeNo);
      if (found) break;
    }
    if (found) break;
  }
  expect(found, 'a seeded dependent of a terminated member').toBeDefined();
  const dep = found!;
  await page.goto(
    `/organizations/${dep.organizationNo}/employees/${dep.employeeNo}/dependents/${dep.dependentNo}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByText('Dependent cannot be reinstated because the member is terminated.').first(),
  ).toBeVisible();
  const details = page.getByRole('form', { name: 'Dependent Details' });
  await expect(details.getByLabel('First Name', { exact: true })).toBeDisabled();
  await expect(details.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reinstate' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove Termination' })).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'dependent-of-terminated-member');
});

test('an unknown dependent shows the not-found page', async ({ page, browserErrors }) => {
  browserErrors.allow(/Failed to load resource/);
  await signIn(page, 'accountManager');
  await page.goto('/organizations/1/employees/1/dependents/999999999');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await checkA11y(page);
});

test('Add Dependent on the member page creates a dependent and lists it', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'accountManager');
  const { organization, member } = await findSetting(page);
  const orgId = organization.organizationNo;
  const stamp = String(Date.now()).slice(-6);
  const letters = 'abcdefghij';
  const firstName = `Wren${letters[Number(stamp[5])]}${letters[Number(stamp[4])]}`;
  await page.goto(`/organizations/${orgId}/employees/${member.employeeNo}`);
  await page.getByRole('button', { name: 'Add Dependent' }).click();
  const form = page.getByRole('form', { name: 'Add Dependent' });
  await expect(form).toBeVisible();
  // Relationship and effective date are required on create.
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form.getByText('Relationship is required')).toBeVisible();
  await expect(form.getByText('Effective Date is required')).toBeVisible();
  await checkA11y(page);
  await form.getByLabel('First Name', { exact: true }).fill(firstName);
  await form.getByLabel('Last Name', { exact: true }).fill('Drawertest');
  await form.getByLabel('Birth Date', { exact: true }).fill('03/04/2015');
  await chooseByKeyboard(form, 'Gender', 'Male');
  await chooseByKeyboard(form, 'Relationship', 'Child');
  await form.getByLabel('Effective Date', { exact: true }).fill('02/01/2024');
  await form.getByLabel('SSN', { exact: true }).fill(`5${stamp}12`.slice(0, 9));
  if (organization.SupportsDifferentDependentAddress && organization.requireAddress) {
    await form.getByLabel('Address 1', { exact: true }).fill('9 Oak Ave');
    await form.getByLabel('City', { exact: true }).fill('Dover');
    await chooseByKeyboard(form, 'State', 'DE');
    await form.getByLabel('Zip', { exact: true }).fill('19901');
  }
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expectNotice(page, 'Create Dependent');
  await expect(form).toBeHidden();
  const link = page.getByRole('link', { name: new RegExp(`Drawertest, ${firstName}`) });
  await expect(link).toBeVisible();
  await link.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Drawertest, ${firstName}` }),
  ).toBeVisible();
  await checkA11y(page);
});

test('a user without edit and SSN permissions sees the dependent read-only', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'clientNoSsn');
  const organizations = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    '/portal/v1/organizations?limit=10',
  );
  const orgId = organizations.data[0]!.organizationNo;
  const dependents = await apiGet<ResultPage<DependentSearchRow>>(
    page,
    `/portal/v1/organizations/${orgId}/dependents?processStatus=active&limit=5&sort=name:desc`,
  );
  const dep = dependents.data[0]!;
  await page.goto(
    `/organizations/${dep.organizationNo}/employees/${dep.employeeNo}/dependents/${dep.dependentNo}`,
  );
  const details = page.getByRole('form', { name: 'Dependent Details' });
  await expect(details.getByLabel('First Name', { exact: true })).toBeDisabled();
  await expect(details.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Reveal SSN' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
  await expect(
    page.getByText('You do not have permission to change this dependent.'),
  ).toBeVisible();
  await checkA11y(page);
});
