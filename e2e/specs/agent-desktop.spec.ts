// The agent desktop's member detail (issue 12, spec 2 §2 "Member detail"), as the agent persona:
// open a member from the URL and read the profile, plan and banners; the Member History drawer;
// e-mail a temp card and request a new card; axe on the page. Members are found through a super
// admin's API session in a second browser context (the agent has no member list of its own).
import { type Browser, type Page } from '@playwright/test';
import {
  MEMBER_DETAIL_TEXT,
  PA_EMPTY_MESSAGE,
  TEMP_CARD_LINK_SENT,
  formatDate,
  formatMemberName,
  splitCoverages,
  statusLabel,
  todayIso,
  ageInYears,
  type Coverage,
  type CoverageList,
  type DependentSearchRow,
  type EmployeeDetail,
  type EmployeeSearchRow,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { checkA11y, confirmDialog, panel } from '../helpers/ui.ts';

/** Organizations other specs change members of; this spec leaves them alone. */
const TAKEN = new Set(['Cedar Valley Manufacturing', 'City of Northfield']);

interface Found {
  member: EmployeeDetail;
  coverage: Coverage | null;
}

/** Runs `find` with a super admin's API session of its own, closed afterwards. */
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

/**
 * The `skip`-th member (by organization, then the search's order) that `accept` takes, in active
 * organizations other specs leave alone.
 */
async function findMember(
  page: Page,
  skip: number,
  query: string,
  accept: (member: EmployeeDetail, coverages: Coverage[]) => Coverage | null | undefined,
): Promise<Found> {
  const orgs = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    '/portal/v1/organizations?limit=100&processStatus=1&sort=name:asc',
  );
  let seen = 0;
  for (const org of orgs.data.filter((o) => !TAKEN.has(o.name))) {
    const rows = await apiGet<ResultPage<EmployeeSearchRow>>(
      page,
      `/portal/v1/organizations/${org.organizationNo}/employees?limit=50&offset=0&${query}`,
    );
    for (const row of rows.data) {
      const base = `/portal/v1/organizations/${row.organizationNo}/employees/${row.employeeNo}`;
      const member = await apiGet<EmployeeDetail>(page, base);
      const { data } = await apiGet<CoverageList>(page, `${base}/coverages`);
      const coverage = accept(member, data);
      if (coverage === undefined) continue;
      if (seen++ < skip) continue;
      return { member, coverage };
    }
  }
  throw new Error(`No member for ${query}`);
}

/** An active member whose current coverage offers temp cards and a new card, not requested. */
const withCards = (_: EmployeeDetail, coverages: Coverage[]) =>
  splitCoverages(coverages, todayIso()).active.find(
    (c) => c.supportsTempCard && c.supportsNewCardRequest && !c.newCard,
  );

function detailUrl(member: EmployeeDetail): string {
  return `/agent/${member.organizationNo}/member/${member.employeeNo}`;
}

async function openDetail(page: Page, member: EmployeeDetail): Promise<void> {
  await signIn(page, 'agent', { path: detailUrl(member) });
  await expect(
    page.getByRole('heading', { level: 1, name: formatMemberName(member) }),
  ).toBeVisible();
}

