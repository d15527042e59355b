/** The e-mail that carries a branch's reply to an applicant (ADR 029 lead inbox). */
import { escapeHtml } from '#src/lib/html.ts';
import type { MailMessage } from '#src/lib/mail.ts';

const receivedFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/**
 * The applicant's e-mail: the reply signed by its author and the branch, how to reach the branch, and their enquiry
 * quoted with the listing's link. Subject 'Re: {listing title}' (or 'Re: Your enquiry' once the listing is gone).
 */
export function replyMail(r: {
  to: string;
  body: string;
  author: string;
  applicantName: string;
  enquiry: { message: string; createdAt: Date };
  listing: { title: string; url: string } | null;
  branch: { name: string; phone: string | null; email: string | null };
}): MailMessage {
  const greeting = r.applicantName ? `Dear ${r.applicantName},` : 'Hello,';
  const signature = [r.author, r.branch.name, r.branch.phone, r.branch.email].filter((line): line is string =>
    Boolean(line),
  );
  const about = r.listing ? ` about ${r.listing.title}` : '';
  const wrote = `On ${receivedFormat.format(r.enquiry.createdAt)} you wrote${about}:`;
  const contact = r.branch.email
    ? `To answer, reply to this e-mail or write to ${r.branch.email}.`
    : 'To answer, reply to this e-mail.';
  const text = [
    greeting,
    '',
    r.body,
    '',
    ...signature,
    '',
    contact,
    '',
    wrote,
    ...r.enquiry.message.split('\n').map((line) => `> ${line}`),
    ...(r.listing ? ['', r.listing.url] : []),
    '',
  ].join('\n');
  const paragraph = (s: string) => escapeHtml(s).replaceAll('\n', '<br>');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${paragraph(r.body)}</p>`,
    `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    `<p>${escapeHtml(contact)}</p>`,
    `<p>${escapeHtml(wrote)}</p>`,
    `<blockquote>${paragraph(r.enquiry.message)}</blockquote>`,
    ...(r.listing
      ? [`<p><a href="${escapeHtml(r.listing.url)}">${escapeHtml(r.listing.title)}</a></p>`]
      : []),
  ].join('\n');
  return {
    to: r.to,
    subject: `Re: ${r.listing?.title ?? 'Your enquiry'}`,
    text,
    html,
    ...(r.branch.email ? { headers: { 'Reply-To': r.branch.email } } : {}),
  };
}
