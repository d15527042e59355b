import { CircleAlert } from 'lucide-react';
import { controlIdOf, errorsInFormOrder, fieldLabelOf } from '../utils/listing-form-state.ts';

/**
 * Opens every folded group around the control of `id` and moves focus there (a control inside a closed <details>
 * cannot take focus). Returns false when no such control is on the page.
 */
export function revealAndFocus(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  for (let group = target.closest('details'); group; group = group.parentElement?.closest('details') ?? null)
    group.open = true;
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
  return true;
}

/**
 * The fields a failed save needs fixed, above the form: each links to its field (opening a folded group when the
 * field is inside one), where the message is, so errors far down a long form, or folded away, are found at once.
 * The messages themselves stay under their fields only: one message on the page once, for screen readers and tests.
 */
export function ListingErrorSummary({ errors }: { errors: unknown }) {
  const problems = errorsInFormOrder(errors);
  if (problems.length === 0) return null;
  return (
    <div
      role="alert"
      aria-labelledby="listing-errors-title"
      className="flex flex-col gap-2 rounded-xl border border-destructive bg-destructive/5 p-4"
      data-testid="listing-error-summary"
    >
      <h2 id="listing-errors-title" className="flex items-center gap-2 text-base font-semibold">
        <CircleAlert aria-hidden="true" className="size-5 text-destructive" />
        {problems.length === 1 ? 'One field needs attention' : `${problems.length} fields need attention`}
      </h2>
      <p className="text-sm">Each says what is wrong beneath it:</p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {problems.map(({ path }) => (
          <li key={path}>
            <a
              href={`#${controlIdOf(path)}`}
              className="font-medium text-destructive underline underline-offset-2 hover:no-underline"
              onClick={(event) => {
                if (revealAndFocus(controlIdOf(path))) event.preventDefault();
              }}
            >
              {fieldLabelOf(path)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
