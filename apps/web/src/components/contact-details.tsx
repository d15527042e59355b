import type { ReactNode } from 'react';
import { Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import { cn } from '#src/lib/utils.ts';

const LINK = 'inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline';

/** One phone or e-mail item: a link labelled `label` when there is an `href`, else the plain text. */
function ContactLine({
  icon: Icon,
  href,
  label,
  text,
  breakAll = false,
}: {
  icon: LucideIcon;
  href: string | undefined;
  label: string;
  text: string;
  breakAll?: boolean;
}) {
  if (href)
    return (
      <li>
        <a href={href} aria-label={label} className={cn(LINK, breakAll && 'break-all')}>
          <Icon aria-hidden="true" className={cn('size-4', breakAll && 'shrink-0')} />
          {text}
        </a>
      </li>
    );
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className={breakAll ? 'break-all' : undefined}>{text}</span>
    </li>
  );
}

/**
 * An office's address, phone and e-mail as a list, each shown only when known (REQ-CLIENT: who markets a listing;
 * ADR 029: a branch's contact details). With `links` (the default) the phone and e-mail are `tel:` / `mailto:` links
 * labelled for `name` when given ('Call Harbour Homes on 01632 960001', else 'Call 01632 960001'); without, plain
 * text (the agent's own Branches screen). `children` are further list items (e.g. the website).
 */
export function ContactDetails({
  address,
  phone,
  email,
  name,
  links = true,
  className,
  children,
}: {
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  /** Whom the links reach, for their accessible names. */
  name?: string;
  links?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <ul className={cn('flex flex-col gap-2 text-sm', className)}>
      {address && (
        <li className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{address}</span>
        </li>
      )}
      {phone && (
        <ContactLine
          icon={Phone}
          // The dialler wants the digits only; the text keeps the office's own spacing.
          href={links ? `tel:${phone.replace(/\s+/g, '')}` : undefined}
          label={name ? `Call ${name} on ${phone}` : `Call ${phone}`}
          text={phone}
        />
      )}
      {email && (
        <ContactLine
          icon={Mail}
          href={links ? `mailto:${email}` : undefined}
          label={name ? `E-mail ${name} at ${email}` : `E-mail ${email}`}
          text={email}
          breakAll
        />
      )}
      {children}
    </ul>
  );
}
