// The agent desktop's remaining browser cases (issue 12, spec 2 §2, §4, §8), as the agent persona:
// the one-field confirm on Find Member (Cancel sends nothing), a PA case read in the 1050 px
// Authorization Detail drawer with the PA table's paging and sorting, the claims history paged
// and sorted against the API, the PBC PDF in its viewer and downloaded, 'PBC not available',
// and the member-not-found and organization detail pages; axe on each page. Members are found
// through the agent's own API calls (search service, PA system, claims), never by fixed ids; this
// spec only reads, so it shares organizations with the others.
import fs from 'node:fs';
import { type Locator, type Page, type Request } from '@playwright/test';
import {
  AGENT_SEARCH_EMPTY_MESSAGE,
  AGENT_SEARCH_ONE_FIELD_TITLE,
  DEFAULT_PAGE_SIZE,
  NO_PBM_COVERAGE,
  PA_DETAIL_DRAWER_WIDTH,
  PA_INTERACTION_LOG_VISIBLE,
  PA_PAGE_SIZE,
  PLAN_INFO_MESSAGES,
  comparePaCases,
  comparePbmLinks,
  formatDate,
  formatMemberName,
  formatNdc,
  paBadgeColor,
  paIdentifiersOf,
  paNextSteps,
  pbmBrowserNote,
  sortPaCases,
  type AgentOrganizationPage,
  type AgentSearchRow,
  type ClaimsHistoryPage,
  type GroupInformation,
  type OrganizationDetail,
  type PaCase,
  type PaCaseDetail,
  type PaMemberIdentifiers,
  type PbmLinksAnswer,
  type Page as ResultPage,
} from '@pillar/domain';
import { accessTokenOf, apiGet, expect, signIn, test } from '../fixtures.ts';
import { checkA11y, shownDialog } from '../helpers/ui.ts';

/** The organizations whose first members the built-in PA system has cases for (seed/prior-auth.ts). */
const PA_ORGANIZATIONS = ['Cedar Valley Manufacturing', 'Harbor Point Teamsters Local 12'];

/** The agent's organization of that name, through the search service. */
async function organizationNamed(page: Page, name: string): Promise<number> {
  const found = await apiGet<AgentOrganizationPage>(
    page,
    `/msr-search/v1/organizations?limit=100&name=${encodeURIComponent(name)}`,
  );
  const organization = found.data.find((o) => o.name === name);
  if (!organization) throw new Error(`The agent does not see ${name}`);
  return organization.organizationNo;
}

/** Every employee row (no dependents) of an organization, by employee number. */
async function employeesOf(page: Page, organizationNo: number): Promise<AgentSearchRow[]> {
  const rows: AgentSearchRow[] = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const found = await apiGet<ResultPage<AgentSearchRow>>(
      page,
      `/msr-search/v1/records?organizationNo=${organizationNo}&limit=100&offset=${offset}`,
    );
    rows.push(...found.data.filter((r) => r.dependentNo === null));
    if (found.data.length < 100) break;
  }
  return rows.sort((a, b) => a.employeeNo - b.employeeNo);
}

/** The four identifiers the PA system knows a member by, as the member detail sends them. */
function paIdsOf(row: AgentSearchRow): PaMemberIdentifiers {
  const ids = paIdentifiersOf({
    alternateId: row.alternateId ?? row.generatedId,
    firstName: row.firstName,
    lastName: row.lastName,
    birthdate: row.birthdate,
  });
  if (!ids) throw new Error(`No PA identifiers for employee ${row.employeeNo}`);
  return ids;
}

function paQuery(ids: PaMemberIdentifiers): string {
  return new URLSearchParams({ ...ids }).toString();
}

function detailUrl(row: Pick<AgentSearchRow, 'organizationNo' | 'employeeNo'>): string {
  return `/agent/${row.organizationNo}/member/${row.employeeNo}`;
}

/** Opens the member detail as the agent and waits for the member's name. */
async function openDetail(page: Page, row: AgentSearchRow): Promise<void> {
  await page.goto(detailUrl(row));
  await expect(page.getByRole('heading', { level: 1, name: formatMemberName(row) })).toBeVisible();
}

