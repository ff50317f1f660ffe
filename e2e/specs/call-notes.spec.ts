// Call notes (issue 13; spec 2 §2, §4 "Notes form", "Issue lifecycle", §5, §8 "Issues"), as the
// agent persona: saving is blocked while the agent only searches; the draft follows the agent to
// the member's page; a call with two attachments recorded from the member detail (Success dialog,
// issueId in the URL, the read-only note); the note in Recent Notes and My Pending Notes with the
// badge; the drawer, a comment and Done; the unsaved-notes modal; a note from the member-not-found
// page under 'Organization Not Found'; a reloaded page and another user see the same issue. axe on
// each page and the drawer.
import { type Locator, type Page } from '@playwright/test';
import {
  ISSUE_MESSAGES,
  ORGANIZATION_NOT_FOUND,
  type AgentOrganizationPage,
  type AgentSearchRow,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { outboxMatch } from '../helpers/api.ts';
import { checkA11y, choose, shownDialog } from '../helpers/ui.ts';

/** Organizations the demo notes and other specs use; this spec's member comes from another. */
const TAKEN = new Set(['Cedar Valley Manufacturing', 'City of Northfield']);

const EML = {
  name: 'caller-email.eml',
  mimeType: 'message/rfc822',
  buffer: Buffer.from(
    'From: caller@example.com\r\nTo: help@pillar.example\r\nSubject: My claim\r\n\r\nPlease call me back.\r\n',
  ),
};
const PDF = {
  name: 'rejection-letter.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
};

function notesRegion(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Call Notes' });
}

function notesForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Call Notes form' });
}

/** The number on the My Pending Notes tab's badge. */
async function pendingBadge(page: Page): Promise<number> {
  const badge = page.getByRole('tab', { name: /My Pending Notes/ }).locator('.ant-badge-count');
  await expect(badge).toBeVisible();
  await expect(badge).not.toHaveClass(/ant-scroll-number-animating/);
  return Number(await badge.getAttribute('title'));
}

/** A member (not a dependent) of an organization no other spec writes to. */
async function findMember(page: Page): Promise<AgentSearchRow> {
  const organizations = await apiGet<AgentOrganizationPage>(
    page,
    '/msr-search/v1/organizations?limit=100&sort=name:asc',
  );
  for (const organization of organizations.data) {
    if (TAKEN.has(organization.name)) continue;
    const rows = await apiGet<ResultPage<AgentSearchRow>>(
      page,
      `/msr-search/v1/records?organizationNo=${organization.organizationNo}&limit=20`,
    );
    const member = rows.data.find((r) => r.dependentNo === null);
    if (member) return member;
  }
  throw new Error('No member found for the call-notes spec');
}

async function fillCall(
  page: Page,
  form: Locator,
  values: { caller: string; type: string; details: string },
) {
  await form.getByLabel('Caller Name').fill(values.caller);
  await choose(form, 'Caller Type', values.type);
  await form.getByLabel('Phone').fill('303-555-0142');
  await choose(form, 'Issue Type', 'Claims');
  await choose(form, 'Sub Type', 'Claim rejected at pharmacy');
  await form.getByLabel('Details').fill(values.details);
  await choose(form, 'Further Action Needed', 'None');
}

/** Saves, reads the Success dialog and closes it: the issue's number. */
async function save(page: Page, form: Locator): Promise<number> {
  await form.getByRole('button', { name: 'Save Notes' }).click();
  const dialog = await shownDialog(page, 'was saved');
  await expect(dialog).toContainText(ISSUE_MESSAGES.successTitle);
  await expect(dialog).toContainText('Status: Open');
  const issueNo = Number(/Issue # (\d+)/.exec((await dialog.textContent()) ?? '')?.[1]);
  expect(issueNo).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`[?&]issueId=${issueNo}`));
  return issueNo;
}

