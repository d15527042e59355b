import type { ReactNode } from 'react';
import { Mail, MapPin, Phone } from 'lucide-react';
import { cn } from '#src/lib/utils.ts';

const LINK = 'inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline';

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
      {phone &&
        (links ? (
          <li>
            <a
              // The dialler wants the digits only; the text keeps the office's own spacing.
              href={`tel:${phone.replace(/\s+/g, '')}`}
              aria-label={name ? `Call ${name} on ${phone}` : `Call ${phone}`}
              className={LINK}
            >
              <Phone aria-hidden="true" className="size-4" />
              {phone}
            </a>
          </li>
        ) : (
          <li className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span>{phone}</span>
          </li>
        ))}
      {email &&
        (links ? (
          <li>
            <a
              href={`mailto:${email}`}
              aria-label={name ? `E-mail ${name} at ${email}` : `E-mail ${email}`}
              className={cn(LINK, 'break-all')}
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {email}
            </a>
          </li>
        ) : (
          <li className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="break-all">{email}</span>
          </li>
        ))}
      {children}
    </ul>
  );
}
