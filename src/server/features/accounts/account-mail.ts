import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import { escapeHtml } from '../../core/escape-html.js';

/**
 * The accounts feature's emails: each names the site, the action, the link and how long it
 * stays valid, in plain text and HTML.
 */
export interface AccountMailOptions {
  siteName: string;
  publicUrl: URL;
  mailer: Mailer;
}

interface LinkMail {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: URL;
  validFor: string;
  outro: string;
}

function linkMessage(siteName: string, mail: LinkMail): MailMessage {
  const href = mail.link.toString();
  const text = [
    `${mail.intro}`,
    '',
    `${mail.action}: ${href}`,
    '',
    `This link is valid for ${mail.validFor} and works once.`,
    '',
    mail.outro,
    '',
    `— ${siteName}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(mail.intro)}</p>
<p><a href="${escapeHtml(href)}" style="background:#f59f00;color:#000;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action)}</a></p>
<p>Or paste this address into your browser:<br>${escapeHtml(href)}</p>
<p>This link is valid for ${escapeHtml(mail.validFor)} and works once.</p>
<p>${escapeHtml(mail.outro)}</p>
<p>— ${escapeHtml(siteName)}</p>
</body></html>`;
  return { to: mail.to, subject: `${mail.subject} — ${siteName}`, text, html };
}

function noticeMessage(siteName: string, to: string, subject: string, lines: string[]) {
  const text = [...lines, '', `— ${siteName}`].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>— ${escapeHtml(siteName)}</p>
</body></html>`;
  return { to, subject: `${subject} — ${siteName}`, text, html };
}

export function createAccountMail(options: AccountMailOptions) {
  const { siteName, publicUrl, mailer } = options;
  const pageLink = (path: string, token: string) => {
    const url = new URL(path, publicUrl);
    url.searchParams.set('token', token);
    return url;
  };
  const ignore = 'If you did not ask for this, you can ignore this email; nothing changes.';
  // In the background: how long an answer takes must not tell whether an address has an
  // account (a reset or sign-in link goes out only for a known address).
  const send = (message: MailMessage) => {
    mailer.sendInBackground(message);
    return Promise.resolve();
  };

  return {
    verifyEmail: (to: string, token: string) =>
      send(
        linkMessage(siteName, {
          to,
          subject: 'Verify your email address',
          intro: `Welcome to ${siteName}! Confirm that this is your email address to finish creating your account.`,
          action: 'Verify email address',
          link: pageLink('/auth/verify-email', token),
          validFor: '24 hours',
          outro: ignore,
        }),
      ),
    resetPassword: (to: string, token: string) =>
      send(
        linkMessage(siteName, {
          to,
          subject: 'Reset your password',
          intro: `Someone asked to reset the password of your ${siteName} account.`,
          action: 'Choose a new password',
          link: pageLink('/auth/reset-password', token),
          validFor: '1 hour',
          outro: `${ignore} Choosing a new password signs out every device.`,
        }),
      ),
    magicLink: (to: string, token: string) =>
      send(
        linkMessage(siteName, {
          to,
          subject: 'Your sign-in link',
          intro: `Use this link to sign in to ${siteName}.`,
          action: 'Sign in',
          link: pageLink('/auth/magic-link', token),
          validFor: '15 minutes',
          outro: ignore,
        }),
      ),
    changeEmail: (to: string, token: string) =>
      send(
        linkMessage(siteName, {
          to,
          subject: 'Confirm your new email address',
          intro: `Someone asked to use this address for a ${siteName} account. Your account's email changes only when you follow this link.`,
          action: 'Confirm new email address',
          link: pageLink('/auth/change-email', token),
          validFor: '24 hours',
          outro: ignore,
        }),
      ),
    signUpAttempt: (to: string) =>
      send(
        noticeMessage(siteName, to, 'Someone tried to create an account with your address', [
          `Someone tried to create a new ${siteName} account with this email address, which already has an account.`,
          `If it was you, sign in instead: ${new URL('/auth/login', publicUrl).toString()}`,
          `Forgot your password? Reset it here: ${new URL('/auth/forgot-password', publicUrl).toString()}`,
          'If it was not you, you can ignore this email; your account is unchanged.',
        ]),
      ),
    emailInUse: (to: string) =>
      send(
        noticeMessage(siteName, to, 'This address already has an account', [
          `Someone asked to move a ${siteName} account to this email address, but this address already belongs to an account, so nothing was changed.`,
          'If it was not you, you can ignore this email.',
        ]),
      ),
    secondFactorOff: (to: string) =>
      send(
        noticeMessage(siteName, to, 'Your second factor was turned off', [
          `The second factor of your ${siteName} account was turned off: signing in now takes only your password or an emailed link.`,
          `If it was you, nothing more to do. If it was not, reset your password at once: ${new URL('/auth/forgot-password', publicUrl).toString()}, then turn the second factor on again from your profile.`,
        ]),
      ),
    recoveryCodeUsed: (to: string, left: number) =>
      send(
        noticeMessage(siteName, to, 'A recovery code was used to sign in', [
          `A recovery code was just used to sign in to your ${siteName} account. Each code works once; ${left === 1 ? '1 code is' : `${left} codes are`} left.`,
          `If it was you, consider making new codes from your profile (${new URL('/user-profile', publicUrl).toString()}). If it was not, reset your password at once: ${new URL('/auth/forgot-password', publicUrl).toString()}.`,
        ]),
      ),
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
