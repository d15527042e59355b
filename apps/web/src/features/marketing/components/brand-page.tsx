import type { ReactNode } from 'react';
import { CallToAction } from '#src/features/marketing/components/call-to-action.tsx';
import { pageTitle } from '#src/config/site.ts';

/** Layout of the static brand pages (REQ-SITE-10): a heading band, readable prose, and a button to /search. */
export function BrandPage({
  title,
  documentTitle = title,
  eyebrow,
  lead,
  children,
}: {
  title: string;
  documentTitle?: string;
  eyebrow: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <>
      <title>{pageTitle(documentTitle)}</title>
      <div className="border-b bg-brand-soft">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 md:py-20 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-brand-soft-foreground uppercase">
            {eyebrow}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-muted-foreground sm:text-xl">{lead}</p>
        </div>
      </div>
      <div className="mx-auto max-w-4xl space-y-12 px-4 py-14 sm:px-6 lg:px-8">{children}</div>
      <CallToAction />
    </>
  );
}

/** A titled block of a brand page. */
export function BrandSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <div className="space-y-4 text-base leading-relaxed text-muted-foreground [&_strong]:text-foreground">
        {children}
      </div>
    </section>
  );
}

/** A grid of short titled points (values, reasons). */
export function PointList({ points }: { points: readonly { title: string; text: string }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {points.map((point) => (
        <li key={point.title} className="rounded-xl border bg-card p-5">
          <h3 className="font-semibold text-foreground">{point.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{point.text}</p>
        </li>
      ))}
    </ul>
  );
}
