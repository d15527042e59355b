import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  Armchair,
  BedDouble,
  Bell,
  CalendarClock,
  Home,
  KeyRound,
  LayoutPanelTop,
  MapPin,
  PawPrint,
  PenLine,
  Pencil,
  Radius,
  Receipt,
  Scan,
  Search,
  Tag,
  Text,
  Trash2,
} from 'lucide-react';
import {
  ALERT_FREQUENCY_LABELS,
  AlertFrequencySchema,
  SAVED_SEARCH_LABEL_MAX_LENGTH,
  SaveSearchFormSchema,
  type SavedSearch,
  type UpdateSavedSearchInput,
} from '@abode/shared/client/client.schema';
import { PROPERTY_TYPE_LABELS } from '@abode/shared/listings/listing.schema';
import { FURNISHED_LABELS, LET_TYPE_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { RADIUS_LABELS, type RadiusMiles } from '@abode/shared/search/radius';
import {
  ADDED_LABELS,
  fromSavedSearchFilters,
  LISTING_FACT_FILTER_LABELS,
  type AddedWithinDays,
} from '@abode/shared/search/search.schema';
import { MESSAGES } from '@abode/shared/messages';
import { formatPriceChoice } from '@abode/shared/money';
import { toSearchParams } from '@abode/shared/search/search-url';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { FieldError, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { paths } from '#src/config/paths.ts';
import { useDeleteSavedSearch, useUpdateSavedSearch } from '#src/features/saved-homes/api/saved-searches.ts';
import { cn } from '#src/lib/utils.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { formatDate } from '#src/lib/format.ts';

/** Texts of this card that REQ-MSG does not word. */
export const SAVED_SEARCH_TEXT = {
  renamed: 'Saved search renamed',
  alertsOn: 'E-mail alerts switched on',
  alertsOff: 'E-mail alerts switched off',
  frequencyChanged: 'Alert frequency updated',
  updateFailed: 'Failed to update saved search',
} as const;

const FREQUENCY_OPTIONS = AlertFrequencySchema.options.map((value) => ({
  value,
  label: ALERT_FREQUENCY_LABELS[value],
}));

/**
 * `/search?…` with the saved filters (under the URL's names), so Run Search restores them (REQ-CLIENT-11). Always with
 * a mode: the schema gives Buy to a search stored without one (REQ-PLACE).
 */
export function runSearchHref(searchParams: SavedSearch['searchParams']): string {
  return `${paths.search}?${toSearchParams(fromSavedSearchFilters(searchParams)).toString()}`;
}

/**
 * What the search looks for, as short badge texts: location, Buy/Rent, type, 'N+ beds', price (REQ-SEARCH-07), the
 * REQ-SEARCH-07 filters that change what it finds most (the radius, a drawn or map area, keywords and 'Added to site'),
 * and REQ-LISTING-16's floor plan and lettings terms ('Student let', 'Part furnished', 'Pets allowed').
 */
export function savedSearchBadges(f: SavedSearch['searchParams']) {
  const badges: { key: string; icon: typeof MapPin; text: string }[] = [];
  // 'All Areas' only when nothing narrows where: a drawn or map area is not all areas.
  if (f.location || (!f.polygon && !f.bounds))
    badges.push({ key: 'location', icon: MapPin, text: f.location || 'All Areas' });
  if (f.location && f.radius !== undefined)
    badges.push({ key: 'radius', icon: Radius, text: RADIUS_LABELS[f.radius as RadiusMiles] });
  if (f.polygon) badges.push({ key: 'polygon', icon: PenLine, text: 'Drawn area' });
  if (f.bounds) badges.push({ key: 'bounds', icon: Scan, text: 'Map area' });
  if (f.mode) badges.push({ key: 'mode', icon: Tag, text: f.mode === 'sale' ? 'Buy' : 'Rent' });
  if (f.propertyType) badges.push({ key: 'type', icon: Home, text: PROPERTY_TYPE_LABELS[f.propertyType] });
  if (f.bedrooms) badges.push({ key: 'beds', icon: BedDouble, text: `${f.bedrooms}+ beds` });
  if (f.minPrice !== undefined || f.maxPrice !== undefined) {
    const pcm = f.mode === 'rent' ? '/month' : '';
    const text =
      f.minPrice !== undefined && f.maxPrice !== undefined
        ? `${formatPriceChoice(f.minPrice)} – ${formatPriceChoice(f.maxPrice)}${pcm}`
        : f.minPrice !== undefined
          ? `From ${formatPriceChoice(f.minPrice)}${pcm}`
          : `Up to ${formatPriceChoice(f.maxPrice!)}${pcm}`;
    badges.push({ key: 'price', icon: Tag, text });
  }
  if (f.keywords) badges.push({ key: 'keywords', icon: Text, text: `“${f.keywords}”` });
  if (f.added !== undefined)
    badges.push({ key: 'added', icon: CalendarClock, text: ADDED_LABELS[f.added as AddedWithinDays] });
  if (f.hasFloorPlan)
    badges.push({ key: 'floorPlan', icon: LayoutPanelTop, text: LISTING_FACT_FILTER_LABELS.hasFloorPlan });
  if (f.letType) badges.push({ key: 'letType', icon: KeyRound, text: `${LET_TYPE_LABELS[f.letType]} let` });
  if (f.furnished) badges.push({ key: 'furnished', icon: Armchair, text: FURNISHED_LABELS[f.furnished] });
  if (f.petsAllowed)
    badges.push({ key: 'pets', icon: PawPrint, text: LISTING_FACT_FILTER_LABELS.petsAllowed });
  if (f.billsIncluded)
    badges.push({ key: 'bills', icon: Receipt, text: LISTING_FACT_FILTER_LABELS.billsIncluded });
  return badges;
}

/**
 * A saved search (REQ-CLIENT-13): its label, 'Alerts On' when alerts are on, badges for what it looks
 * for, the e-mail alerts switch and their frequency (REQ-CLIENT-13: on the dashboard too, so alerts are never on
 * unseen), Run Search (→ /search with its filters) and Delete (after confirmation). With `manage`, also Rename
 * (/saved-searches). `highlight` brings the card into view and focuses its name (a link to this saved search).
 */
export function SavedSearchCard({
  savedSearch,
  manage = false,
  highlight = false,
  headingLevel = 2,
}: {
  savedSearch: SavedSearch;
  manage?: boolean;
  highlight?: boolean;
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [editing, setEditing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!highlight) return;
    headingRef.current?.scrollIntoView({ block: 'center' });
    headingRef.current?.focus({ preventScroll: true });
  }, [highlight]);

  return (
    <article
      aria-labelledby={titleId}
      aria-current={highlight ? 'true' : undefined}
      className={cn(
        'flex h-full flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xs',
        highlight && 'border-primary ring-2 ring-primary/40',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        {/* Stays (hidden) while renaming: it names the card and its buttons. */}
        <Heading
          id={titleId}
          ref={headingRef}
          tabIndex={highlight ? -1 : undefined}
          className={cn(
            'min-w-0 text-lg leading-tight font-semibold break-words focus:outline-none',
            editing && 'sr-only',
          )}
        >
          {savedSearch.label}
        </Heading>
        {editing && <RenameForm savedSearch={savedSearch} onDone={() => setEditing(false)} />}
        {savedSearch.emailAlerts && (
          <Badge>
            <Bell aria-hidden="true" />
            Alerts On
          </Badge>
        )}
      </div>

      <ul aria-label="Search filters" className="flex flex-wrap gap-2">
        {savedSearchBadges(savedSearch.searchParams).map(({ key, icon: Icon, text }) => (
          <li key={key}>
            <Badge variant="secondary" data-testid={`saved-search-${key}`}>
              <Icon aria-hidden="true" />
              {text}
            </Badge>
          </li>
        ))}
      </ul>

      <p className="text-xs text-muted-foreground">Saved {formatDate(savedSearch.createdAt)}</p>

      <AlertSettings savedSearch={savedSearch} describedBy={titleId} />

      <div className="mt-auto flex flex-wrap items-center gap-2 border-t pt-4">
        <Button asChild size="sm">
          <Link to={runSearchHref(savedSearch.searchParams)} aria-describedby={titleId}>
            <Search aria-hidden="true" />
            Run Search
          </Link>
        </Button>
        {manage && !editing && (
          <Button variant="outline" size="sm" aria-describedby={titleId} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Rename
          </Button>
        )}
        <DeleteSavedSearch savedSearch={savedSearch} describedBy={titleId} />
      </div>
    </article>
  );
}

/** The saved-search name rule the API checks (SaveSearchFormSchema's label). */
const RenameSchema = SaveSearchFormSchema.pick({ label: true });

function RenameForm({ savedSearch, onDone }: { savedSearch: SavedSearch; onDone: () => void }) {
  const inputId = useId();
  const form = useForm<{ label: string }>({
    resolver: zodResolver(RenameSchema),
    defaultValues: { label: savedSearch.label },
  });
  const error = form.formState.errors.label?.message;
  const update = useUpdateSavedSearch();

  const onSubmit = form.handleSubmit(({ label }) => {
    if (label === savedSearch.label) {
      onDone();
      return;
    }
    update.mutate(
      { id: savedSearch.id, changes: { label } },
      {
        onSuccess: () => {
          toast.success(SAVED_SEARCH_TEXT.renamed);
          onDone();
        },
        onError: (failure) => showErrorToast(SAVED_SEARCH_TEXT.updateFailed, { error: failure }),
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex w-full flex-col gap-2">
      <Label htmlFor={inputId}>Search name</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          autoFocus
          maxLength={SAVED_SEARCH_LABEL_MAX_LENGTH + 20}
          {...fieldA11y(inputId, error)}
          {...form.register('label')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone();
          }}
          className="min-w-48 flex-1"
        />
        <Button type="submit" size="default" disabled={update.isPending}>
          Save
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <FieldError id={inputId} error={error} live />
    </form>
  );
}

function AlertSettings({ savedSearch, describedBy }: { savedSearch: SavedSearch; describedBy: string }) {
  const switchId = useId();
  const frequencyId = useId();
  const update = useUpdateSavedSearch();

  const change = (changes: UpdateSavedSearchInput, success: string) =>
    update.mutate(
      { id: savedSearch.id, changes },
      {
        onSuccess: () => toast.success(success),
        onError: (error) => showErrorToast(SAVED_SEARCH_TEXT.updateFailed, { error }),
      },
    );

  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-lg bg-muted/50 p-3">
      <div className="flex items-center gap-3">
        <Switch
          id={switchId}
          aria-describedby={describedBy}
          checked={savedSearch.emailAlerts}
          disabled={update.isPending}
          onCheckedChange={(on) =>
            change({ emailAlerts: on }, on ? SAVED_SEARCH_TEXT.alertsOn : SAVED_SEARCH_TEXT.alertsOff)
          }
        />
        <Label htmlFor={switchId}>E-mail alerts</Label>
      </div>
      <div className={cn('flex flex-col gap-1.5', !savedSearch.emailAlerts && 'opacity-70')}>
        <Label htmlFor={frequencyId} className="text-xs text-muted-foreground">
          Alert frequency
        </Label>
        <Select
          id={frequencyId}
          options={FREQUENCY_OPTIONS}
          value={savedSearch.alertFrequency}
          disabled={!savedSearch.emailAlerts || update.isPending}
          onValueChange={(value) => {
            const parsed = AlertFrequencySchema.safeParse(value);
            if (parsed.success) change({ alertFrequency: parsed.data }, SAVED_SEARCH_TEXT.frequencyChanged);
          }}
          className="w-36"
        />
      </div>
    </div>
  );
}

function DeleteSavedSearch({ savedSearch, describedBy }: { savedSearch: SavedSearch; describedBy: string }) {
  const remove = useDeleteSavedSearch();
  const onConfirm = () =>
    remove.mutate(savedSearch.id, {
      onSuccess: () => toast.success(MESSAGES.savedSearchDeleted),
      onError: (error) => showErrorToast(MESSAGES.savedSearchDeleteFailed, { error }),
    });

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-describedby={describedBy}
          disabled={remove.isPending}
          className="ml-auto text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title="Delete this saved search?"
      description={
        <>
          “{savedSearch.label}” will be deleted
          {savedSearch.emailAlerts ? ' and its e-mail alerts will stop' : ''}. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}
