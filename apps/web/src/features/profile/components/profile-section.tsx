import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { cn } from '#src/lib/utils.ts';

/** One card of the profile page: an h2 (under the page's h1) labelling the section. */
export function ProfileSection({
  id,
  title,
  description,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className={cn(danger && 'border-destructive/50')}>
      <section aria-labelledby={`${id}-title`}>
        <CardHeader>
          <h2
            id={`${id}-title`}
            className={cn('text-lg leading-tight font-semibold', danger && 'text-destructive')}
          >
            {title}
          </h2>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
