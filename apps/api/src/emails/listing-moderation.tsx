/**
 * The agent's notices of a moderator's decision on a listing (features/admin/listings/moderate-listing.ts): not
 * approved (with the reason), or approved (live, on Abode with its status banner, or what publishing it takes).
 */
import type { Email } from '#src/lib/mail.ts';
import { A, Layout, Lines, P, withFooter } from './layout.tsx';

const WHY = 'You receive this e-mail because your branch advertises this listing on Abode.';

/** The rejection: which listing, the reason (when given) and a link to edit it. */
export function listingRejectedEmail(o: {
  to: string;
  title: string;
  reason: string;
  editUrl: string;
}): Email {
  const first = `Your listing "${o.title}" was not approved and is back in draft.`;
  const text = [
    first,
    '',
    ...(o.reason ? ['Reason:', o.reason, ''] : []),
    `Edit the listing and save it to send it for approval again: ${o.editUrl}`,
  ].join('\n');
  return {
    to: o.to,
    subject: `Listing not approved: ${o.title}`,
    text: withFooter(text, WHY),
    body: (
      <Layout preview={first} why={WHY}>
        <P>
          Your listing <strong>{o.title}</strong> was not approved and is back in draft.
        </P>
        {o.reason ? (
          <P>
            <strong>Reason:</strong> <Lines text={o.reason} />
          </P>
        ) : null}
        <P>
          <A href={o.editUrl}>Edit the listing</A> and save it to send it for approval again.
        </P>
      </Layout>
    ),
  };
}

/**
 * The approval: `outcome` is the rest of the first sentence ('was approved and is now live on Abode.'), `action`
 * the link's words and `url` where it goes (the public page, or the edit page when publishing needs more).
 */
export function listingApprovedEmail(o: {
  to: string;
  title: string;
  live: boolean;
  outcome: string;
  action: string;
  url: string;
}): Email {
  return {
    to: o.to,
    subject: o.live ? `Listing approved and live: ${o.title}` : `Listing approved: ${o.title}`,
    text: withFooter([`Your listing "${o.title}" ${o.outcome}`, '', `${o.action}: ${o.url}`].join('\n'), WHY),
    body: (
      <Layout preview={`Your listing "${o.title}" ${o.outcome}`} why={WHY}>
        <P>
          Your listing <strong>{o.title}</strong> {o.outcome}
        </P>
        <P>
          <A href={o.url}>{o.action}</A>
        </P>
      </Layout>
    ),
  };
}
