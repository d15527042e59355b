/**
 * Every e-mail template: the shared frame (brand header, why line), user-supplied values escaped by React in the
 * HTML part, the action link first in the text part (testers and text clients follow it), links absolute.
 */
import { describe, expect, test } from 'vitest';
import type { Email } from '#src/lib/mail.ts';
import {
  addressChangedEmail,
  confirmAccountEmail,
  confirmNewAddressEmail,
  existingAccountEmail,
  resetPasswordEmail,
  twoFactorResetEmail,
} from './account.tsx';
import { agencyVerifiedEmail, teamInvitationEmail } from './agency.tsx';
import { enquiryReplyEmail, newEnquiryEmail } from './enquiry.tsx';
import { listingApprovedEmail, listingRejectedEmail } from './listing-moderation.tsx';
import { renderEmailHtml } from './render.ts';
import { alertEmail } from './saved-search-alert.tsx';

const EVIL = '<script>alert(1)</script> & "Co"';
const URL_ = 'https://abode.example.org/x?a=1&b=2';

const templates: [string, Email][] = [
  ['confirm account', confirmAccountEmail('a@example.com', URL_)],
  ['confirm new address', confirmNewAddressEmail('a@example.com', URL_)],
  ['reset password', resetPasswordEmail('a@example.com', URL_)],
  ['address changed', addressChangedEmail('a@example.com', `${EVIL}@example.com`)],
  ['existing account', existingAccountEmail('a@example.com', URL_, `${URL_}&reset`)],
  ['two-factor reset', twoFactorResetEmail('a@example.com', 'https://abode.example.org')],
  ['agency verified', agencyVerifiedEmail('a@example.com', EVIL, URL_)],
  [
    'team invitation',
    teamInvitationEmail({
      to: 'a@example.com',
      inviter: EVIL,
      agencyName: EVIL,
      role: 'negotiator',
      branchNames: [EVIL],
      link: URL_,
      expiresAt: new Date('2026-12-14T12:00:00Z'),
    }),
  ],
  [
    'listing rejected',
    listingRejectedEmail({ to: 'a@example.com', title: EVIL, reason: `${EVIL}\nline 2`, editUrl: URL_ }),
  ],
  [
    'listing approved',
    listingApprovedEmail({
      to: 'a@example.com',
      title: EVIL,
      live: true,
      outcome: 'was approved.',
      action: 'See it',
      url: URL_,
    }),
  ],
  [
    'new enquiry',
    newEnquiryEmail({
      to: 'a@example.com',
      listing: { title: EVIL, url: URL_ },
      details: [['Name', EVIL]],
      message: `${EVIL}\nline 2`,
      enquirerEmail: 'b@example.com',
      enquiriesUrl: URL_,
    }),
  ],
  [
    'enquiry reply',
    enquiryReplyEmail({
      to: 'a@example.com',
      body: `${EVIL}\nline 2`,
      author: EVIL,
      applicantName: EVIL,
      enquiry: { message: EVIL, createdAt: new Date('2026-12-01T12:00:00Z') },
      listing: { title: EVIL, url: URL_ },
      branch: { name: EVIL, phone: null, email: 'branch@example.com' },
    }),
  ],
  [
    'saved-search alert',
    alertEmail(
      {
        search: { email: 'a@example.com', firstName: EVIL, label: EVIL, unsubscribeToken: 't/1' },
        filters: { mode: 'sale', location: 'Reading' } as Parameters<typeof alertEmail>[0]['filters'],
        listings: [
          {
            slug: 'flat-1',
            title: EVIL,
            addressLine1: EVIL,
            city: 'Reading',
            postcode: 'RG1 1AA',
            pricePence: 25_000_000,
            mode: 'sale',
            priceQualifier: null,
            rentFrequency: null,
            weeklyRentPence: null,
          } as Parameters<typeof alertEmail>[0]['listings'][number],
        ],
        total: 3,
      },
      'https://abode.example.org',
    ),
  ],
];

describe.each(templates)('%s', (_, email) => {
  test('HTML: the shared frame, every value escaped, links absolute', async () => {
    const html = await renderEmailHtml(email.body);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('>Abode</p>');
    expect(html).toContain('You receive th');
    expect(html).not.toContain('<script');
    if (email.text.includes('<script>')) expect(html).toContain('&lt;script&gt;');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    for (const href of hrefs) {
      expect(href).toMatch(/^https:\/\/abode\.example\.org\//);
      // The text part writes out every link of the HTML part.
      expect(email.text).toContain(href);
    }
  });

  test('text: the why line (and unsubscribe link) last', () => {
    expect(email.text).toMatch(/\n\nYou receive th[^\n]+\n(Unsubscribe: \S+\n)?$/);
  });
});

test('a saved-search alert names the homes, counts the rest and carries one-click unsubscribe', () => {
  const email = templates.at(-1)![1];
  expect(email.subject).toBe(`3 new homes for "${EVIL}"`);
  expect(email.text).toContain(`${EVIL} — £250,000`);
  expect(email.text).toContain('…and 2 more: https://abode.example.org/search?');
  expect(email.text).toContain('Unsubscribe: https://abode.example.org/alerts/unsubscribe?token=t%2F1');
  expect(email.headers).toEqual({
    'List-Unsubscribe': '<https://abode.example.org/api/alerts/unsubscribe/one-click?token=t%2F1>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
});
