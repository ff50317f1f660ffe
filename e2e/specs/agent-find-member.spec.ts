// The agent desktop's Find Member (issue 12, spec 2 §2 "Agent home", §5 "Member search"), as the
// agent persona: the empty-search warning, the one-field confirm, a search by name and birth
// date that opens the member, the member-not-found page and an organization's detail; axe on
// each page. The member is one the agent's own search service answers.
import {
  AGENT_SEARCH_EMPTY_MESSAGE,
  AGENT_SEARCH_ONE_FIELD_TITLE,
  formatDate,
  type AgentOrganizationPage,
  type AgentSearchRow,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { checkA11y, confirmDialog } from '../helpers/ui.ts';

test('an agent finds a member by name and birth date, and opens the other agent pages', async ({
  page,
}) => {
  await signIn(page, 'agent', { path: '/agent' });
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Desktop' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Find Member', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /My Pending Notes/ })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Call Notes' })).toBeVisible();
  await checkA11y(page);

  // A seeded member of the first organization the agent sees.
  const organizations = await apiGet<AgentOrganizationPage>(
    page,
    '/msr-search/v1/organizations?limit=1&sort=name:asc',
  );
  const organization = organizations.data[0]!;
  const rows = await apiGet<ResultPage<AgentSearchRow>>(
    page,
    `/msr-search/v1/records?organizationNo=${organization.organizationNo}&limit=20`,
  );
  const member = rows.data.find((r) => r.dependentNo === null)!;

  const form = page.getByRole('form', { name: 'Find Member' });
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toContainText(AGENT_SEARCH_EMPTY_MESSAGE);

  // One field asks first; Search Anyway runs it.
  await form.getByLabel('Last Name').fill(member.lastName);
  await form.getByRole('button', { name: 'Search' }).click();
  await confirmDialog(page, AGENT_SEARCH_ONE_FIELD_TITLE, 'Search Anyway');
  const results = page.getByRole('table');
  await expect(
    results.getByRole('link', { name: `${member.lastName}, ${member.firstName}` }).first(),
  ).toBeVisible();

  // Name and birth date: the member, and a click opens the detail.
  await form.getByLabel('Birth Date').fill(formatDate(member.birthdate));
  await form.getByRole('button', { name: 'Search' }).click();
  const link = results.getByRole('link', { name: `${member.lastName}, ${member.firstName}` });
  await expect(link.first()).toBeVisible();
  await expect(results.getByText(member.memberId).first()).toBeVisible();
  await checkA11y(page);
  await link.first().click();
  await expect(page).toHaveURL(new RegExp(`/agent/${member.organizationNo}/member/\\d+`));

  // Unable to Locate Member leads to the member-not-found page.
  await page.goto('/agent');
  await page.getByRole('link', { name: 'Unable to Locate Member' }).click();
  await expect(page).toHaveURL(/\/agent\/member-not-found$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Member Not Found' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Call Notes' })).toContainText(
    'Organization Not Found',
  );
  await checkA11y(page);

  // The organization detail.
  await page.goto(`/agent/${organization.organizationNo}`);
  await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Organization' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Group Information' })).toBeVisible();
  await checkA11y(page);
});
