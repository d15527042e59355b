/**
 * The agency e-mails: an owner's notice that their agency is verified (features/admin/agencies/verify-agency.ts)
 * and an owner's invitation to join the team (features/agency/team/invite-member.ts, ADR 029).
 */
import { MEMBER_ROLE_LABELS, type MemberRole } from '@abode/shared/agency/permissions';
import type { Email } from '#src/lib/mail.ts';
import { formatDay } from './format.ts';
import { A, Layout, P, withFooter } from './layout.tsx';

/** To each owner of agency `name` once an admin has verified it: their listings can be published now. */
export function agencyVerifiedEmail(to: string, name: string, publishUrl: string): Email {
  const first = `An Abode admin has checked the redress scheme membership of ${name}, and your agency is now verified.`;
  const why = 'You receive this e-mail because you are an owner of this agency on Abode.';
  return {
    to,
    subject: `Your agency is verified: ${name}`,
    text: withFooter([first, '', `Your listings can now be published: ${publishUrl}`].join('\n'), why),
    body: (
      <Layout preview={first} why={why}>
        <P>{first}</P>
        <P>
          <A href={publishUrl}>Publish your listings</A>
        </P>
      </Layout>
    ),
  };
}

/** The invitation: who invites, to which agency, as what and where, the link and when it expires. */
export function teamInvitationEmail(o: {
  to: string;
  inviter: string;
  agencyName: string;
  role: MemberRole;
  branchNames: readonly string[];
  link: string;
  expiresAt: Date;
}): Email {
  const where =
    o.role === 'owner'
      ? ''
      : ` in ${o.branchNames.length === 1 ? 'the branch' : 'the branches'} ${o.branchNames.join(', ')}`;
  const intro = `${o.inviter} has invited you to join ${o.agencyName} on Abode as ${MEMBER_ROLE_LABELS[o.role].toLowerCase()}${where}.`;
  const action = `Follow this link to accept. It works once and expires on ${formatDay(o.expiresAt)}.`;
  const ignore = 'If you were not expecting this, you can ignore this e-mail.';
  const why = `You receive this e-mail because ${o.inviter} entered this address to invite it to ${o.agencyName}.`;
  return {
    to: o.to,
    subject: `${o.inviter} invited you to join ${o.agencyName} on Abode`,
    text: withFooter(`${intro}\n\n${action}\n\n${o.link}\n\n${ignore}\n`, why),
    body: (
      <Layout preview={intro} why={why}>
        <P>{intro}</P>
        <P>{action}</P>
        <P>
          <A href={o.link} />
        </P>
        <P>{ignore}</P>
      </Layout>
    ),
  };
}