test('an agent records a call with attachments, follows it up and closes it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'agent', { path: '/agent' });
  const member = await findMember(page);
  const memberPath = `/agent/${member.organizationNo}/member/${member.employeeNo}`;
  const before = await pendingBadge(page);

  // Agent search mode: the note cannot be saved yet, and says where to go instead.
  const caller = `E2E Caller ${Date.now() % 100000}`;
  await notesForm(page).getByLabel('Caller Name').fill(caller);
  await notesForm(page).getByRole('button', { name: 'Save Notes' }).click();
  const blocked = notesRegion(page).getByRole('alert').filter({
    hasText: ISSUE_MESSAGES.selectMember,
  });
  await expect(blocked).toBeVisible();
  await expect(blocked.getByRole('link', { name: 'Unable to Locate Member' })).toBeVisible();
  await checkA11y(page);

  // The draft follows the agent to the member's page.
  await page.goto(memberPath);
  const form = notesForm(page);
  await expect(form.getByLabel('Caller Name')).toHaveValue(caller);
  await expect(notesRegion(page)).toContainText(member.lastName);

  // The caller type decides Calling From and NPI; Call requires a phone.
  await choose(form, 'Caller Type', 'Pharmacy');
  await expect(form.getByLabel('NPI')).toBeVisible();
  await expect(form.getByLabel('Calling From')).toBeVisible();
  await choose(form, 'Caller Type', 'Self');
  await expect(form.getByLabel('NPI')).toHaveCount(0);
  await expect(form.getByLabel('Calling From')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save Notes' }).click();
  await expect(form.getByText('Phone is required')).toBeVisible();
  await expect(form.getByText('Details is required')).toBeVisible();

  await fillCall(page, form, {
    caller,
    type: 'Self',
    details: 'Claim for a refill rejected at the pharmacy; explained the prior authorization.',
  });
  await form.locator('input[type=file]').setInputFiles([EML, PDF]);
  await expect(form.getByText(EML.name)).toBeVisible();
  await expect(form.getByText(PDF.name)).toBeVisible();
  await checkA11y(page);
  const issueNo = await save(page, form);

  // Read-only with View Details; the draft is gone.
  const saved = page.getByRole('form', { name: 'Saved call notes' });
  await expect(saved.getByLabel('Caller Name')).toHaveValue(caller);
  await expect(saved.getByLabel('Caller Name')).toBeDisabled();
  await expect(notesRegion(page).getByRole('button', { name: 'View Details' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('pillar.callNotes'))).toBeNull();

  // Recent Notes lists it.
  await page.getByRole('tab', { name: 'Recent Notes' }).click();
  const recent = page.getByRole('table', { name: 'Recent notes' });
  await expect(recent.getByRole('button', { name: `Issue # ${issueNo}` })).toBeVisible();
  await checkA11y(page);

  // The drawer from View Details: the facts and both attachments, the e-mail as such.
  await notesRegion(page).getByRole('button', { name: 'View Details' }).click();
  const drawer = page.getByRole('dialog', { name: `Issue # ${issueNo}` });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(caller);
  await expect(drawer).toContainText('Claim rejected at pharmacy');
  await expect(drawer.getByRole('group', { name: 'Attached emails' })).toContainText(EML.name);
  await expect(drawer.getByRole('group', { name: 'Attached files' })).toContainText(PDF.name);
  await checkA11y(page);

  // E-mail issue: to the organization's eligibility contact (the default), into the outbox.
  await expect(drawer.getByRole('combobox', { name: 'Contact to e-mail' })).toBeVisible();
  await expect(drawer).toContainText('Eligibility Contact');
  await drawer.getByRole('button', { name: 'E-mail issue' }).click();
  const sent = page.locator('.ant-notification-notice').filter({
    hasText: `Issue # ${issueNo} has been e-mailed to `,
  });
  await expect(sent).toBeVisible();
  const to =
    /has been e-mailed to ([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/.exec(
      (await sent.textContent()) ?? '',
    )?.[1] ?? '';
  expect(to).toMatch(/@/);
  // The outbox is an administrator's: read it in a super admin's own context.
  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, 'superAdmin');
    await outboxMatch(adminPage, to, new RegExp(`Issue # ${issueNo} \\(`));
  } finally {
    await adminContext.close();
  }
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(drawer).toBeHidden();

  // My Pending Notes: one more on the badge, the note in the list.
  await page.getByRole('link', { name: 'Agent Desktop' }).click();
  await expect(page).toHaveURL(/\/agent$/);
  await expect.poll(() => pendingBadge(page)).toBe(before + 1);
  await page.getByRole('tab', { name: /My Pending Notes/ }).click();
  const pending = page.getByRole('table', { name: 'My pending notes' });
  await pending.getByRole('button', { name: `Issue # ${issueNo}` }).click();
  const fromList = page.getByRole('dialog', { name: `Issue # ${issueNo}` });
  await expect(fromList).toBeVisible();
  const comment = fromList.getByRole('form', { name: 'Add Comment' });

  // The comment rules, a comment, then Done.
  await comment.getByRole('checkbox', { name: 'Done' }).check();
  await comment.getByRole('button', { name: 'Add Comment' }).click();
  await expect(comment.getByText(ISSUE_MESSAGES.noteRequiredForDone)).toBeVisible();
  await comment.getByLabel('Add a Note').fill('   ');
  await comment.getByRole('button', { name: 'Add Comment' }).click();
  await expect(comment.getByText(ISSUE_MESSAGES.detailsAlphanumeric)).toBeVisible();
  await comment.getByRole('checkbox', { name: 'Done' }).uncheck();
  await comment.getByLabel('Add a Note').fill('Called the pharmacy back; the claim went through.');
  await comment.getByRole('button', { name: 'Add Comment' }).click();
  await expect(page.getByText(ISSUE_MESSAGES.commentAdded(issueNo))).toBeVisible();
  await expect(fromList).toContainText('Called the pharmacy back');
  await expect(fromList).toContainText('Open');
  await checkA11y(page);
  await comment.getByLabel('Add a Note').fill('Member confirmed the refill was picked up.');
  await comment.getByRole('checkbox', { name: 'Done' }).check();
  await comment.getByRole('button', { name: 'Add Comment' }).click();
  await expect(page.getByText(ISSUE_MESSAGES.markedDone(issueNo))).toBeVisible();
  await expect(fromList.getByRole('checkbox', { name: 'Done' })).toHaveCount(0);
  await fromList.getByRole('button', { name: 'Close', exact: true }).click();
  await expect.poll(() => pendingBadge(page)).toBe(before);
  await expect(pending.getByRole('button', { name: `Issue # ${issueNo}` })).toHaveCount(0);

  // A reloaded page and another user read the same issue, Done with both comments.
  await page.goto(memberPath);
  await page.reload();
  await page.getByRole('tab', { name: 'Recent Notes' }).click();
  await expect(
    page.getByRole('table', { name: 'Recent notes' }).getByRole('row', {
      name: new RegExp(`Issue # ${issueNo}\\b.*Done`),
    }),
  ).toBeVisible();
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signIn(other, 'superAdmin', { path: memberPath });
    await other.getByRole('tab', { name: 'Recent Notes' }).click();
    await other
      .getByRole('table', { name: 'Recent notes' })
      .getByRole('button', { name: `Issue # ${issueNo}` })
      .click();
    const seen = other.getByRole('dialog', { name: `Issue # ${issueNo}` });
    await expect(seen).toContainText(caller);
    await expect(seen).toContainText('Called the pharmacy back');
    await expect(seen).toContainText('Member confirmed the refill was picked up.');
    await expect(seen).toContainText('Done');
    await expect(seen.getByRole('group', { name: 'Attached files' })).toContainText(PDF.name);
  } finally {
    await otherContext.close();
  }
});

