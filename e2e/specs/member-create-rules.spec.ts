// Create New Member follows the organization (spec 1 §2 Members tab, §4 COB, §5 member form
// rules): not offered on a terminated organization; required address, client ID length and its
// padding or trimming, and the COB effective date as each organization's settings ask. The
// organizations are found through the API among the seeded ones; every member is this spec's own.
import { type Locator, type Page } from '@playwright/test';
import {
  FIELD_LABELS,
  MEMBER_RECORD_MESSAGES,
  MESSAGES,
  PROCESS_STATUS,
  applyClientIdRules,
  requiredMessage,
  todayIso,
  type BenefitGroup,
  type EmployeeDetail,
  type OrganizationDetail,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { findOrganization } from '../helpers/api.ts';
import { checkA11y, choose, expectNotice, shown, uniqueLetters } from '../helpers/ui.ts';

interface Setting {
  organization: OrganizationDetail;
  group: BenefitGroup;
}

/** An organization that is active, with no termination ahead. */
function active(organization: OrganizationDetail): boolean {
  return organization.processStatus === PROCESS_STATUS.active && !organization.expirationDate;
}

/** An active organization the test accepts, with an open active group to create members in. */
async function findSetting(
  page: Page,
  accept: (organization: OrganizationDetail) => boolean,
  what: string,
): Promise<Setting> {
  const setting = await findOrganization(
    page,
    'processStatus=1&sort=name:asc',
    async (organization): Promise<Setting | undefined> => {
      if (!active(organization) || !accept(organization)) return undefined;
      const groups = await apiGet<ResultPage<BenefitGroup>>(
        page,
        `/portal/v1/organizations/${organization.organizationNo}/groups?processStatus=1&limit=100&sort=name:asc`,
      );
      const group = groups.data.find((g) => !g.expirationDate);
      return group ? { organization, group } : undefined;
    },
  );
  if (!setting) throw new Error(`No seeded active organization with an open group ${what}`);
  // Which organization and settings the run found, for the report.
  const o = setting.organization;
  const settings = {
    requireAddress: o.requireAddress,
    useCOB: o.useCOB,
    clientIdMinimumLength: o.clientIdMinimumLength,
    clientIdMaximumLength: o.clientIdMaximumLength,
    padClientIdWithLeadingZeros: o.padClientIdWithLeadingZeros,
    ltrimClientId: o.ltrimClientId,
    rtrimClientId: o.rtrimClientId,
  };
  test.info().annotations.push({
    type: 'organization',
    description: `${o.name} (${o.organizationNo}) ${what}: ${JSON.stringify(settings)}`,
  });
  return setting;
}

/** Opens Create New Member from the organization's Members tab. */
async function openCreate(page: Page, organization: OrganizationDetail): Promise<Locator> {
  await page.goto(`/organizations/${organization.organizationNo}/members`);
  await page.getByRole('button', { name: 'Create New Member' }).click();
  const create = page.getByRole('form', { name: 'Create New Member' });
  await expect(create).toBeVisible();
  return create;
}

/** A field's label, marked by antd when the field is required. */
function label(form: Locator, text: string): Locator {
  return form.locator(`label[title="${text}"]`);
}

/** Fills the fields every organization requires, with a name and SSN unique to this run. */
async function fillMember(form: Locator, { organization, group }: Setting): Promise<string> {
  const stamp = String(Date.now()).slice(-6);
  const lastName = `Rulestest${uniqueLetters(3)}`;
  await form.getByLabel('First Name', { exact: true }).fill('Ember');
  await form.getByLabel('Last Name', { exact: true }).fill(lastName);
  await form.getByLabel('Birth Date', { exact: true }).fill('09/14/1979');
  await choose(form, 'Gender', 'Female');
  await form.getByLabel('SSN', { exact: true }).fill(`4${stamp}37`.slice(0, 9));
  const effective = [group.effectiveDate, organization.effectiveDate, '2025-01-02'].sort().at(-1)!;
  await form.getByLabel('Effective Date', { exact: true }).fill(shown(effective));
  await choose(form, 'Group', new RegExp(`\\(${group.benefitGroupId}\\)`), group.benefitGroupId);
  return lastName;
}

async function fillAddress(form: Locator): Promise<void> {
  await form.getByLabel(FIELD_LABELS.address1, { exact: true }).fill('40 Quarry Lane');
  await form.getByLabel(FIELD_LABELS.city, { exact: true }).fill('Dayton');
  await choose(form, FIELD_LABELS.state, 'OH', 'OH');
  await form.getByLabel(FIELD_LABELS.zip, { exact: true }).fill('45402');
}

/** Presses Create and waits for the new member's page; answers the member number. */
async function createAndOpen(page: Page, organization: OrganizationDetail): Promise<number> {
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/organizations/${organization.organizationNo}/employees/\\d+$`),
  );
  await expectNotice(page, 'Create Employee');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test('Create New Member is offered on an active organization and not on a terminated one', async ({
  page,
}) => {
  await signIn(page, 'superAdmin');
  const terminated = await findOrganization(page, 'processStatus=9&sort=name:asc', (o) =>
    o.processStatus === PROCESS_STATUS.terminated &&
    o.expirationDate !== null &&
    o.expirationDate < todayIso()
      ? o
      : undefined,
  );
  expect(terminated, 'a seeded organization terminated in the past').toBeDefined();
  await page.goto(`/organizations/${terminated!.organizationNo}/members`);
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Member' })).toHaveCount(0);
  await checkA11y(page);

  const open = await findOrganization(page, 'processStatus=1&sort=name:asc', (o) =>
    active(o) ? o : undefined,
  );
  expect(open, 'a seeded active organization').toBeDefined();
  await page.goto(`/organizations/${open!.organizationNo}/members`);
  await expect(page.getByRole('button', { name: 'Create New Member' })).toBeVisible();
  await checkA11y(page);
});

test('an organization that requires an address refuses a member without one', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'superAdmin');
  const setting = await findSetting(page, (o) => o.requireAddress, 'that requires an address');
  const create = await openCreate(page, setting.organization);
  const address = [FIELD_LABELS.address1, FIELD_LABELS.city, FIELD_LABELS.state, FIELD_LABELS.zip];
  for (const field of address) {
    await expect(label(create, field)).toHaveClass(/ant-form-item-required/);
  }
  await expect(label(create, FIELD_LABELS.address2)).not.toHaveClass(/ant-form-item-required/);

  const lastName = await fillMember(create, setting);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  for (const field of address) {
    await expect(create.getByText(requiredMessage(field), { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/members/);
  await checkA11y(page);

  await fillAddress(create);
  for (const field of address) {
    await expect(create.getByText(requiredMessage(field), { exact: true })).toHaveCount(0);
  }
  await createAndOpen(page, setting.organization);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(lastName);
  const details = page.getByRole('form', { name: 'Member Details' });
  await expect(details.getByLabel(FIELD_LABELS.city, { exact: true })).toHaveValue('Dayton');
  await checkA11y(page);
});

/**
 * On edit, padding lifts the minimum and trimming the maximum (spec 1 §5), and the server pads or
 * trims what it saves. Each is tested on an organization with only that one of them.
 */
const CLIENT_ID_RULES = [
  {
    rule: 'padding',
    accept: (o: OrganizationDetail) =>
      o.padClientIdWithLeadingZeros && !o.ltrimClientId && !o.rtrimClientId,
  },
  {
    rule: 'trimming',
    accept: (o: OrganizationDetail) =>
      !o.padClientIdWithLeadingZeros && (o.ltrimClientId || o.rtrimClientId),
  },
] as const;

for (const { rule, accept } of CLIENT_ID_RULES) {
  test(`client ID length follows the organization, and ${rule} applies on save`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, 'superAdmin');
    const setting = await findSetting(
      page,
      (o) => !!o.clientIdMinimumLength && !!o.clientIdMaximumLength && accept(o),
      `with client ID minimum and maximum lengths and ${rule}`,
    );
    const { organization } = setting;
    const min = organization.clientIdMinimumLength!;
    const max = organization.clientIdMaximumLength!;
    // Letters and the clock's digits, so no seeded member holds any part of it; longer than max.
    const chars = `Q${Date.now().toString(36).toUpperCase()}`.repeat(3);

    const create = await openCreate(page, organization);
    const lastName = await fillMember(create, setting);
    if (organization.requireAddress) await fillAddress(create);
    const clientId = create.getByLabel(FIELD_LABELS.clientId, { exact: true });
    const range = create.getByText(MESSAGES.clientIdRange(min, max), { exact: true });
    // Too short and too long are refused on create, whatever the padding and trimming.
    await clientId.fill(chars.slice(0, min - 1));
    await clientId.blur();
    await expect(range).toBeVisible();
    await checkA11y(page);
    await clientId.fill(chars.slice(0, max + 1));
    await expect(range).toBeVisible();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/members/);
    await expect(range).toBeVisible();
    const accepted = chars.slice(-min);
    await clientId.fill(accepted);
    await expect(range).toHaveCount(0);
    const employeeNo = await createAndOpen(page, organization);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lastName);
    const details = page.getByRole('form', { name: 'Member Details' });
    const saved = details.getByLabel(FIELD_LABELS.clientId, { exact: true });
    await expect(saved).toHaveValue(accepted);

    // Edit: a value only padding or trimming makes fit is accepted, and saved padded or trimmed.
    const edited = rule === 'padding' ? chars.slice(-(min - 1)) : chars.slice(-(max + 2));
    const expected = applyClientIdRules(edited, organization)!;
    expect(expected).not.toBe(edited);
    await saved.fill(edited);
    await saved.blur();
    await expect(details.getByText(/^Client ID (must|cannot)/)).toHaveCount(0);
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await expectNotice(page, 'Update Employee');
    await expect(saved).toHaveValue(expected);
    const member = await apiGet<EmployeeDetail>(
      page,
      `/portal/v1/organizations/${organization.organizationNo}/employees/${employeeNo}`,
    );
    expect(member.clientId).toBe(expected);
    await checkA11y(page);

    // The limit the rule does not lift still holds on edit, with its own message.
    const [value, message] =
      rule === 'padding'
        ? [chars.slice(0, max + 1), MESSAGES.clientIdMax(max)]
        : [chars.slice(0, min - 1), MESSAGES.clientIdMin(min)];
    await saved.fill(value);
    await saved.blur();
    await expect(details.getByText(message, { exact: true })).toBeVisible();
    await checkA11y(page);
  });
}

test('on an organization that uses COB, COB Secondary? shows the COB Effective Date', async ({
  page,
}) => {
  await signIn(page, 'superAdmin');
  const setting = await findSetting(page, (o) => o.useCOB, 'that uses COB');
  const create = await openCreate(page, setting.organization);
  const cob = create.getByRole('checkbox', { name: 'COB Secondary?' });
  const effective = create.getByLabel(FIELD_LABELS.cobSecondaryDate, { exact: true });
  await expect(cob).not.toBeChecked();
  await expect(effective).toHaveCount(0);
  await checkA11y(page);

  await cob.check();
  await expect(effective).toBeVisible();
  await expect(label(create, FIELD_LABELS.cobSecondaryDate)).toHaveClass(/ant-form-item-required/);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(
    create.getByText(MEMBER_RECORD_MESSAGES.cobEffectiveRequired, { exact: true }),
  ).toBeVisible();
  await checkA11y(page);

  await cob.uncheck();
  await expect(effective).toHaveCount(0);
});
