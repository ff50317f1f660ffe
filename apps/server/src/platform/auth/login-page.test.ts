import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  renderLoginPage,
  renderLogoutConfirmPage,
  renderMessagePage,
} from './login-page.ts';

describe('login page', () => {
  it('has one main landmark, a heading and labelled fields with autocomplete hints', () => {
    const html = renderLoginPage({ action: '/oidc/interaction/abc/login' });
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html.match(/<main>/g)).toHaveLength(1);
    expect(html.match(/<h1>Sign in to Pillar<\/h1>/g)).toHaveLength(1);
    expect(html).toContain('<form method="post" action="/oidc/interaction/abc/login">');
    expect(html).toMatch(
      /<label for="email">Email<\/label>\n<input id="email" name="email" type="email" autocomplete="username"/,
    );
    expect(html).toMatch(
      /<label for="password">Password<\/label>\n<input id="password" name="password" type="password" autocomplete="current-password"/,
    );
    expect(html).not.toContain('<script');
  });

  it('keeps the alert region empty until there is an error, then ties it to the fields', () => {
    expect(renderLoginPage({ action: '/x' })).toContain(
      '<div id="form-error" class="alert" role="alert"></div>',
    );
    const html = renderLoginPage({
      action: '/x',
      email: 'a@b.example',
      error: 'Invalid email or password.',
    });
    expect(html).toContain('role="alert">Invalid email or password.</div>');
    expect(html.match(/aria-describedby="form-error"/g)).toHaveLength(2);
    expect(html).toContain('value="a@b.example"');
  });

  it('escapes what the user typed', () => {
    const html = renderLoginPage({ action: '/x', email: '"><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('renders a message page with its way back and an escaped detail', () => {
    const html = renderMessagePage({
      title: 'Sign-in problem',
      message: 'Try again.',
      detail: 'invalid_request: <bad>',
      link: { href: 'https://pillar.example/', text: 'Go to Pillar' },
    });
    expect(html).toContain('<title>Sign-in problem – Pillar</title>');
    expect(html).toContain('<h1>Sign-in problem</h1>');
    expect(html).toContain('invalid_request: &lt;bad&gt;');
    expect(html).toContain('<a href="https://pillar.example/">Go to Pillar</a>');
  });

  it('offers both answers on the sign-out confirmation, submitting the provider form', () => {
    const html = renderLogoutConfirmPage('<form id="op.logoutForm"></form>');
    expect(html).toContain('<form id="op.logoutForm"></form>');
    expect(html).toContain('form="op.logoutForm" name="logout" value="yes">Sign out</button>');
    expect(html).toContain('>Stay signed in</button>');
  });
});
