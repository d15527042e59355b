/**
 * The enquiry e-mails: a branch's (and its negotiator's) notice of a new enquiry (features/enquiries/create-enquiry.ts)
 * and a branch's reply to the applicant (features/agent/enquiries/enquiry-thread.ts, ADR 029 lead inbox).
 */
import type { Email } from '#src/lib/mail.ts';
import { formatDay } from './format.ts';
import { A, Block, Layout, Lines, P, withFooter } from './layout.tsx';

/**
 * The notice of a new enquiry: the listing, the enquirer's details as (label, value) rows, their message, and a link
 * to the branch's enquiries.
 */
export function newEnquiryEmail(o: {
  to: string;
  listing: { title: string; url: string };
  details: readonly (readonly [string, string])[];
  message: string;
  enquirerEmail: string;
  enquiriesUrl: string;
}): Email {
  const why =
    'You receive this e-mail because e-mails about new enquiries are on in your branch settings on Abode.';
  const text = [
    `You have a new enquiry about ${o.listing.title}.`,
    '',
    ...o.details.map(([k, v]) => `${k}: ${v}`),
    `Listing: ${o.listing.url}`,
    '',
    'Message:',
    o.message,
    '',
    `Reply to the enquirer at ${o.enquirerEmail}, or see all your enquiries: ${o.enquiriesUrl}`,
  ].join('\n');
  return {
    to: o.to,
    subject: `New enquiry: ${o.listing.title}`,
    text: withFooter(text, why),
    body: (
      <Layout preview={`You have a new enquiry about ${o.listing.title}.`} why={why}>
        <P>
          You have a new enquiry about <A href={o.listing.url}>{o.listing.title}</A>.
        </P>
        <table cellPadding={4} style={{ fontSize: '15px', marginBottom: '16px' }}>
          <tbody>
            {o.details.map(([k, v]) => (
              <tr key={k}>
                <th align="left">{k}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <P>{o.message}</P>
        <P>
          <A href={o.enquiriesUrl}>See all your enquiries</A>
        </P>
      </Layout>
    ),
  };
}

/**
 * The applicant's e-mail: the reply signed by its author and the branch, how to reach the branch, and their enquiry
 * quoted with the listing's link. Subject 'Re: {listing title}' (or 'Re: Your enquiry' once the listing is gone);
 * Reply-To the branch's address when it has one.
 */
export function enquiryReplyEmail(r: {
  to: string;
  body: string;
  author: string;
  applicantName: string;
  enquiry: { message: string; createdAt: Date };
  listing: { title: string; url: string } | null;
  branch: { name: string; phone: string | null; email: string | null };
}): Email {
  const greeting = r.applicantName ? `Dear ${r.applicantName},` : 'Hello,';
  const signature = [r.author, r.branch.name, r.branch.phone, r.branch.email].filter((line): line is string =>
    Boolean(line),
  );
  const about = r.listing ? ` about ${r.listing.title}` : '';
  const wrote = `On ${formatDay(r.enquiry.createdAt)} you wrote${about}:`;
  const contact = r.branch.email
    ? `To answer, reply to this e-mail or write to ${r.branch.email}.`
    : 'To answer, reply to this e-mail.';
  const why = 'You receive this e-mail because you sent an enquiry on Abode.';
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
  ].join('\n');
  return {
    to: r.to,
    subject: `Re: ${r.listing?.title ?? 'Your enquiry'}`,
    text: withFooter(text, why),
    body: (
      <Layout preview={r.body.split('\n')[0]!} why={why}>
        <P>{greeting}</P>
        <P>{r.body}</P>
        <P>{signature.join('\n')}</P>
        <P>{contact}</P>
        <P>{wrote}</P>
        <Block
          style={{
            borderLeft: '3px solid #d4d4d8',
            color: '#52525b',
            margin: '0 0 16px',
            paddingLeft: '12px',
          }}
        >
          <Lines text={r.enquiry.message} />
        </Block>
        {r.listing ? (
          <P>
            <A href={r.listing.url}>{r.listing.title}</A>
          </P>
        ) : null}
      </Layout>
    ),
    ...(r.branch.email ? { headers: { 'Reply-To': r.branch.email } } : {}),
  };
}
