// Headless Debian Chromium for screenshots and recordings, and the few things a tutorial needs
// beyond Playwright: a visible pointer, captions, and unhurried clicks and typing.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { DEMO_PASSWORD, persona, type PersonaKey } from '../../apps/server/src/seed/personas.ts';

export const VIEWPORT = { width: 1280, height: 720 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--hide-scrollbars',
      '--font-render-hinting=none',
    ],
  });
}

/**
 * A fresh browser profile on the generation server. Tours are marked seen unless asked, so
 * screenshots and videos show the page rather than the tour.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: { tourSeen?: boolean; scale?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORT,
    deviceScaleFactor: options.scale ?? 1,
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    reducedMotion: 'no-preference',
  });
  if (options.tourSeen !== false) {
    await context.addInitScript(() => {
      if (window.localStorage.getItem('pillar.tour.home') === null) {
        window.localStorage.setItem('pillar.tour.home', 'seen');
      }
    });
  }
  return context;
}

/** Signs a persona in through the real login page; resolves on the signed-in page. */
export async function signIn(page: Page, key: PersonaKey, path = '/home'): Promise<void> {
  const who = persona(key);
  await page.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login'),
  );
  await page
    .getByRole('banner')
    .getByRole('button', { name: `${who.firstName} ${who.lastName}` })
    .waitFor();
}

/**
 * Injected into every document of a recording: a pointer that follows the mouse (headless
 * Chromium draws none) and a caption bar. Both ignore the mouse, so they never block a click.
 */
function installOverlay() {
  const ready = () => {
    if (document.getElementById('tutorial-pointer')) return;
    const pointer = document.createElement('div');
    pointer.id = 'tutorial-pointer';
    Object.assign(pointer.style, {
      position: 'fixed',
      left: '-40px',
      top: '-40px',
      width: '22px',
      height: '22px',
      marginLeft: '-11px',
      marginTop: '-11px',
      borderRadius: '50%',
      background: 'rgba(234, 88, 12, 0.35)',
      border: '2px solid rgba(234, 88, 12, 0.95)',
      boxShadow: '0 0 0 2px rgba(255, 255, 255, 0.8)',
      zIndex: '2147483647',
      pointerEvents: 'none',
      transition: 'transform 120ms ease-out',
    });
    const caption = document.createElement('div');
    caption.id = 'tutorial-caption';
    Object.assign(caption.style, {
      position: 'fixed',
      left: '50%',
      bottom: '28px',
      transform: 'translateX(-50%)',
      maxWidth: '880px',
      padding: '12px 22px',
      borderRadius: '10px',
      background: 'rgba(15, 23, 42, 0.9)',
      color: '#fff',
      font: '500 20px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      textAlign: 'center',
      zIndex: '2147483646',
      pointerEvents: 'none',
      display: 'none',
      boxShadow: '0 6px 24px rgba(0, 0, 0, 0.25)',
    });
    document.documentElement.append(pointer, caption);
    const stored = window.sessionStorage.getItem('tutorial-pointer');
    if (stored) {
      const [x, y] = stored.split(',');
      pointer.style.left = `${x}px`;
      pointer.style.top = `${y}px`;
    }
    const storedCaption = window.sessionStorage.getItem('tutorial-caption');
    if (storedCaption) {
      caption.textContent = storedCaption;
      caption.style.display = 'block';
    }
    window.addEventListener(
      'mousemove',
      (event) => {
        pointer.style.left = `${event.clientX}px`;
        pointer.style.top = `${event.clientY}px`;
        window.sessionStorage.setItem('tutorial-pointer', `${event.clientX},${event.clientY}`);
      },
      true,
    );
    window.addEventListener('mousedown', () => (pointer.style.transform = 'scale(0.7)'), true);
    window.addEventListener('mouseup', () => (pointer.style.transform = 'scale(1)'), true);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
}

/** What a recorded flow uses to act like a person showing someone around. */
export class Presenter {
  readonly page: Page;
  /** Every caption shown, in order: the video's transcript. */
  readonly transcript: string[] = [];

  constructor(page: Page) {
    this.page = page;
  }

  static async attach(page: Page): Promise<Presenter> {
    await page.context().addInitScript(installOverlay);
    return new Presenter(page);
  }

  /** Waits, so the viewer can read or look. */
  async pause(ms: number): Promise<void> {
    await this.page.waitForTimeout(ms);
  }

  /** Shows a caption for at least `ms`; it stays until the next one. */
  async say(text: string, ms = 3200): Promise<void> {
    this.transcript.push(text);
    await this.page.evaluate((value) => {
      window.sessionStorage.setItem('tutorial-caption', value);
      const caption = document.getElementById('tutorial-caption');
      if (!caption) return;
      caption.textContent = value;
      caption.style.display = 'block';
    }, text);
    await this.pause(ms);
  }

  async hideCaption(): Promise<void> {
    await this.page.evaluate(() => {
      window.sessionStorage.removeItem('tutorial-caption');
      const caption = document.getElementById('tutorial-caption');
      if (caption) caption.style.display = 'none';
    });
  }

  /** Glides the pointer to the middle of an element. */
  async pointAt(target: Locator, ms = 700): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error('The element to point at is not visible');
    const x = box.x + Math.min(box.width / 2, 60);
    const y = box.y + box.height / 2;
    const steps = Math.max(8, Math.round(ms / 25));
    await this.page.mouse.move(x, y, { steps });
    await this.pause(250);
  }

  async click(target: Locator): Promise<void> {
    await this.pointAt(target);
    await target.click();
    await this.pause(600);
  }

  /** Types at a person's pace. */
  async type(target: Locator, text: string): Promise<void> {
    await this.click(target);
    await target.pressSequentially(text, { delay: 110 });
    await this.pause(500);
  }

  /** Moves the pointer out of the way. */
  async rest(): Promise<void> {
    await this.page.mouse.move(VIEWPORT.width - 40, VIEWPORT.height - 120, { steps: 20 });
  }

  /** Scrolls the page by a number of pixels, smoothly. */
  async scroll(by: number): Promise<void> {
    const steps = 12;
    for (let i = 0; i < steps; i += 1) {
      await this.page.mouse.wheel(0, by / steps);
      await this.pause(40);
    }
    await this.pause(400);
  }
}
