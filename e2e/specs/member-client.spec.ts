// Issue 4's done-when, as the client user manager of Cedar Valley (edit permission, two of its
// groups): a member's whole eligibility life in the browser, inside their scope, and nothing
// outside it. Only the member this spec creates is changed.
import {
  type BenefitGroup,
  type EmployeeSearchRow,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import {
  addDays,
  checkA11y,
  choose,
  confirmDialog,
  expectNotice,
  panel,
  shown,
  uniqueLetters,
} from '../helpers/ui.ts';

test('a client user runs a member of their organization from creation to reinstatement', async ({
  page,
  browser,
  browserErrors,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'client');
  const organizations = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    '/portal/v1/organizations?limit=10',
  );
  expect(organizations.totalCount).toBe(1);
  const organization = organizations.data[0]!;
  const orgId = organization.organizationNo;
  // The groups the client holds: only these are offered.
  const groups = await apiGet<ResultPage<BenefitGroup>>(
    page,
    `/portal/v1/organizations/${orgId}/groups?processStatus=1&limit=100&sort=name:asc`,
  );
  const open = groups.data.filter((g) => !g.expirationDate);
  expect(open.length).toBeGreaterThanOrEqual(1);
  const group = open[0]!;
  const effective = [group.effectiveDate, '2025-03-03'].sort().at(-1)!;
  const lastName = `Clientlife${uniqueLetters(3)}`;

  await page.goto(`/organizations/${orgId}/members`);
  await page.getByRole('button', { name: 'Create New Member' }).click();
  const create = page.getByRole('form', { name: 'Create New Member' });
  await create.getByLabel('First Name', { exact: true }).fill('Wren');
  await create.getByLabel('Last Name', { exact: true }).fill(lastName);
  await create.getByLabel('Birth Date', { exact: true }).fill('09/14/1979');
  await choose(create, 'Gender', 'Female');
  const ssn = create.getByLabel('SSN', { exact: true });
  if (await ssn.isVisible()) await ssn.fill(`6${String(Date.now()).slice(-8)}`);
  await create.getByLabel('Address 1', { exact: true }).fill('8 Mill Race Lane');
  await create.getByLabel('City', { exact: true }).fill('Des Moines');
  await choose(create, 'State', 'IA', 'IA');
  await create.getByLabel('Zip', { exact: true }).fill('50309');
  await create.getByLabel('Effective Date', { exact: true }).fill(shown(effective));
  await choose(create, 'Group', new RegExp(`\\(${group.benefitGroupId}\\)`), group.benefitGroupId);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expectNotice(page, 'Create Employee');
  await expect(page).toHaveURL(new RegExp(`/organizations/${orgId}/employees/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(lastName);
  const status = page.locator('.member-summary').locator('.ant-tag');
  await expect(status).toHaveText('Active');

  // Terminate.
  const actions = panel(page, 'Eligibility Actions');
  const terminationDate = addDays(effective, 45);
  await actions.getByLabel('Termination Date', { exact: true }).fill(shown(terminationDate));
  await actions.getByRole('button', { name: 'Terminate', exact: true }).click();
  await confirmDialog(page, 'This action cannot be undone.', 'Terminate');
  await expectNotice(page, 'Terminate Employee');
  await expect(status).toHaveText('Terminated');

  // Change the termination date.
  const later = addDays(effective, 75);
  await actions.getByLabel('New Termination Date', { exact: true }).fill(shown(later));
  await actions.getByRole('button', { name: 'Change Termination Date', exact: true }).click();
  await confirmDialog(page, 'Change the termination date?', 'Change Termination Date');
  await expectNotice(page, 'Change Termination Date');
  await expect(panel(page, 'Member Details')).toContainText(shown(later));

  // Reinstate into the client's group, no earlier than the effective date.
  await choose(actions, 'Group', new RegExp(`\\(${group.benefitGroupId}\\)`), group.benefitGroupId);
  await actions.getByLabel('Reinstatement Date', { exact: true }).fill(shown(addDays(later, 1)));
  await actions.getByRole('button', { name: 'Reinstate', exact: true }).click();
  await confirmDialog(page, 'Reinstate this member?', 'Reinstate');
  await expectNotice(page, 'Reinstate Employee');
  await expect(status).toHaveText('Active');
  await checkA11y(page);

  // The new member is found in the client's searches.
  const found = await apiGet<ResultPage<EmployeeSearchRow>>(
    page,
    `/portal/v1/organizations/${orgId}/employees?name=${lastName}`,
  );
  expect(found.data.map((row) => row.lastName)).toEqual([lastName]);

  // A member of another organization, as the super admin sees it...
  const admin = await browser.newContext();
  let other: EmployeeSearchRow;
  try {
    const adminPage = await admin.newPage();
    await signIn(adminPage, 'superAdmin');
    const others = await apiGet<ResultPage<EmployeeSearchRow>>(
      adminPage,
      `/portal/v1/employees?name=a&processStatus=active&confirmOneField=true&limit=50`,
    );
    other = others.data.find((row) => row.organizationNo !== orgId)!;
    expect(other).toBeDefined();
  } finally {
    await admin.close();
  }
  // ...is not there for the client.
  browserErrors.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.goto(`/organizations/${other.organizationNo}/employees/${other.employeeNo}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