test('leaving a filled note asks first, and a note without a member is kept', async ({ page }) => {
  await signIn(page, 'agent', { path: '/agent' });
  const member = await findMember(page);
  await page.goto(`/agent/${member.organizationNo}/member/${member.employeeNo}`);
  const form = notesForm(page);
  await form.getByLabel('Details').fill('Started a note, then the caller hung up.');

  // The unsaved-notes modal: return, then go home without saving.
  await page.getByRole('link', { name: 'Agent Desktop' }).click();
  let modal = await shownDialog(page, ISSUE_MESSAGES.unsavedGoHome);
  await checkA11y(page);
  await modal.getByRole('button', { name: ISSUE_MESSAGES.unsavedReturn }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/member\//);
  await expect(form.getByLabel('Details')).toHaveValue('Started a note, then the caller hung up.');
  await page.getByRole('link', { name: 'Agent Desktop' }).click();
  modal = await shownDialog(page, ISSUE_MESSAGES.unsavedGoHome);
  await modal.getByRole('button', { name: ISSUE_MESSAGES.unsavedGoHome }).click();
  await expect(page).toHaveURL(/\/agent$/);
  await expect(notesForm(page).getByLabel('Details')).toHaveValue('');

  // The member-not-found page: the note is filed under 'Organization Not Found'.
  await page.getByRole('link', { name: 'Unable to Locate Member' }).click();
  await expect(page).toHaveURL(/\/agent\/member-not-found$/);
  await expect(notesRegion(page)).toContainText(ORGANIZATION_NOT_FOUND);
  const notFound = notesForm(page);
  await fillCall(page, notFound, {
    caller: 'Unknown Caller',
    type: 'Other',
    details: 'Caller could not give a member ID; asked them to call back with their card.',
  });
  // Other must say where they call from.
  await notFound.getByRole('button', { name: 'Save Notes' }).click();
  await expect(notFound.getByText('Calling From is required')).toBeVisible();
  await notFound.getByLabel('Calling From').fill('Denver, CO');
  await checkA11y(page);
  const issueNo = await save(page, notFound);
  await notesRegion(page).getByRole('button', { name: 'View Details' }).click();
  const drawer = page.getByRole('dialog', { name: `Issue # ${issueNo}` });
  await expect(drawer).toContainText(ORGANIZATION_NOT_FOUND);
  await expect(drawer).toContainText('Denver, CO');
  await checkA11y(page);
});
