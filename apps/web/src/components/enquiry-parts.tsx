import { Link } from 'react-router';
import type { EnquiryPropertyBase } from '@abode/shared/enquiries/enquiry-list.schema';
import { MESSAGES } from '@abode/shared/messages';
import { paths } from '#src/config/paths.ts';
import { cn } from '#src/lib/utils.ts';

/** Shared by the agent's inbox, details dialog and thread and the admin enquiries table. */

/** The customer's name, or 'Anonymous' when blank (REQ-MSG-11). */
export function customerName(enquiry: { contactInfo: { name: string } }): string {
  return enquiry.contactInfo.name.trim() || MESSAGES.anonymous;
}

/**
 * The listing an enquiry is about: its title linking to its public page over its address line and town, or 'Property
 * Deleted' once the listing is gone (REQ-MSG-11).
 */
export function EnquiryProperty({
  property,
  className,
}: {
  property: EnquiryPropertyBase | null | undefined;
  className?: string;
}) {
  if (!property)
    return <span className="text-muted-foreground italic">{MESSAGES.propertyDeletedFallback}</span>;
  return (
    <div className={cn('flex flex-col', className)}>
      <Link to={paths.property(property.slug)} className="font-medium underline-offset-4 hover:underline">
        {property.title}
      </Link>
      <span className="text-xs text-muted-foreground">
        {property.addressLine1}, {property.city}
      </span>
    </div>
  );
}
