import type { MailMessage } from '../../platform/mail/mailer.js';
import { escapeHtml } from '../../core/escape-html.js';

/** The mail that tells a member how their moderator request was decided. */
export interface DecisionMail {
  to: string;
  name: string;
  siteName: string;
  publicUrl: URL;
  decision: 'approved' | 'rejected';
  reason: string | null;
}

export function decisionMessage(mail: DecisionMail): MailMessage {
  const profile = new URL('/user-profile', mail.publicUrl).toString();
  const approved = mail.decision === 'approved';
  const subject = approved
    ? 'Your moderator request was approved'
    : 'Your moderator request was not approved';
  const lines = approved
    ? [
        `Hello ${mail.name},`,
        `An admin approved your request to become a moderator of ${mail.siteName}. You can now review reports, hide content that breaks the rules and mute members for a while.`,
        'Thank you for helping keep the community kind.',
      ]
    : [
        `Hello ${mail.name},`,
        `An admin decided not to make you a moderator of ${mail.siteName} for now.`,
        `The reason given: ${mail.reason ?? 'none'}`,
      ];
  const action = 'See it on your profile';
  const text = [...lines, '', `${action}: ${profile}`, '', `— ${mail.siteName}`].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(profile)}" style="background:#f59f00;color:#000;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>
<p>— ${escapeHtml(mail.siteName)}</p>
</body></html>`;
  return { to: mail.to, subject: `${subject} — ${mail.siteName}`, text, html };
}