/** The table's data rows (the header row has no cells). */
function dataRows(scope: Locator): Locator {
  return scope.getByRole('row').filter({ has: scope.page().getByRole('cell') });
}

/** The page button of an antd table's pagination. */
function pageButton(scope: Locator, number: number): Locator {
  return scope.getByRole('listitem', { name: String(number), exact: true });
}

/** The status badge shows the status in the domain's colour for it. */
async function expectBadge(tag: Locator, paCase: PaCase): Promise<void> {
  await expect(tag).toHaveText(paCase.Status);
  await expect(tag).toHaveAttribute('data-badge', paBadgeColor(paCase.Status));
}

test('Find Member: no field warns, one field asks first and Cancel sends no search', async ({
  page,
}) => {
  await signIn(page, 'agent', { path: '/agent' });
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Desktop' })).toBeVisible();
  const searches: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/msr-search/v1/records') searches.push(request);
  });

  const organization = (
    await apiGet<AgentOrganizationPage>(page, '/msr-search/v1/organizations?limit=1&sort=name:asc')
  ).data[0]!;
  const member = (
    await apiGet<ResultPage<AgentSearchRow>>(
      page,
      `/msr-search/v1/records?organizationNo=${organization.organizationNo}&limit=20`,
    )
  ).data.find((r) => r.dependentNo === null)!;

  const form = page.getByRole('form', { name: 'Find Member' });
  const search = form.getByRole('button', { name: 'Search', exact: true });
  await search.click();
  await expect(page.getByRole('alert')).toHaveText(AGENT_SEARCH_EMPTY_MESSAGE);
  await checkA11y(page);

  // One field: the confirm dialog names it; Cancel closes it and searches nothing.
  await form.getByLabel('Last Name').fill(member.lastName);
  await search.click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const dialog = await shownDialog(page, AGENT_SEARCH_ONE_FIELD_TITLE);
  await expect(dialog).toContainText('Last Name only.');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(searches, 'Cancel sends no search').toHaveLength(0);

  // Search Anyway sends the one field with the confirmation, and shows the results.
  await search.click();
  const again = await shownDialog(page, AGENT_SEARCH_ONE_FIELD_TITLE);
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/msr-search/v1/records');
  await again.getByRole('button', { name: 'Search Anyway', exact: true }).click();
  const query = new URL((await sent).url()).searchParams;
  expect(query.get('lastname')).toBe(member.lastName);
  expect(query.get('confirmOneField')).toBe('true');
  expect(query.get('firstname')).toBeNull();
  const results = page.getByRole('table');
  await expect(
    results.getByRole('link', { name: `${member.lastName}, ${member.firstName}` }).first(),
  ).toBeVisible();
  // Every row found has the one name searched for.
  const rows = dataRows(results);
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toContain(member.lastName);
  await checkA11y(page);
});

interface PaMember {
  row: AgentSearchRow;
  ids: PaMemberIdentifiers;
  cases: PaCase[];
  /** A case whose interaction log is longer than the drawer shows at once. */
  longLog: PaCaseDetail;
}

/**
 * The first member of the PA organizations with more than one page of PA cases and a case whose
 * interaction log scrolls (the seed gives one to the first member of the first organization).
 */
async function memberWithPaCases(page: Page): Promise<PaMember> {
  for (const name of PA_ORGANIZATIONS) {
    const employees = await employeesOf(page, await organizationNamed(page, name));
    for (const row of employees.slice(0, 8)) {
      const ids = paIdsOf(row);
      const list = await apiGet<{ data: PaCase[] }>(
        page,
        `/portal/v1/priorauth/agadia?${paQuery(ids)}`,
      );
      if (list.data.length <= PA_PAGE_SIZE) continue;
      for (const paCase of list.data) {
        const detail = await caseDetail(page, ids, paCase.PACaseId);
        if (detail.data.length > PA_INTERACTION_LOG_VISIBLE) {
          return { row, ids, cases: list.data, longLog: detail };
        }
      }
    }
  }
  throw new Error('No member with more than one page of PA cases and a long interaction log');
}

