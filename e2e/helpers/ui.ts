// Page helpers the specs share: notices, panels, dialogs and antd selects.
import { type Locator, type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations } from '../fixtures.ts';

/** A notification, e.g. 'Create User' with 'Success!'. */
export function notice(page: Page, title: string): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

/** Waits for the success notice titled after the action, and closes it. */
export async function expectNotice(page: Page, title: string): Promise<void> {
  const found = notice(page, title);
  await expect(found.first()).toBeVisible();
  await expect(found.first()).toContainText('Success!');
  await found.first().locator('.ant-notification-notice-close').click();
  await expect(found).toHaveCount(0);
}

/** The card whose level-2 heading is the title, such as the member page's 'Dependents'. */
export function panel(page: Page, title: string): Locator {
  return page.locator('.ant-card').filter({
    has: page.getByRole('heading', { level: 2, name: title, exact: true }),
  });
}

/** The open drawer or modal. */
export function drawer(page: Page): Locator {
  return page.getByRole('dialog');
}

/** Runs axe with the pointer out of the way, so no hover state is judged. */
export async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
}

/**
 * The modal holding `text`, once it has finished appearing. antd's modal ignores a click while it
 * is still zooming in (seen in CI with two workers: the click landed during 'ant-zoom-appear' and
 * the dialog stayed open); a person clicks once the dialog has appeared, and so does a test.
 */
export async function shownDialog(page: Page, text: string): Promise<Locator> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-appear/);
  return dialog;
}

/** Confirms the modal titled so with its button, and waits for it to close. */
export async function confirmDialog(page: Page, title: string, button: string): Promise<void> {
  const dialog = await shownDialog(page, title);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The accessible name of a select's combobox; a required field's starts with antd's '*' mark. */
function comboboxName(label: string): RegExp {
  return new RegExp(`^(\\* )?${label}$`);
}

function combobox(scope: Locator | Page, label: string): Locator {
  return scope.getByRole('combobox', { name: comboboxName(label) });
}

/** The dropdown list of an antd select's combobox. */
async function dropdownOf(box: Locator): Promise<Locator> {
  const page = box.page();
  const list = `${await box.getAttribute('id')}_list`;
  return page.locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) });
}

/**
 * Picks an option of the antd select labelled so inside a scope; `type` narrows a long (virtual)
 * list to the option first. The option is clicked, never taken with Enter: Enter takes whatever
 * option is active, and while the list is still being replaced by the search (a clean-clone CI
 * saw it) that is none or another one.
 */
export async function choose(
  scope: Locator | Page,
  label: string,
  option: string | RegExp,
  type?: string,
): Promise<void> {
  const box = combobox(scope, label);
  const dropdown = await dropdownOf(box);
  // Options carry their label as a title; a RegExp matches part of it.
  const item = dropdown.getByTitle(option, { exact: true });
  // A drawer still sliding in can move the option under the pointer: try again until it took.
  await expect(async () => {
    if (!(await dropdown.isVisible())) await box.click();
    if (type && (await box.inputValue()) !== type) await box.fill(type);
    await item.click({ timeout: 2_000 });
    await expect(dropdown).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Picks an option of the antd select labelled so with the keyboard (arrow keys to the option,
 * Enter), and checks it was taken. The keyboard path does not depend on where the dropdown is
 * while it animates open on a busy machine.
 */
export async function chooseByKeyboard(
  scope: Locator,
  label: string,
  option: string,
): Promise<void> {
  const page = scope.page();
  const box = combobox(scope, label);
  // Inside filter(), a locator is relative to the select, so it starts from the page.
  const select = scope
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: comboboxName(label) }) });
  await box.focus();
  await page.keyboard.press('ArrowDown');
  const dropdown = await dropdownOf(box);
  await expect(dropdown).toBeVisible();
  const active = dropdown.locator('.ant-select-item-option-active');
  for (let step = 0; step < 60; step += 1) {
    if ((await active.getAttribute('title')) === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(active).toHaveAttribute('title', option);
  await page.keyboard.press('Enter');
  await expect(select).toContainText(option);
  await expect(dropdown).toBeHidden();
}

/** MM/DD/YYYY of an ISO date, as the date fields take it. */
export function shown(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/** The ISO date some days after (or before) another. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Letters from the clock's digits, so a name made of them is unique to the run. */
export function uniqueLetters(count = 2): string {
  const digits = String(Date.now()).slice(-count);
  return [...digits].map((d) => 'abcdefghij'[Number(d)]).join('');
}
