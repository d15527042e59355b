import { useId, type ReactNode } from 'react';
import { cn } from '#src/lib/utils.ts';

/** A titled region of the property page: an `<h2>` naming a `<section>`, so screen readers list it as a landmark. */
export function PageSection({
  title,
  children,
  className,
  testId,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className={cn('flex flex-col gap-3', className)}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list of facts as term and value pairs, two columns from small screens up. */
export function FactList({ facts, label }: { facts: readonly [string, ReactNode][]; label?: string }) {
  return (
    <dl aria-label={label} className="grid gap-x-6 gap-y-0 sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4 border-b py-2 text-sm">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
