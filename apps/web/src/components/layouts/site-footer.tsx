import { Link } from 'react-router';
import { Logo } from '#src/components/layouts/logo.tsx';
import { paths, publicNavLinks } from '#src/config/paths.ts';
import { DATA_ATTRIBUTIONS, PHOTO_NOTE } from '#src/config/attributions.ts';

/** Site footer: navigation again, and the open-data attributions the licences require (REQ-DATA-02). */
export function SiteFooter() {
  return (
    <footer className="mt-16 border-t bg-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1fr_2fr] lg:px-8">
        <div className="space-y-3">
          <Link to={paths.home} className="inline-block rounded-md">
            <Logo />
          </Link>
          <p className="max-w-xs text-sm text-muted-foreground">
            An open-source UK property marketplace for homes for sale and to rent.
          </p>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {publicNavLinks.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="space-y-3 text-xs leading-relaxed text-muted-foreground">
          <h2 className="text-sm font-semibold text-foreground">Data sources</h2>
          <p>{DATA_ATTRIBUTIONS.landRegistry}</p>
          <p>{DATA_ATTRIBUTIONS.ordnanceSurvey}</p>
          <p>{DATA_ATTRIBUTIONS.ons}</p>
          <p>{PHOTO_NOTE} Demo listings are built from public sale and rent records.</p>
        </div>
      </div>
    </footer>
  );
}
