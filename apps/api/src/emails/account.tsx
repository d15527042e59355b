/**
 * The account e-mails (features/auth/auth.ts, features/admin/users/admin-users.ts): confirming an account or a new
 * address, resetting a password, the notice to the old address after a change, the notice to the owner of an
 * address someone tried to sign up with, and the two-factor reset by an administrator.
 */
import type { Email } from '#src/lib/mail.ts';
import { A, Layout, P, withFooter } from './layout.tsx';

const SIGN_UP_WHY = 'You receive this e-mail because this address was used to sign up to Abode.';
const ACCOUNT_WHY = 'You receive this e-mail because it is the address of an Abode account.';

/** One message and the link that acts on it, the link written out in full (testers and text clients copy it). */
function linkEmail(o: { to: string; subject: string; message: string; link: string; why: string }): Email {
  return {
    to: o.to,
    subject: o.subject,
    text: withFooter(`${o.message}\n\n${o.link}\n`, o.why),
    body: (
      <Layout preview={o.message} why={o.why}>
        <P>{o.message}</P>
        <P>
          <A href={o.link} />
        </P>
      </Layout>
    ),
  };
}

/** 'Confirm your Abode account': the e-mail verification link sent on sign-up (and on sign-in while unconfirmed). */
export function confirmAccountEmail(to: string, link: string): Email {
  return linkEmail({
    to,
    subject: 'Confirm your Abode account',
    message: 'Confirm your e-mail address to finish creating your Abode account.',
    link,
    why: SIGN_UP_WHY,
  });
}

/** The link to a NEW address that makes it the account's (the change happens only once it is followed). */
export function confirmNewAddressEmail(to: string, link: string): Email {
  return linkEmail({
    to,
    subject: 'Confirm your new Abode e-mail address',
    message:
      'Follow this link to use this address for your Abode account. Your e-mail address changes only ' +
      'once you do; the link expires in 24 hours. If you did not ask for this, ignore this e-mail.',
    link,
    why: 'You receive this e-mail because this address was given as the new address of an Abode account.',
  });
}

/** The one-hour, single-use password reset link. */
export function resetPasswordEmail(to: string, link: string): Email {
  return linkEmail({
    to,
    subject: 'Reset your Abode password',
    message: 'Use this link to choose a new password. It works once and expires in one hour.',
    link,
    why: 'You receive this e-mail because a password reset was asked for the Abode account of this address.',
  });
}

/** To the OLD address once a change of address is confirmed, so a take-over does not go unnoticed. */
export function addressChangedEmail(to: string, newAddress: string): Email {
  const message =
    `The e-mail address of your Abode account was changed to ${newAddress}. ` +
    'If you did not do this, reset your password and contact us straight away.';
  const why = 'You receive this e-mail because it was the address of an Abode account.';
  return {
    to,
    subject: 'Your Abode e-mail address was changed',
    text: withFooter(`${message}\n`, why),
    body: (
      <Layout preview={message} why={why}>
        <P>{message}</P>
      </Layout>
    ),
  };
}

/** To the owner of `to` when someone signs up with it: a sign-in link and a one-hour reset link. */
export function existingAccountEmail(to: string, signInUrl: string, resetUrl: string): Email {
  const intro =
    'Someone, perhaps you, tried to create a new Abode account with this e-mail address. It already has an ' +
    'account, so nothing was created and nothing has changed.';
  const signIn = 'Sign in to your account:';
  const reset = 'Forgotten your password? Choose a new one (this link works once and expires in one hour):';
  const ignore = 'If this was not you, you can ignore this e-mail.';
  return {
    to,
    subject: 'Someone tried to create an Abode account with your e-mail',
    text: withFooter(
      `${intro}\n\n${signIn}\n${signInUrl}\n\n${reset}\n${resetUrl}\n\n${ignore}\n`,
      SIGN_UP_WHY,
    ),
    body: (
      <Layout preview={intro} why={SIGN_UP_WHY}>
        <P>{intro}</P>
        <P>
          {signIn}
          <br />
          <A href={signInUrl} />
        </P>
        <P>
          {reset}
          <br />
          <A href={resetUrl} />
        </P>
        <P>{ignore}</P>
      </Layout>
    ),
  };
}

/** An administrator reset the account's two-factor sign-in (ADR 031): what happened, what to do, the sign-in link. */
export function twoFactorResetEmail(to: string, publicUrl: string): Email {
  const lines = [
    'An Abode administrator has reset the two-factor sign-in of your account, as you asked after losing your ' +
      'authenticator app and backup codes. You have been signed out everywhere.',
    'Sign in with your password, then set up two-factor sign-in again with your new device.',
    'If you did not ask for this, reset your password and contact us straight away.',
  ];
  const signIn = `${publicUrl}/auth`;
  return {
    to,
    subject: 'Your Abode two-factor sign-in was reset',
    text: withFooter(`${lines.join('\n\n')}\n\n${signIn}\n`, ACCOUNT_WHY),
    body: (
      <Layout preview={lines[0]!} why={ACCOUNT_WHY}>
        {lines.map((line) => (
          <P key={line}>{line}</P>
        ))}
        <P>
          <A href={signIn} />
        </P>
      </Layout>
    ),
  };
}