test('the agent opens a member from the URL: profile, plan, organization, history', async ({
  page,
  browser,
  browserErrors,
}) => {
  // A member whose plan has no PBC is answered 404 ('PBC not available'), which the browser logs.
  browserErrors.allow(/status of 404 .*\/plans\/v1\/pbc/);
  const { member, coverage } = await asAdmin(browser, (admin) =>
    findMember(admin, 0, 'processStatus=active', withCards),
  );
  await openDetail(page, member);

  const profile = panel(page, 'Member Profile');
  await expect(profile).toContainText(formatDate(member.birthdate));
  await expect(profile).toContainText(member.generatedId);
  await expect(profile).toContainText(String(member.age));
  await expect(profile).toContainText('Subscriber');
  // The agent screens word the derived 999 as spec 2 does ('Active with Future Termination').
  const agentStatus = statusLabel(member.processStatus, member.expirationDate, undefined, 'agent');
  await expect(profile.getByText(agentStatus, { exact: true })).toBeVisible();

  const plan = panel(page, 'Plan/Eligibility');
  await expect(plan.getByRole('heading', { level: 3, name: 'Active Coverage' })).toBeVisible();
  await expect(plan.getByRole('heading', { level: 3, name: 'Prior Coverage' })).toBeVisible();
  await expect(plan.getByRole('article', { name: coverage!.groupIdAndName }).first()).toBeVisible();
  // The card buttons are the ID Card block's, not the plan's.
  await expect(plan.getByRole('button', { name: /Request New Card/ })).toHaveCount(0);

  await expect(panel(page, 'Organization')).toContainText(member.organizationName);
  // Prior Auth History (the default tab): the table, with its cases or the spec's empty text.
  await expect(page.getByRole('columnheader', { name: 'PA Case ID' })).toBeVisible();
  await expect(
    page.getByRole('row').nth(1).or(page.getByText(PA_EMPTY_MESSAGE)).first(),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Claims History' }).click();
  await expect(page.getByRole('columnheader', { name: 'Fill Date' })).toBeVisible();
  await page.getByRole('tab', { name: 'Recent Notes' }).click();
  await expect(page.getByRole('columnheader', { name: 'Issue #' })).toBeVisible();
  // Group Information (the default tab) and the PBC, the plan information blocks.
  await expect(page.getByRole('heading', { level: 3, name: 'Contacts' })).toBeVisible();
  await page.getByRole('tab', { name: 'PBC' }).click();
  await expect(
    page.getByTitle(/^Plan benefit content:/).or(page.getByText('PBC not available')),
  ).toBeVisible();
  await expect(panel(page, 'Appointment of Representative')).toBeVisible();
  // An active member has no warning banner.
  await expect(page.locator('[data-banner]')).toHaveCount(0);
  await checkA11y(page);

  await page.getByRole('button', { name: 'Member History' }).click();
  const history = page.getByRole('dialog', { name: 'Member History' });
  await expect(history.getByRole('columnheader', { name: 'Changed Date' })).toBeVisible();
  await expect(history.getByRole('table')).toBeVisible();
  await expect(history.getByText(MEMBER_DETAIL_TEXT.historyFailed)).toHaveCount(0);
  await checkA11y(page);
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  await page.getByRole('button', { name: 'Plan History' }).click();
  const plans = page.getByRole('dialog', { name: 'Plan History' });
  await expect(
    plans.getByRole('cell', { name: member.groupId, exact: true }).first(),
  ).toBeVisible();
});

test('the agent e-mails a temp card link and requests a new card', async ({ page, browser }) => {
  const { member, coverage } = await asAdmin(browser, (admin) =>
    findMember(admin, 1, 'processStatus=active', withCards),
  );
  await openDetail(page, member);
  const card = panel(page, 'ID Card');
  const block = card.getByRole('region', { name: coverage!.name });

  await block.getByRole('button', { name: 'Email / Download Temp Card' }).click();
  const drawer = page.getByRole('dialog', { name: 'Temp ID Card' });
  await expect(drawer.getByText('RxBIN')).toBeVisible();
  await drawer.getByRole('radio', { name: 'Email' }).check();
  await drawer.getByRole('textbox', { name: 'Email' }).fill('caller@members.example');
  await drawer.getByRole('button', { name: 'Email', exact: true }).click();
  await expect(drawer.getByText(TEMP_CARD_LINK_SENT)).toBeVisible();
  await checkA11y(page);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  await block.getByRole('button', { name: 'Request New Card' }).click();
  await confirmDialog(page, 'Request New Card', 'Request New Card');
  const requested = block.getByRole('button', { name: MEMBER_DETAIL_TEXT.newCardRequested });
  await expect(requested).toBeVisible();
  await expect(requested).toBeDisabled();
  await checkA11y(page);
});

test('a terminated member shows the warning banner', async ({ page, browser }) => {
  const { member } = await asAdmin(browser, (admin) =>
    findMember(admin, 0, 'processStatus=terminated', (m) =>
      m.status === 'terminated' ? null : undefined,
    ),
  );
  await openDetail(page, member);
  const banner = page.locator('[data-banner="terminated"]');
  await expect(banner).toContainText('Terminated');
  await expect(banner).toContainText(formatDate(member.expirationDate));
  await checkA11y(page);
});

/**
 * The seed's HIPAA demo dependents (seed/member-preferences.ts HIPAA_DEMO): in the first
 * organization, the first dependent (by number) aged 15 today is Confidential, the second aged 15
 * NonConfidential.
 */
async function hipaaDependents(page: Page): Promise<DependentSearchRow[]> {
  const orgs = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    `/portal/v1/organizations?name=${encodeURIComponent('Cedar Valley Manufacturing')}`,
  );
  const orgId = orgs.data.find((o) => o.name === 'Cedar Valley Manufacturing')!.organizationNo;
  const found: DependentSearchRow[] = [];
  for (let offset = 0; ; offset += 100) {
    const rows = await apiGet<ResultPage<DependentSearchRow>>(
      page,
      `/portal/v1/organizations/${orgId}/dependents?limit=100&offset=${offset}&sort=birthdate:desc`,
    );
    found.push(...rows.data.filter((d) => ageInYears(d.birthdate, todayIso()) === 15));
    if (rows.data.length < 100) break;
  }
  return found.sort((a, b) => a.dependentNo - b.dependentNo).slice(0, 2);
}

test('a confidential 15-year-old dependent shows the HIPAA banner; a non-confidential one does not', async ({
  page,
  browser,
}) => {
  const [confidential, notConfidential] = await asAdmin(browser, hipaaDependents);
  const url = (d: DependentSearchRow) =>
    `/agent/${d.organizationNo}/member/${d.employeeNo}/${d.dependentNo}`;

  await signIn(page, 'agent', { path: url(confidential!) });
  await expect(
    page.getByRole('heading', { level: 1, name: formatMemberName(confidential!) }),
  ).toBeVisible();
  await expect(panel(page, 'Member Profile')).toContainText('15');
  const banner = page.locator('[data-banner="hipaa"]');
  await expect(banner).toContainText(MEMBER_DETAIL_TEXT.hipaaTitle);
  await checkA11y(page);

  await page.goto(url(notConfidential!));
  await expect(
    page.getByRole('heading', { level: 1, name: formatMemberName(notConfidential!) }),
  ).toBeVisible();
  await expect(panel(page, 'Communication Preferences')).toBeVisible();
  await expect(banner).toHaveCount(0);
});
