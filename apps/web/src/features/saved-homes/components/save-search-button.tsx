import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Bookmark } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  ALERT_CHOICE_LABELS,
  ALERT_CHOICES,
  CLIENT_MESSAGES,
  SAVED_SEARCH_LABEL_MAX_LENGTH,
  SaveSearchFormSchema,
  alertSettingsOf,
  type SaveSearchFormInput,
  type SaveSearchFormValues,
} from '@abode/shared/client/client.schema';
import { MESSAGES } from '@abode/shared/messages';
import { describeSearch } from '@abode/shared/search/describe-search';
import { toSavedSearchFilters, type SearchFilters } from '@abode/shared/search/search.schema';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#src/components/ui/dialog.tsx';
import { FieldError, FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { paths } from '#src/config/paths.ts';
import { useCreateSavedSearch } from '#src/features/saved-homes/api/saved-searches.ts';
import { promptSignInToSaveSearch } from '#src/lib/prompt-sign-in.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { errorMessage } from '#src/lib/query-client.ts';

/** The /saved-searches page with one saved search brought into view (`?open=`). */
export function savedSearchHref(id: string): string {
  return `${paths.savedSearches}?open=${encodeURIComponent(id)}`;
}

/**
 * Save Search (REQ-SEARCH-24). Signed out, it says saving needs an account (REQ-CLIENT-03). Signed in, it asks first
 * (REQ-CLIENT-07, REQ-CLIENT-09): a name — the search in words, 'Flats to rent in Leeds, 2+ beds' — and whether to get e-mail alerts
 * (instant, daily or none, as Rightmove asks; nothing is chosen for the user). Saving the same filters again is
 * refused by the server, and the dialog offers to open the saved search instead.
 */
export function SaveSearchButton({ filters }: { filters: Partial<SearchFilters> }) {
  const { currentUser } = useAuth();
  const [open, setOpen] = useState(false);

  const onClick = async () => {
    if (!(await currentUser())) {
      promptSignInToSaveSearch();
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button variant="outline" onClick={() => void onClick()}>
        <Bookmark aria-hidden="true" />
        Save Search
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {/* Mounted per opening, so each starts from the search as it is now. */}
          {open && <SaveSearchForm filters={filters} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function SaveSearchForm({ filters, onDone }: { filters: Partial<SearchFilters>; onDone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateSavedSearch();
  const searchParams = toSavedSearchFilters(filters);
  const form = useForm<SaveSearchFormInput, unknown, SaveSearchFormValues>({
    resolver: zodResolver(SaveSearchFormSchema),
    defaultValues: { label: describeSearch(searchParams) },
  });
  const { errors } = form.formState;
  const [existingId, setExistingId] = useState<string | undefined>();

  const onSubmit = form.handleSubmit(({ label, alerts }) => {
    setExistingId(undefined);
    create.mutate(
      { searchParams, label, ...alertSettingsOf(alerts) },
      {
        onSuccess: () => {
          onDone();
          toast.success(MESSAGES.searchSavedTitle, {
            description: MESSAGES.searchSaved,
            action: { label: 'Manage', onClick: () => void navigate(paths.savedSearches) },
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'ALREADY_EXISTS' && error.existingId) {
            setExistingId(error.existingId);
            return;
          }
          // The server's reason helps here, e.g. the saved-search limit or an inverted price range.
          showErrorToast(MESSAGES.saveSearchFailed, { error, reason: errorMessage(error) });
        },
      },
    );
  });

  const labelError = errors.label?.message;
  const alertsError = errors.alerts?.message;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>Save this search</DialogTitle>
        <DialogDescription>
          Come back to it in one click, and choose whether to hear about new homes.
        </DialogDescription>
      </DialogHeader>

      <FormField id={`${id}-label`} label="Name" error={labelError}>
        <Input
          {...fieldA11y(`${id}-label`, labelError)}
          maxLength={SAVED_SEARCH_LABEL_MAX_LENGTH + 20}
          {...form.register('label')}
        />
      </FormField>

      <fieldset
        className="flex flex-col gap-2"
        aria-invalid={alertsError ? true : undefined}
        aria-describedby={alertsError ? `${id}-alerts-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">E-mail alerts for new homes</legend>
        {ALERT_CHOICES.map((choice) => (
          <label
            key={choice}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-brand-soft/40"
          >
            <input
              type="radio"
              value={choice}
              {...form.register('alerts')}
              aria-describedby={`${id}-alerts-${choice}-hint`}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium">{ALERT_CHOICE_LABELS[choice].label}</span>
              <span id={`${id}-alerts-${choice}-hint`} className="text-xs text-muted-foreground">
                {ALERT_CHOICE_LABELS[choice].hint}
              </span>
            </span>
          </label>
        ))}
        <FieldError id={`${id}-alerts`} error={alertsError} />
      </fieldset>

      {existingId && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-md border border-primary/40 bg-muted p-3 text-sm"
        >
          <p>{CLIENT_MESSAGES.savedSearchExists}</p>
          <Button
            type="button"
            variant="outline"
            className="self-start"
            onClick={() => void navigate(savedSearchHref(existingId))}
          >
            Open saved search
          </Button>
        </div>
      )}

      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save search'}
        </Button>
      </DialogFooter>
    </form>
  );
}
