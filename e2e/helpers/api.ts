// API helpers the specs share: finding seeded records, creating records, reading the mail outbox.
import { type Page } from '@playwright/test';
import {
  type OrganizationDetail,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import { accessTokenOf, apiGet, expect } from '../fixtures.ts';

/** Posts to the portal API as the user signed in on this page; expects 201 Created. */
export async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  const response = await page.request.post(path, {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
    data: body,
  });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

/**
 * The first organization of a list query (e.g. 'processStatus=1&sort=name:asc') whose detail
 * the test accepts; `accept` may look further (groups, members) and answer what the test needs,
 * or undefined to go on to the next organization.
 */
export async function findOrganization<T>(
  page: Page,
  query: string,
  accept: (organization: OrganizationDetail) => Promise<T | undefined> | T | undefined,
): Promise<T | undefined> {
  const list = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    `/portal/v1/organizations?limit=100&${query}`,
  );
  for (const summary of list.data) {
    const organization = await apiGet<OrganizationDetail>(
      page,
      `/portal/v1/organizations/${summary.organizationNo}`,
    );
    const found = await accept(organization);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The first match of a pattern in the newest message the built-in outbox holds for an address,
 * waiting for the message to arrive.
 */
export async function outboxMatch(
  page: Page,
  address: string,
  pattern: RegExp,
): Promise<RegExpExecArray> {
  let match: RegExpExecArray | null = null;
  await expect(async () => {
    const body = await apiGet<{ data: { text: string }[] }>(
      page,
      `/authorization/v1/mail-outbox?to=${encodeURIComponent(address)}&limit=1`,
    );
    match = pattern.exec(body.data[0]?.text ?? '');
    expect(match, `a message to ${address} matching ${pattern}`).not.toBeNull();
  }).toPass();
  return match!;
}
