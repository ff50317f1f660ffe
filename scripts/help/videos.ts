// The help centre's tutorial videos: each a Playwright flow through the real product with the
// demo personas, recorded by recorder.ts, captioned as it goes. A flow waits for what each
// caption describes before it moves on, so a video cannot show one thing and say another.
// When a screen changes, change its flow here and run `npm run help:build` again.
import type { Page } from 'playwright-core';
import type { PersonaKey } from '../../apps/server/src/seed/personas.ts';
import { type Presenter } from './browser.ts';

export interface VideoFlow {
  id: string;
  title: string;
  description: string;
  /** Signed in before the recording starts; the recording opens on `path`. */
  persona?: PersonaKey;
  path: string;
  /** Lets the home tour start by itself (it is marked seen otherwise). */
  tour?: boolean;
  /** Installs Playwright's fake clock before the app loads. */
  clock?: boolean;
  /** Waits for the first screen before the recording starts. */
  ready: (page: Page) => Promise<void>;
  run: (p: Presenter, page: Page, markPoster: () => void) => Promise<void>;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const card = (page: Page, tour: string) => page.locator(`[data-tour="${tour}"]`);
const resultsTable = (page: Page) => page.getByRole('table');
/** An organization dashboard panel, by its heading. */
const panel = (page: Page, title: string) =>
  page
    .locator('.org-panel')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

async function resultsShown(page: Page): Promise<void> {
  await resultsTable(page).getByRole('link').first().waitFor();
  // antd's table shows its spinner while a search runs.
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
}

export const VIDEOS: VideoFlow[] = [
  {
    id: 'signing-in-and-out',
    title: 'Signing in and out',
    description: 'Sign in with your email address and password, find your home page, and sign out.',
    path: '/welcome',
    ready: (page) => h1(page, /^Welcome to/).waitFor(),
    async run(p, page, markPoster) {
      await p.say('This is Pillar’s welcome page. Choose Sign in to start.', 3500);
      await p.click(page.getByRole('button', { name: 'Sign in' }));
      await page.getByRole('heading', { name: 'Sign in to Pillar' }).waitFor();
      await p.say('Type your work email address and your password.', 2500);
      await p.type(page.getByLabel('Email', { exact: true }), 'broker@pillar.example');
      await p.type(page.getByLabel('Password', { exact: true }), 'Pillar-Demo-2026!');
      markPoster();
      await p.say('Then choose Sign in.', 1800);
      await p.click(page.getByRole('button', { name: 'Sign in', exact: true }));
      await h1(page, /, Jonah$/).waitFor();
      await p.say('Pillar opens your home page and greets you by your first name.', 4500);
      await p.say(
        'After too many wrong passwords Pillar locks the account for a while; your administrator can help.',
        5000,
      );
      await p.say('To sign out, choose your name at the top right…', 2500);
      await p.click(page.getByRole('banner').getByRole('button', { name: 'Jonah Whitfield' }));
      await p.say('…and then Logout.', 2000);
      await p.click(page.getByRole('menuitem', { name: 'Logout' }));
      await page.getByRole('heading', { name: 'Sign in to Pillar' }).waitFor();
      await p.say('You are signed out. Sign in again whenever you need Pillar.', 4500);
    },
  },
  {
    id: 'home-dashboard',
    title: 'Your home dashboard',
    description:
      'The cards on your home page: your organizations, the member count and search, help and feedback.',
    persona: 'accountManager',
    path: '/home',
    ready: async (page) => {
      await card(page, 'organizations').getByRole('search').waitFor();
      await page.locator('.home-stat__value').waitFor();
    },
    async run(p, page, markPoster) {
      await p.say(
        'Your home page greets you and shows a card for each thing you look after.',
        4500,
      );
      markPoster();
      await p.pointAt(card(page, 'organizations').getByRole('heading'));
      await p.say(
        'Organizations: this account manager sees 48, so the card shows the total and a search.',
        4500,
      );
      await p.type(card(page, 'organizations').getByRole('searchbox'), 'cedar');
      await p.click(card(page, 'organizations').getByRole('button', { name: 'Search' }));
      await h1(page, 'Organizations').waitFor();
      await resultsShown(page);
      await p.say('The organizations list opens with the search already made.', 4500);
      await p.say('Back to the home page.', 1500);
      await p.click(
        page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Home' }),
      );
      await card(page, 'members').waitFor();
      await p.pointAt(page.locator('.home-stat__value'));
      await p.say('Members: how many members (employees) you can see.', 4000);
      await p.click(card(page, 'members').getByText('Dependent', { exact: true }));
      await p.say(
        'Search employees or dependents by name: choose Employee or Dependent, type a name and choose Search.',
        5500,
      );
      await p.click(card(page, 'members').getByText('Employee', { exact: true }));
      const files = card(page, 'files').getByRole('table');
      if ((await files.count()) > 0) {
        await p.pointAt(files.getByRole('link').first());
        await p.say(
          'Files: the five files most recently shared with you; PHI marks health information.',
          5000,
        );
      }
      await p.pointAt(card(page, 'help').getByRole('link', { name: /Quick start guide/ }));
      await p.say('Help: the quick start guide as a PDF…', 3000);
      await p.pointAt(card(page, 'help').getByRole('link', { name: 'More help' }));
      await p.say('…and More help, the help centre with every guide and video.', 3500);
      await p.pointAt(card(page, 'feedback').getByRole('link', { name: /Give feedback/ }));
      await p.say(
        'Feedback opens a form in a new tab. Tell us what works and what does not.',
        4500,
      );
      await p.rest();
      await p.say(
        'People with 10 organizations or fewer see them listed by name instead of a search.',
        4500,
      );
      await p.pointAt(page.getByRole('button', { name: 'Take the tour' }));
      await p.say('Take the tour, at the top, walks you through the page step by step.', 4000);
    },
  },
  {
    id: 'finding-an-organization',
    title: 'Finding an organization',
    description:
      'Search the organizations list by name and status, sort it, page through it and open an organization.',
    persona: 'accountManager',
    path: '/organizations',
    ready: resultsShown,
    async run(p, page, markPoster) {
      await p.say('Organizations in the menu lists every organization you can see.', 4000);
      await p.pointAt(resultsTable(page).getByRole('columnheader', { name: 'Name' }));
      await p.say('Each row shows the name, type, effective date and status.', 4000);
      await p.type(page.getByRole('textbox', { name: 'Name', exact: true }), 'valley');
      await p.click(page.getByRole('button', { name: 'Search' }));
      await resultsShown(page);
      markPoster();
      await p.say('Part of a name is enough, and capitals do not matter.', 4500);
      await p.click(page.getByRole('button', { name: 'Clear Filters' }));
      await resultsShown(page);
      await p.say('Clear Filters shows every organization again.', 3000);
      await p.click(page.getByRole('combobox', { name: 'Status', exact: true }));
      await p.click(page.getByTitle('2 Pending Termination'));
      await p.click(page.getByRole('button', { name: 'Search' }));
      await resultsShown(page);
      await p.say('Status finds active, pending termination or terminated organizations.', 4500);
      await p.click(resultsTable(page).getByRole('columnheader', { name: 'Effective Date' }));
      await resultsShown(page);
      await p.say('Choose a column heading to sort by it; choose it again to reverse.', 4000);
      await p.click(page.getByRole('button', { name: 'Clear Filters' }));
      await resultsShown(page);
      await p.scroll(900);
      await p.pointAt(page.locator('.ant-pagination-options'));
      await p.say(
        'Under the table: the pages, and how many rows a page shows: 20, 50 or 100.',
        4500,
      );
      await p.click(page.locator('.ant-pagination').getByTitle('2', { exact: true }));
      await resultsShown(page);
      await p.say(
        'Your search, sort and page stay in the address, ready to bookmark or share.',
        4500,
      );
      await p.scroll(-900);
      const first = resultsTable(page).getByRole('link').first();
      const name = (await first.innerText()).trim();
      await p.say('Choose a name to open the organization.', 2500);
      await p.click(first);
      await h1(page, name).waitFor();
      await p.say(`${name}: its page, with its status and dates.`, 4000);
    },
  },
  {
    id: 'organization-page',
    title: 'Opening an organization',
    description:
      'Open an organization from your home page and read its dashboard: groups and fees, plans, invoices, contacts and locations.',
    persona: 'broker',
    path: '/home',
    ready: (page) => card(page, 'organizations').getByRole('listitem').first().waitFor(),
    async run(p, page, markPoster) {
      await p.say(
        'A broker who looks after two organizations sees them by name on the home page.',
        4500,
      );
      const link = card(page, 'organizations').getByRole('link').first();
      const name = (await link.innerText()).trim();
      await p.click(link);
      await h1(page, name).waitFor();
      const groups = panel(page, 'Groups');
      await groups.getByRole('row').nth(1).waitFor();
      markPoster();
      await p.pointAt(h1(page, name));
      await p.say(
        'The header: the organization’s name, type, status and original effective date.',
        4500,
      );
      await p.pointAt(page.getByRole('tab', { name: 'Dashboard' }));
      await p.say('The Dashboard tab gathers what you need to know about it.', 3500);
      await p.pointAt(groups.getByRole('heading', { name: 'Groups' }));
      await p.say('Groups: where its members are enrolled, with dates and status.', 4000);
      await p.click(groups.getByRole('button').filter({ hasNotText: 'View Fees' }).first());
      const summary = page.getByRole('dialog', { name: 'Group Summary' });
      await summary.waitFor();
      await p.say(
        'A group’s name opens its summary: effective period and benefit group numbers.',
        5000,
      );
      await p.click(summary.getByRole('button', { name: 'Close' }));
      await p.click(groups.getByRole('button', { name: /^View Fees/ }).first());
      const fees = page.getByRole('dialog', { name: /^Fees/ });
      await fees.waitFor();
      await p.say('View Fees lists the group’s fees, their periods and amounts.', 4500);
      await p.click(fees.getByRole('button', { name: 'Close' }));
      const plans = panel(page, 'Plans');
      await p.pointAt(plans.getByRole('heading', { name: 'Plans' }));
      await p.say(
        'Plans: the pharmacy plans, with status and expiration; search and sort them.',
        4500,
      );
      const invoices = panel(page, 'Invoices');
      await p.click(invoices.getByRole('button', { name: /^View Invoices/ }).first());
      const history = page.getByRole('dialog').filter({ hasText: 'Invoice Number' });
      await history.getByRole('row').nth(1).waitFor();
      await p.say(
        'View Invoices opens the invoice history, with the downloads your roles allow.',
        5500,
      );
      await p.click(history.getByRole('button', { name: 'Close' }).first());
      await p.pointAt(panel(page, 'Contact Info').getByRole('heading', { name: 'Contact Info' }));
      await p.say('Beside them: contacts, locations, and Med D subsidy when there is any.', 4500);
      await p.click(page.locator('.ant-breadcrumb').getByRole('link', { name: 'Organizations' }));
      await resultsShown(page);
      await p.say(
        'The breadcrumb returns to the organizations list: a broker sees only their own.',
        4500,
      );
    },
  },
  {
    id: 'finding-a-member',
    title: 'Finding a member',
    description:
      'Search employees and dependents across your organizations by organization, name, ID, status and dates.',
    persona: 'accountManager',
    path: '/members',
    ready: (page) => page.getByText('Use the filters above to search for members.').waitFor(),
    async run(p, page, markPoster) {
      await p.say(
        'Members in the menu searches members across all the organizations you can see.',
        4500,
      );
      await p.pointAt(page.getByText('Use the filters above to search for members.'));
      await p.say('Nothing shows until you search: use one or several of the fields.', 4000);
      await p.pointAt(page.getByText('Search for', { exact: true }));
      await p.say('First choose what to search for: employees or dependents.', 3500);
      await p.say('An organization is enough on its own. Type part of its name…', 3000);
      const organization = page.getByRole('combobox', { name: 'Organization', exact: true });
      await p.click(organization);
      await organization.pressSequentially('Cedar Valley Man', { delay: 110 });
      const option = page
        .locator('.ant-select-item-option')
        .filter({ hasText: 'Cedar Valley Manufacturing' });
      await option.first().waitFor();
      await p.click(option.first());
      await p.click(page.getByRole('button', { name: 'Search', exact: true }));
      await resultsShown(page);
      markPoster();
      await p.say('…and choose Search: the organization’s employees.', 4000);
      await p.pointAt(resultsTable(page).getByRole('columnheader', { name: 'Generated ID' }));
      await p.say(
        'Each shows the organization, the generated and client IDs, birthdate, dates and status.',
        5000,
      );
      const first = resultsTable(page).getByRole('link').first();
      const lastName = (await first.innerText()).split(',')[0]!.trim();
      await p.type(page.getByRole('textbox', { name: 'Name', exact: true }), lastName);
      await p.click(page.getByRole('button', { name: 'Search', exact: true }));
      await resultsShown(page);
      await p.say(
        `Add a name, last name first, to narrow it down: here everyone named ${lastName}.`,
        5000,
      );
      await p.click(page.locator('.member-kind-switch').getByText('Dependent', { exact: true }));
      await resultsTable(page).getByRole('columnheader', { name: 'Birthdate' }).waitFor();
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
      await p.say(
        'Dependent searches the dependents instead, keeping the name and organization.',
        5000,
      );
      await p.click(page.getByRole('button', { name: 'Clear Filters' }));
      await page.getByText('Use the filters above to search for members.').waitFor();
      await p.say(
        'Clear Filters starts again. One field alone, like a name, asks before searching.',
        5000,
      );
      await p.say('Your Members card on the home page starts the same search with a name.', 4000);
    },
  },
  {
    id: 'sharing-files',
    title: 'Sharing files securely',
    description:
      'Upload files for an organization, mark protected health information, choose who receives them, and download a file.',
    persona: 'client',
    path: '/files',
    ready: (page) => resultsShown(page),
    async run(p, page, markPoster) {
      await p.say(
        'Files in the menu: documents you exchange securely with your account team.',
        4500,
      );
      await p.pointAt(page.locator('.ant-tag').filter({ hasText: 'PHI' }).first());
      await p.say('A gold PHI tag marks files with protected health information.', 4000);
      await p.click(page.getByRole('button', { name: 'Add New File' }));
      const drawer = page.getByRole('dialog', { name: 'Upload File' });
      await drawer.waitFor();
      await p.say(
        'Add New File uploads up to 10 files at once, of the types the drawer lists.',
        4500,
      );
      await p.pointAt(drawer.getByRole('button', { name: 'Select Files' }));
      await p.say('Select Files picks them from your computer.', 2500);
      await drawer.locator('input[type="file"]').setInputFiles({
        name: 'New Hires December 2026.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'last_name,first_name,birth_date,effective_date\nGreen,Ava,1990-04-12,2026-12-01\nOkoro,Samuel,1987-09-30,2026-12-01\n',
        ),
      });
      await drawer.getByText('New Hires December 2026.csv').waitFor();
      await p.pause(1200);
      await p.say('Then the organization the file is for, and its category.', 3000);
      const organization = drawer.getByRole('combobox', { name: /Organization$/ });
      await p.click(organization);
      const org = page
        .locator('.ant-select-item-option')
        .filter({ hasText: 'Cedar Valley Manufacturing' });
      await org.first().waitFor();
      await p.click(org.first());
      await p.click(drawer.getByRole('combobox', { name: /Category$/ }));
      await p.click(
        page.locator('.ant-select-item-option').filter({ hasText: 'Eligibility' }).first(),
      );
      markPoster();
      await p.click(drawer.getByText('Contains PHI (protected health information)'));
      await p.say('Tick Contains PHI when it holds protected health information.', 3500);
      await p.click(drawer.getByRole('combobox', { name: /Recipients$/ }));
      const recipient = page
        .locator('.ant-select-item-option:not(.ant-select-item-option-disabled)')
        .filter({ hasText: 'Jonah Whitfield' });
      await recipient.first().waitFor();
      await p.click(recipient.first());
      await page.keyboard.press('Escape');
      await p.say(
        'Recipients: who may open it. A PHI file can only go to people allowed PHI.',
        5000,
      );
      await p.click(drawer.getByRole('button', { name: 'Upload', exact: true }));
      await drawer.waitFor({ state: 'hidden' });
      const uploaded = resultsTable(page)
        .getByRole('link', { name: 'New Hires December 2026.csv', exact: true })
        .first();
      await uploaded.waitFor();
      await p.say('Uploaded: it is stored encrypted, and its recipients see it now.', 4000);
      await p.click(uploaded);
      await page.getByRole('heading', { level: 2, name: 'Downloads' }).waitFor();
      await p.say(
        'A file’s page: Download saves it; Copy Link gives its address to send on.',
        5000,
      );
      await p.pointAt(page.getByRole('heading', { level: 2, name: 'File Details' }));
      await p.say('As the uploader you can change its category, PHI mark and recipients…', 4000);
      await p.pointAt(page.getByRole('heading', { level: 2, name: 'Downloads' }));
      await p.say('…and see who has downloaded it, and when.', 4000);
    },
  },
  {
    id: 'profile-and-session',
    title: 'Your profile and staying signed in',
    description:
      'See your profile, and what happens when Pillar warns that it will sign you out for inactivity.',
    persona: 'broker',
    path: '/home',
    clock: true,
    ready: (page) => page.locator('.home-stat__value').waitFor(),
    async run(p, page, markPoster) {
      await p.say('Your profile is under your name at the top right.', 3000);
      await p.click(page.getByRole('banner').getByRole('button', { name: 'Jonah Whitfield' }));
      await p.click(page.getByRole('menuitem', { name: 'Profile' }));
      const profile = page.getByRole('dialog', { name: 'Edit Profile' });
      await profile.getByRole('textbox', { name: 'First Name' }).waitFor();
      markPoster();
      await p.say(
        'Edit Profile: your name, phone and extension; change them and choose Save.',
        5000,
      );
      await p.pointAt(profile.getByText('Reset Password'));
      await p.say('Reset Password emails you a link to choose a new password.', 4000);
      await p.click(page.getByRole('dialog').getByRole('button', { name: 'Close' }));
      await p.say(
        'Pillar signs you out when you leave it alone: brokers and clients after 5 minutes.',
        5000,
      );
      await p.say('Two minutes before, it warns you and counts down. Here is that moment…', 3500);
      await page.clock.fastForward(181_000);
      await page.getByText('You will soon be logged out due to inactivity.').waitFor();
      await p.say('The warning counts down the time left.', 6000);
      await p.say('Move your mouse, and you stay signed in where you were.', 2500);
      await p.pointAt(page.getByRole('heading', { level: 1 }), 1200);
      await page
        .getByText('You will soon be logged out due to inactivity.')
        .waitFor({ state: 'hidden' });
      await p.say(
        'If the countdown runs out, Pillar signs you out; sign in again to carry on.',
        5000,
      );
    },
  },
  {
    id: 'help-centre',
    title: 'Using the help centre',
    description: 'Open or download the PDF guides and play the tutorial videos.',
    persona: 'broker',
    path: '/home',
    ready: (page) => page.locator('.home-stat__value').waitFor(),
    async run(p, page, markPoster) {
      await p.say('Help, at the top of every page, opens the help centre.', 3500);
      await p.click(page.getByRole('banner').getByRole('link', { name: 'Help' }));
      await h1(page, 'Help').waitFor();
      await page.getByRole('heading', { level: 2, name: 'Guides' }).waitFor();
      markPoster();
      await p.say('Guides to read or print, as PDF files.', 3000);
      const guide = page.locator('.help-card').first();
      await p.pointAt(guide.getByRole('link', { name: /^Open/ }));
      await p.say('Open shows a guide in a new tab…', 2500);
      await p.pointAt(guide.getByRole('link', { name: /^Download/ }));
      await p.say('…and Download saves it.', 2500);
      const videos = page.getByRole('heading', { level: 2, name: 'Videos' });
      await p.pointAt(videos);
      await p.scroll(600);
      await p.say(
        'Short videos like this one show each task. Each card says how long it lasts.',
        4500,
      );
      await p.click(page.getByRole('button', { name: /^Play/ }).first());
      await page.locator('video').waitFor();
      await p.say('The video plays here. It has no sound; the captions explain each step.', 6000);
      await p.click(page.getByText('Transcript'));
      await p.say('Transcript lists the captions as text, to read at your own pace.', 4500);
      await p.click(page.getByRole('dialog').getByRole('button', { name: 'Close' }));
      await p.say('Close the video to return to the help centre.', 3500);
    },
  },
];
