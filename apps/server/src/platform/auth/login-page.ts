/**
 * The pages of the built-in identity provider: plain server-rendered HTML, so signing in works
 * without JavaScript and the bundle of the single-page app never loads on these routes.
 * Colours meet WCAG AA contrast (body text 14:1, the button 8:1, the error text 6:1).
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f3f4f6}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #d1d5db;border-radius:8px}
h1{margin:0 0 1.5rem;font-size:1.5rem}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{width:100%;padding:.55rem .7rem;font:inherit;color:#1f2933;border:1px solid #6b7280;border-radius:4px}
input:focus,button:focus,a:focus{outline:3px solid #1d4ed8;outline-offset:2px}
button{margin-top:1.5rem;width:100%;padding:.65rem;font:inherit;font-weight:600;color:#fff;background:#1e40af;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#1e3a8a}
button.secondary{color:#1e3a8a;background:#fff;border:1px solid #1e40af}
.alert:empty{display:none}
.alert{margin:0 0 1rem;padding:.75rem 1rem;color:#991b1b;background:#fef2f2;border:1px solid #fca5a5;border-radius:4px}
.hint{margin:1.5rem 0 0;color:#4b5563;font-size:.9rem}
a{color:#1e40af}
`;

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  /** Where the form posts; the interaction's own URL, so its cookie travels with the post. */
  action: string;
  email?: string;
  error?: string;
}

export function renderLoginPage({ action, email = '', error = '' }: LoginPageOptions): string {
  const describedBy = error ? ' aria-describedby="form-error"' : '';
  return layout(
    'Sign in to Pillar',
    `<h1>Sign in to Pillar</h1>
<div id="form-error" class="alert" role="alert">${escapeHtml(error)}</div>
<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" spellcheck="false" required value="${escapeHtml(email)}"${describedBy}${email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="hint">Forgot your password? Ask your administrator to reset it.</p>`,
  );
}

export interface MessagePageOptions {
  title: string;
  message: string;
  /** A way back, so no page of the provider is a dead end. */
  link?: { href: string; text: string };
  /** Technical detail for a support call, shown small below the message. */
  detail?: string;
}

export function renderMessagePage({ title, message, link, detail }: MessagePageOptions): string {
  return layout(
    `${title} – Pillar`,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${detail ? `<p class="hint">${escapeHtml(detail)}</p>` : ''}
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`,
  );
}

/**
 * The confirmation asked only when a sign-out request cannot prove it comes from the signed-in
 * user's own application (no valid id_token_hint). `form` is the provider's hidden form with its
 * anti-forgery token; the buttons submit it.
 */
export function renderLogoutConfirmPage(form: string): string {
  return layout(
    'Sign out of Pillar',
    `<h1>Sign out of Pillar?</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

export interface PasswordPageOptions {
  /** Where the form posts: the link's own URL. */
  action: string;
  /** The account the link is for, shown and given to password managers. */
  email: string;
  /** A reset of a forgotten password, or the first password of an invited user. */
  purpose: 'reset' | 'invitation';
  error?: string;
  /** The rule the password must meet, said before the user types. */
  rule: string;
}

/** The page a password-reset or invitation e-mail links to: a new password, typed twice. */
export function renderPasswordPage({
  action,
  email,
  purpose,
  error = '',
  rule,
}: PasswordPageOptions): string {
  const title = purpose === 'reset' ? 'Reset your Pillar password' : 'Set your Pillar password';
  const describedBy = error ? 'form-error password-rule' : 'password-rule';
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<div id="form-error" class="alert" role="alert">${escapeHtml(error)}</div>
<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" readonly value="${escapeHtml(email)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="${describedBy}" autofocus>
<p id="password-rule" class="hint">${escapeHtml(rule)}</p>
<label for="confirm">Confirm new password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">${purpose === 'reset' ? 'Reset password' : 'Set password'}</button>
</form>`,
  );
}
