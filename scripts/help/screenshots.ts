// The screenshots the guides show, taken from the running product with the demo personas.
// A guide names one as ![caption](screenshots/<name>.png); build.ts takes every one a guide
// names, and fails on a name that is not defined here.
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { PersonaKey } from '../../apps/server/src/seed/personas.ts';
import { newContext, signIn } from './browser.ts';

export interface Shot {
  /** Who is signed in; none for the public pages. */
  persona?: PersonaKey;
  /** Where the shot starts (after sign-in). */
  path: string;
  /** Gets the page into the state to show; resolves when it is there. */
  prepare?: (page: Page) => Promise<void>;
  /** Only this part of the page, as a CSS selector; the whole viewport otherwise. */
  element?: string;
  /** Whether the home tour should run (it is marked seen otherwise). */
  tour?: boolean;
  /** Installs Playwright's fake clock before the app loads (inactivity warning). */
  clock?: boolean;
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

async function organizationsLoaded(page: Page): Promise<void> {
  await heading(page, 'Organizations');
  await page.getByRole('table').getByRole('link').first().waitFor();
}

/** Opens the first member or dependent a members-list search found. */
async function openFirstMember(page: Page, kind: '/employees/' | '/dependents/'): Promise<void> {
  await heading(page, 'Members');
  await page.locator(`main table a[href*="${kind}"]`).first().click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(500);
}

export const SHOTS: Record<string, Shot> = {
  'welcome-page': {
    path: '/welcome',
    prepare: (page) => heading(page, /^Welcome to/),
  },
  'login-page': {
    path: '/login',
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'Sign in to Pillar' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill('broker@pillar.example');
    },
  },
  'home-broker': {
    persona: 'broker',
    path: '/home',
    prepare: async (page) => {
      await page.locator('[data-tour="organizations"] ul a').first().waitFor();
      await page.locator('.home-stat__value').waitFor();
    },
  },
  'home-account-manager': {
    persona: 'accountManager',
    path: '/home',
    prepare: async (page) => {
      await page.getByRole('search', { name: 'Search organizations' }).waitFor();
      await page.locator('.home-stat__value').waitFor();
    },
  },
  'home-tour': {
    persona: 'broker',
    path: '/home',
    tour: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByText('The menu opens every area you have access to.').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('The organizations you look after.').waitFor();
      await page.waitForTimeout(600);
    },
  },
  'user-menu': {
    persona: 'broker',
    path: '/home',
    prepare: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: 'Jonah Whitfield' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    },
  },
  'profile-drawer': {
    persona: 'broker',
    path: '/home',
    prepare: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: 'Jonah Whitfield' }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.getByRole('dialog').getByText('Reset Password').waitFor();
      await page.getByRole('dialog').getByRole('textbox', { name: 'First Name' }).waitFor();
      await page.waitForTimeout(500);
    },
  },
  'inactivity-warning': {
    persona: 'broker',
    path: '/home',
    clock: true,
    prepare: async (page) => {
      await page.locator('.home-stat__value').waitFor();
      await page.mouse.move(400, 400);
      await page.clock.fastForward(185_000);
      await page.getByText('You will soon be logged out due to inactivity.').waitFor();
      await page.waitForTimeout(500);
    },
  },
  'organizations-list': {
    persona: 'accountManager',
    path: '/organizations',
    prepare: organizationsLoaded,
  },
  'organizations-search': {
    persona: 'accountManager',
    path: '/organizations?org.processStatus=2&org.sort=name:asc',
    prepare: organizationsLoaded,
  },
  'organization-page': {
    persona: 'broker',
    path: '/organizations',
    prepare: async (page) => {
      await organizationsLoaded(page);
      await page.getByRole('table').getByRole('link').first().click();
      await page.getByText('Original Effective Date').waitFor();
      await page.getByRole('heading', { level: 2, name: 'Contact Info' }).waitFor();
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
      await page.waitForTimeout(600);
    },
  },
  'home-client': {
    persona: 'client',
    path: '/home',
    prepare: async (page) => {
      await page.locator('[data-tour="organizations"] ul a').first().waitFor();
      await page.locator('.home-stat__value').waitFor();
      await page.locator('[data-tour="files"] table a').first().waitFor();
    },
  },
  'members-page': {
    persona: 'accountManager',
    path: '/members?emp.name=a&emp.processStatus=active',
    prepare: async (page) => {
      await heading(page, 'Members');
      await page.getByRole('table').getByRole('link').first().waitFor();
    },
  },
  'members-dependents': {
    persona: 'accountManager',
    path: '/members?type=dependent&dep.name=a&dep.processStatus=active',
    prepare: async (page) => {
      await heading(page, 'Members');
      await page.getByRole('columnheader', { name: 'Birthdate' }).waitFor();
      await page.getByRole('table').getByRole('row').nth(2).waitFor();
    },
  },
  'member-page': {
    persona: 'accountManager',
    path: '/members?emp.name=a&emp.processStatus=active',
    prepare: async (page) => {
      await openFirstMember(page, '/employees/');
      await page.getByRole('heading', { name: 'Eligibility Actions' }).waitFor();
    },
  },
  'member-group-assignment': {
    persona: 'accountManager',
    path: '/members?emp.name=a&emp.processStatus=active',
    prepare: async (page) => {
      await openFirstMember(page, '/employees/');
      const panel = page.getByRole('heading', { name: 'Group Assignment' });
      await panel.waitFor();
      await panel.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(400);
    },
  },
  'member-temp-card': {
    persona: 'accountManager',
    path: '/members?emp.name=a&emp.processStatus=active',
    prepare: async (page) => {
      await openFirstMember(page, '/employees/');
      await page.getByRole('button', { name: 'Temp ID Card' }).first().click();
      const drawer = page.getByRole('dialog', { name: 'Temp ID Card' });
      await drawer.getByText('RxBIN').first().waitFor();
      await page.waitForTimeout(600);
    },
  },
  'dependent-page': {
    persona: 'accountManager',
    path: '/members?type=dependent&dep.name=a&dep.processStatus=active',
    prepare: async (page) => {
      await openFirstMember(page, '/dependents/');
      await page.getByRole('heading', { name: 'Dependent Details' }).waitFor();
    },
  },
  'files-page': {
    persona: 'client',
    path: '/files',
    prepare: async (page) => {
      await heading(page, 'Files');
      await page.getByRole('table').getByRole('link').first().waitFor();
    },
  },
  'upload-file': {
    persona: 'client',
    path: '/files',
    prepare: async (page) => {
      await heading(page, 'Files');
      await page.getByRole('button', { name: 'Add New File' }).click();
      const drawer = page.getByRole('dialog', { name: 'Upload File' });
      await drawer.waitFor();
      await drawer.locator('input[type="file"]').setInputFiles({
        name: 'New Hires December 2026.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'last_name,first_name,birth_date,effective_date\nGreen,Ava,1990-04-12,2026-12-01\n',
        ),
      });
      await drawer.getByText('New Hires December 2026.csv').waitFor();
      await page.waitForTimeout(600);
    },
  },
  'file-page': {
    persona: 'client',
    path: '/files',
    prepare: async (page) => {
      await page
        .getByRole('table')
        .getByRole('link', { name: /^New Hires November/ })
        .click();
      await page.getByRole('heading', { level: 2, name: 'Downloads' }).waitFor();
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
      await page.waitForTimeout(500);
    },
  },
  'access-denied': {
    persona: 'client',
    path: '/admin/featureFlags',
    prepare: (page) => page.getByText('You are not authorized to view this page.').waitFor(),
  },
  'help-page': {
    persona: 'broker',
    path: '/help',
    prepare: async (page) => {
      await heading(page, 'Help');
      await page.getByRole('heading', { level: 2, name: 'Guides' }).waitFor();
    },
  },
};

