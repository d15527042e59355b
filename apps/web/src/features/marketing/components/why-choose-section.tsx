import { BadgeCheck, Bookmark, Handshake } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#src/components/ui/card.tsx';

const REASONS = [
  {
    icon: BadgeCheck,
    title: 'Curated Selection',
    text: 'Every new listing is checked before it appears, and only active, approved homes show up in search. Sold and withdrawn homes drop out, so your time goes on homes you can actually buy or rent.',
  },
  {
    icon: Bookmark,
    title: 'Personal Collection',
    text: 'Keep the homes you like and the searches you run in one place. Save favourites, come back to recently viewed homes and turn a saved search into e-mail alerts when something new matches.',
  },
  {
    icon: Handshake,
    title: 'Premium Service',
    text: 'Every listing names the agent marketing it and puts you in touch with them directly. Results are ordered the way you choose — newest, lowest or highest price — never by who paid for a better spot.',
  },
] as const;

/** The three-card 'Why Choose Abode' section of the home page (REQ-SITE-09). Focusable so 'Learn More' can move there. */
export function WhyChooseSection({ id }: { id: string }) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="mx-auto max-w-7xl scroll-mt-24 px-4 py-16 focus:outline-none sm:px-6 md:py-24 lg:px-8"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight sm:text-4xl">
          Why Choose Abode
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          A property search that respects your time, your attention and your data.
        </p>
      </div>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {REASONS.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 flex size-12 items-center justify-center rounded-lg bg-brand-soft text-primary">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="leading-relaxed text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
