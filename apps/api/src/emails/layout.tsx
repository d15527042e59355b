/**
 * E-mail templates (react-email): the frame every e-mail shares — the Abode brand header, the template's content,
 * and a footer that says why the recipient got this e-mail, with the unsubscribe link where there is one — and the
 * small pieces templates build their content from, so every e-mail looks the same.
 *
 * To add an e-mail: write a function in the module of its area here (account, agency, enquiry, listing-moderation,
 * saved-search-alert; or a new one) that returns an `Email` of lib/mail.ts: `to`, `subject`, the plain-text part
 * `text` (its own words, every link written out in full, ended by {@link withFooter}) and the HTML part `body`, a
 * {@link Layout} element holding the same words. Put user-supplied values (names, messages, titles, addresses) in
 * JSX as values, never as markup: React escapes them. Links are absolute, on the configured public URL. Send it with
 * `sendMail` (or `sendMails` for many), which renders the HTML; check it with a test that reads the outbox row.
 */
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

// The web app's --primary (apps/web/src/index.css).
const brand = '#0f5f56';
const page: CSSProperties = {
  backgroundColor: '#f4f4f5',
  fontFamily: 'Helvetica, Arial, sans-serif',
  margin: 0,
};
const card: CSSProperties = {
  backgroundColor: '#ffffff',
  borderRadius: '8px',
  margin: '24px auto',
  maxWidth: '560px',
  padding: '24px 32px',
};
const header: CSSProperties = {
  color: brand,
  fontSize: '22px',
  fontWeight: 700,
  letterSpacing: '-0.5px',
  margin: 0,
};
export const PARAGRAPH_STYLE: CSSProperties = {
  color: '#18181b',
  fontSize: '15px',
  lineHeight: '24px',
  margin: '0 0 16px',
};
const footer: CSSProperties = { color: '#71717a', fontSize: '12px', lineHeight: '18px', margin: 0 };
export const LINK_STYLE: CSSProperties = { color: brand, textDecoration: 'underline' };

export interface LayoutProps {
  /** The inbox preview line: usually the e-mail's first sentence. */
  preview: string;
  /** Why the recipient got this e-mail, shown in the footer (e.g. 'You receive this e-mail because …'). */
  why: string;
  /** The page that turns these e-mails off, when there is one. */
  unsubscribeUrl?: string | undefined;
  children: ReactNode;
}

/** The shared frame: brand header, `children`, footer. */
export function Layout({ preview, why, unsubscribeUrl, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={header}>Abode</Text>
          <Hr style={{ borderColor: '#e4e4e7', margin: '16px 0 24px' }} />
          {children}
          <Hr style={{ borderColor: '#e4e4e7', margin: '24px 0 16px' }} />
          <Text style={footer}>
            {why}
            {unsubscribeUrl ? (
              <>
                {' '}
                <A href={unsubscribeUrl}>Unsubscribe</A>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph; line breaks in `children` strings are kept (a user's message, a reason). */
export function P({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...PARAGRAPH_STYLE, ...style }}>{withLineBreaks(children)}</Text>;
}

/** A link in the brand's colour. */
export function A({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} style={LINK_STYLE}>
      {children ?? href}
    </Link>
  );
}

/** A block of its own (one listing of an alert, a quoted message). */
export function Block({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Section style={style}>{children}</Section>;
}

/** `text` with its line breaks as <br>, each line still a text node React escapes. */
export function Lines({ text }: { text: string }) {
  return text.split('\n').map((line, i) => (
    <span key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </span>
  ));
}

function withLineBreaks(children: ReactNode): ReactNode {
  return typeof children === 'string' && children.includes('\n') ? <Lines text={children} /> : children;
}

/**
 * The plain-text part: the template's text (its own words, links written out), then the footer's why line and the
 * unsubscribe link, as the HTML part ends.
 */
export function withFooter(text: string, why: string, unsubscribeUrl?: string): string {
  return [text.trimEnd(), '', why, ...(unsubscribeUrl ? [`Unsubscribe: ${unsubscribeUrl}`] : []), ''].join(
    '\n',
  );
}