/** Takes the named screenshots into dir/<name>.png. */
export async function takeScreenshots(
  browser: Browser,
  baseUrl: string,
  names: string[],
  dir: string,
): Promise<void> {
  for (const name of names) {
    const shot = SHOTS[name];
    if (!shot)
      throw new Error(
        `A guide shows screenshots/${name}.png, which screenshots.ts does not define`,
      );
    const context = await newContext(browser, baseUrl, { tourSeen: !shot.tour });
    try {
      const page = await context.newPage();
      if (shot.clock) await page.clock.install();
      if (shot.persona) await signIn(page, shot.persona, shot.path);
      else await page.goto(shot.path);
      if (shot.persona && new URL(page.url()).pathname + new URL(page.url()).search !== shot.path) {
        await page.goto(shot.path);
      }
      // Keep the pointer out of the picture (before preparing: moving it later would close
      // the inactivity warning), then let transitions and fonts settle.
      await page.mouse.move(1279, 719);
      try {
        await shot.prepare?.(page);
      } catch (error) {
        // What the page showed instead, to see why at a glance.
        const failed = path.join(os.tmpdir(), `help-shot-${name}-failed.png`);
        await page.screenshot({ path: failed, fullPage: true }).catch(() => undefined);
        console.error(`  screenshot ${name} failed on ${page.url()}; the page is in ${failed}`);
        throw error;
      }
      await page.waitForTimeout(300);
      const file = `${dir}/${name}.png`;
      if (shot.element) await page.locator(shot.element).first().screenshot({ path: file });
      else await page.screenshot({ path: file });
      console.log(`  screenshot ${name}`);
    } finally {
      await context.close();
    }
  }
}