function caseDetail(page: Page, ids: PaMemberIdentifiers, paCaseId: string) {
  return apiGet<PaCaseDetail>(
    page,
    `/portal/v1/priorauth/agadia/cases/${paCaseId}?${paQuery(ids)}`,
  );
}

/** True when some element inside scrolls vertically (its content is taller than it). */
function scrollsInside(scope: Locator): Promise<boolean> {
  return scope.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].some((element) => {
      const overflow = getComputedStyle(element).overflowY;
      return (
        (overflow === 'auto' || overflow === 'scroll') &&
        element.scrollHeight > element.clientHeight + 1
      );
    }),
  );
}

test('the agent reads a PA case in the 1050 px Authorization Detail drawer; the PA table pages and sorts', async ({
  page,
}) => {
  await signIn(page, 'agent', { path: '/agent' });
  const { row, ids, cases, longLog } = await memberWithPaCases(page);
  await openDetail(page, row);

  const tab = page.getByRole('tabpanel', { name: 'Prior Auth History' });
  const rows = dataRows(tab.getByRole('table'));
  // Page size 3, newest request first; each row's badge and next steps are the domain's.
  const newestFirst = sortPaCases(cases);
  await expect(rows).toHaveCount(PA_PAGE_SIZE);
  for (const [i, paCase] of newestFirst.slice(0, PA_PAGE_SIZE).entries()) {
    const shown = rows.nth(i);
    await expect(shown.getByRole('button', { name: paCase.PACaseId })).toBeVisible();
    await expect(shown).toContainText(paCase.ServiceName);
    await expect(shown).toContainText(formatDate(paCase.RequestDate));
    await expect(shown).toContainText(paNextSteps(paCase));
    await expectBadge(shown.locator('[data-badge]'), paCase);
  }
  const pages = Math.ceil(cases.length / PA_PAGE_SIZE);
  await expect(pageButton(tab, pages)).toBeVisible();
  await expect(pageButton(tab, pages + 1)).toHaveCount(0);
  await checkA11y(page);

  // The next page holds the next rows.
  await pageButton(tab, 2).click();
  const second = newestFirst.slice(PA_PAGE_SIZE, 2 * PA_PAGE_SIZE);
  await expect(rows).toHaveCount(second.length);
  for (const [i, paCase] of second.entries()) {
    await expect(rows.nth(i).getByRole('button', { name: paCase.PACaseId })).toBeVisible();
  }

  // Sorting by PA Case ID from page 2: back to the first page in that order, either way.
  const header = tab.getByRole('columnheader', { name: 'PA Case ID' });
  for (const order of ['ascend', 'descend'] as const) {
    await pageButton(tab, 2).click();
    await expect(pageButton(tab, 2)).toHaveClass(/ant-pagination-item-active/);
    await header.click();
    await expect(pageButton(tab, 1)).toHaveClass(/ant-pagination-item-active/);
    await expect(header).toHaveAttribute('aria-sort', `${order}ing`);
    const expected = [...cases].sort(comparePaCases('PACaseId', order)).slice(0, PA_PAGE_SIZE);
    await expect(rows).toHaveCount(expected.length);
    for (const [i, paCase] of expected.entries()) {
      await expect(rows.nth(i).getByRole('button', { name: paCase.PACaseId })).toBeVisible();
    }
  }

  // The first case of the table as it is now (highest case ID), against what the PA system
  // holds for it.
  const paCase = [...cases].sort(comparePaCases('PACaseId', 'descend'))[0]!;
  const detail = await caseDetail(page, ids, paCase.PACaseId);
  const reviewers = await apiGet<{ data: { reviewer: string; effDate: string }[] }>(
    page,
    `/portal/v1/priorauth/agadia/plan-history?${paQuery(ids)}`,
  );
  expect(reviewers.data.length).toBeGreaterThan(0);
  await tab.getByRole('button', { name: paCase.PACaseId, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Authorization Detail' });
  await expect(drawer).toBeVisible();
  await expect(async () => {
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(PA_DETAIL_DRAWER_WIDTH);
  }).toPass();

  const caseSection = drawer.getByRole('region', { name: 'Case', exact: true });
  await expect(caseSection).toContainText(paCase.PACaseId);
  await expect(caseSection).toContainText(paCase.ServiceName);
  await expect(caseSection).toContainText(formatDate(paCase.RequestDate));
  await expect(caseSection).toContainText(paCase.PrescriberName);
  await expect(caseSection).toContainText(paCase.MemberId);
  if (paCase.Outcome) await expect(caseSection).toContainText(paCase.Outcome);
  await expect(caseSection).toContainText(paNextSteps(paCase));
  await expectBadge(caseSection.locator('[data-badge]'), paCase);

  const log = drawer.getByRole('region', { name: 'Interaction Log', exact: true });
  expect(detail.data.length).toBeGreaterThan(0);
  for (const entry of detail.data) {
    await expect(log).toContainText(entry.contactdescription);
    await expect(log).toContainText(entry.protectcasestatusdescription);
  }
  const history = drawer.getByRole('region', { name: 'Reviewer History', exact: true });
  for (const entry of reviewers.data) {
    await expect(history).toContainText(entry.reviewer);
    await expect(history).toContainText(formatDate(entry.effDate));
  }
  // A log of 6 entries or fewer shows whole; a longer one (below) scrolls.
  if (detail.data.length <= PA_INTERACTION_LOG_VISIBLE) {
    expect(await scrollsInside(log)).toBe(false);
  }
  await checkA11y(page);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // A log longer than 6 entries scrolls inside the drawer, every entry in it.
  const longCase = longLog.case.PACaseId;
  const position = [...cases]
    .sort(comparePaCases('PACaseId', 'descend'))
    .findIndex((c) => c.PACaseId === longCase);
  await pageButton(tab, Math.floor(position / PA_PAGE_SIZE) + 1).click();
  await tab.getByRole('button', { name: longCase, exact: true }).click();
  await expect(drawer.getByRole('region', { name: 'Case', exact: true })).toContainText(longCase);
  for (const entry of longLog.data) await expect(log).toContainText(entry.contactdescription);
  await expect(async () => expect(await scrollsInside(log)).toBe(true)).toPass();
  // Keyboard users scroll it too: the scrolling region takes the focus.
  await log.getByRole('region', { name: 'Interaction log entries' }).focus();
  await expect(log.getByRole('region', { name: 'Interaction log entries' })).toBeFocused();
  await checkA11y(page);
});

interface ClaimsMember {
  row: AgentSearchRow;
  claims: string;
  firstPage: ClaimsHistoryPage;
  links: PbmLinksAnswer;
}

/** A member of the anchor organizations with more than a page of claims and PBM links. */
async function memberWithClaims(page: Page): Promise<ClaimsMember> {
  for (const name of PA_ORGANIZATIONS) {
    const employees = await employeesOf(page, await organizationNamed(page, name));
    for (const row of employees.slice(0, 20)) {
      const base = `/portal/v1/organizations/${row.organizationNo}/employees/${row.employeeNo}`;
      const claims = `${base}/claims`;
      const firstPage = await apiGet<ClaimsHistoryPage>(
        page,
        `${claims}?limit=${DEFAULT_PAGE_SIZE}&offset=0`,
      );
      if (firstPage.totalCount <= DEFAULT_PAGE_SIZE) continue;
      const links = await apiGet<PbmLinksAnswer>(page, `${base}/pbm-links`);
      if (links.links.length === 0) continue;
      return { row, claims, firstPage, links };
    }
  }
  throw new Error('No member with more than a page of claims and PBM links');
}

/** The table shows these claims, in this order. */
async function expectClaims(rows: Locator, claims: ClaimsHistoryPage['data']): Promise<void> {
  await expect(rows).toHaveCount(claims.length);
  for (const [i, claim] of claims.entries()) {
    const row = rows.nth(i);
    await expect(row.getByRole('cell', { name: claim.rxNumber, exact: true })).toBeVisible();
    await expect(row).toContainText(claim.drugName);
    await expect(row).toContainText(formatDate(claim.fillDate));
    await expect(row).toContainText(formatNdc(claim.ndc));
    await expect(row).toContainText(`NPI ${claim.pharmacyNpi}`);
  }
}

test('the agent pages and sorts the claims history, with the PBM links and their browsers', async ({
  page,
}) => {
  await signIn(page, 'agent', { path: '/agent' });
  const { row, claims, firstPage, links } = await memberWithClaims(page);
  await openDetail(page, row);
  await page.getByRole('tab', { name: 'Claims History' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Claims History' });

  // The PBM links in the spec's order, each with the browser it needs.
  const nav = tab.getByRole('navigation', { name: 'PBM claim links' });
  const ordered = [...links.links].sort(comparePbmLinks);
  expect(links.links.map((l) => l.name)).toEqual(ordered.map((l) => l.name));
  await expect(nav.getByRole('link')).toHaveText(ordered.map((l) => l.name));
  for (const link of ordered) {
    await expect(nav.getByRole('link', { name: link.name, exact: true })).toHaveAttribute(
      'href',
      link.url,
    );
    await expect(nav).toContainText(`${link.name} (${pbmBrowserNote(link.pbm)})`);
  }
  await expect(tab.getByText(NO_PBM_COVERAGE)).toHaveCount(0);

  // The first page: the member's newest claims, and the count.
  const rows = dataRows(tab.getByRole('table'));
  await expectClaims(rows, firstPage.data);
  await expect(tab.getByText(`${firstPage.totalCount} claims`)).toBeVisible();
  await checkA11y(page);

  // The next page shows the next rows.
  const second = await apiGet<ClaimsHistoryPage>(
    page,
    `${claims}?limit=${DEFAULT_PAGE_SIZE}&offset=${DEFAULT_PAGE_SIZE}`,
  );
  await pageButton(tab, 2).click();
  await expectClaims(rows, second.data);

  // Sorting by drug name goes back to the first page, in the server's order.
  const byDrug = await apiGet<ClaimsHistoryPage>(
    page,
    `${claims}?limit=${DEFAULT_PAGE_SIZE}&offset=0&sort=drugName:asc`,
  );
  const drugs = byDrug.data.map((c) => c.drugName);
  expect(drugs).toEqual([...drugs].sort((a, b) => a.localeCompare(b)));
  const header = tab.getByRole('columnheader', { name: 'Drug Name' });
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expectClaims(rows, byDrug.data);
  await checkA11y(page);

  // At 1024 and 1280 px the table is wider than its box: it says so, scrolls sideways to its
  // last column and keeps the fill date in view (issue 12).
  const fillDate = tab.getByRole('columnheader', { name: 'Fill Date' });
  const rxNumber = tab.getByRole('columnheader', { name: 'Rx Number' });
  const planPaid = tab.getByRole('columnheader', { name: 'Plan Paid' });
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await rxNumber.scrollIntoViewIfNeeded();
    await expect(tab.getByText('Scroll the table sideways to see every column')).toBeVisible();
    await expect(planPaid).not.toBeInViewport();
    await planPaid.scrollIntoViewIfNeeded();
    await expect(planPaid).toBeInViewport();
    await expect(fillDate).toBeInViewport();
  }
});

/** Whether the agent's PBC call answers a document for this query, or 404. */
async function pbcStatus(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/plans/v1/pbc?${query}`, {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  return response.status();
}

test('the PBC tab shows the PDF in a viewer and downloads it; no PBC shows PBC not available', async ({
  page,
  browserErrors,
}) => {
  // The member without a PBC is answered 404, which the browser logs.
  browserErrors.allow(/status of 404 .*\/plans\/v1\/pbc/);
  await signIn(page, 'agent', { path: '/agent' });
  const anchor = await organizationNamed(page, PA_ORGANIZATIONS[0]!);
  const member = (await employeesOf(page, anchor))[0]!;
  expect(await pbcStatus(page, `employeeNo=${member.employeeNo}`)).toBe(200);

  await openDetail(page, member);
  await page.getByRole('tab', { name: 'PBC' }).click();
  const tab = page.getByRole('tabpanel', { name: 'PBC' });
  const frame = tab.getByTitle(/^Plan benefit content: .+\.pdf$/);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await expect(tab.getByText(PLAN_INFO_MESSAGES.pbcNotAvailable)).toHaveCount(0);
  await checkA11y(page);

  const downloading = page.waitForEvent('download');
  await tab.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);

  // An organization without a PBC on file (one in eleven of the seed's): its member's tab says so.
  const organizations = await apiGet<AgentOrganizationPage>(
    page,
    '/msr-search/v1/organizations?limit=100&sort=name:asc',
  );
  let without: AgentSearchRow | undefined;
  for (const organization of organizations.data) {
    if ((await pbcStatus(page, `orgId=${organization.organizationNo}`)) !== 404) continue;
    const found = await apiGet<ResultPage<AgentSearchRow>>(
      page,
      `/msr-search/v1/records?organizationNo=${organization.organizationNo}&limit=20`,
    );
    without = found.data.find((r) => r.dependentNo === null);
    if (without) break;
  }
  expect(without, 'a member of an organization without a PBC').toBeDefined();
  expect(await pbcStatus(page, `employeeNo=${without!.employeeNo}`)).toBe(404);
  await openDetail(page, without!);
  await page.getByRole('tab', { name: 'PBC' }).click();
  await expect(tab.getByText(PLAN_INFO_MESSAGES.pbcNotAvailable)).toBeVisible();
  await expect(tab.getByTitle(/^Plan benefit content:/)).toHaveCount(0);
  await expect(tab.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await checkA11y(page);
});

test('the member-not-found page and the organization detail show their content', async ({
  page,
  browserErrors,
}) => {
  // An organization outside the agent's reach is answered 404, which the browser logs.
  browserErrors.allow(/status of 404 .*\/msr-search\/v1\/organizations\/\d+/);
  await signIn(page, 'agent', { path: '/agent/member-not-found' });
  await expect(page.getByRole('heading', { level: 1, name: 'Member Not Found' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    'The caller could not be matched to a member of any organization you may see.',
  );
  const notes = page.getByRole('complementary', { name: 'Call Notes' });
  await expect(notes).toContainText('Organization Not Found');
  await checkA11y(page);
  await page.getByRole('link', { name: 'Back to Find Member' }).click();
  await expect(page).toHaveURL(/\/agent$/);
  await expect(page.getByRole('form', { name: 'Find Member' })).toBeVisible();

  // The organization detail, against the search service's and the plans service's answers.
  const orgId = await organizationNamed(page, PA_ORGANIZATIONS[0]!);
  const organization = await apiGet<OrganizationDetail>(
    page,
    `/msr-search/v1/organizations/${orgId}`,
  );
  const group = await apiGet<GroupInformation>(page, `/plans/v1/groupinfo/${orgId}`);
  await page.goto(`/agent/${orgId}`);
  await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('General Information');
  await expect(page.getByRole('note')).toContainText(organization.name);

  const details = page.locator('.ant-card').filter({
    has: page.getByRole('heading', { level: 2, name: 'Organization', exact: true }),
  });
  await expect(details).toContainText(String(organization.organizationNo));
  await expect(details).toContainText(organization.type);
  await expect(details).toContainText(formatDate(organization.effectiveDate));

  const info = page.locator('.ant-card').filter({
    has: page.getByRole('heading', { level: 2, name: 'Group Information', exact: true }),
  });
  for (const section of ['Contacts', 'Programs', 'Materials', 'Plan Notes', 'Plan Changes']) {
    await expect(info.getByRole('heading', { level: 3, name: section })).toBeVisible();
  }
  const contacts = group.contacts;
  for (const value of [contacts.accountManager, contacts.brokerageFirm, contacts.planNo]) {
    if (value)
      await expect(info.getByRole('region', { name: 'Contacts', exact: true })).toContainText(
        value,
      );
  }
  if (group.programs.formulary) {
    await expect(info.getByRole('region', { name: 'Programs', exact: true })).toContainText(
      group.programs.formulary,
    );
  }
  for (const note of group.planNotes) {
    await expect(info.getByRole('region', { name: 'Plan Notes', exact: true })).toContainText(
      note.note,
    );
  }
  await expect(page.getByRole('complementary', { name: 'Call Notes' })).toContainText(
    organization.name,
  );
  await checkA11y(page);

  // An organization the agent may not see is not found, with the way back.
  await page.goto('/agent/2147483647');
  await expect(page.getByText('Organization not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Find Member' })).toBeVisible();
  await checkA11y(page);
});
