import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  CreateFeedKeyInputSchema,
  FEED_KEY_MESSAGES as M,
  type CreatedFeedKey,
  type CreateFeedKeyInput,
  type FeedKeyList,
} from '@abode/shared/feeds/feed-keys.schema';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#src/components/ui/dialog.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { setServerFieldErrors } from '#src/lib/form-errors.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useCreateFeedKey } from '../api/feed-keys.ts';

/** What the form sends once the shared schema has checked it. */
type CreateFeedKeyValues = z.output<typeof CreateFeedKeyInputSchema>;

/**
 * 'Create key' (ADR 030): a name, the branch (preselected: the first the member manages) and whether BLM files
 * withdraw the branch's listings they no longer hold. The form checks with the server's schema; the result shows
 * the secret once, with Copy, and says it will not be shown again.
 */
export function CreateKeyDialog({ branches }: { branches: FeedKeyList['branches'] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedFeedKey | null>(null);
  const create = useCreateFeedKey();
  // The branch is picked by its uuid (the select's value).
  const defaultValues: CreateFeedKeyInput = {
    name: '',
    branchId: branches[0]?.id ?? '',
    withdrawAbsent: true,
  };
  const form = useForm<CreateFeedKeyInput, unknown, CreateFeedKeyValues>({
    resolver: zodResolver(CreateFeedKeyInputSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      setCreated(await create.mutateAsync(values));
      toast.success(M.created);
    } catch (error) {
      if (!setServerFieldErrors(form.setError, error))
        showErrorToast(isApiError(error) ? error.message : M.failed, { error });
    }
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(defaultValues);
      setCreated(null);
    }
  };

  const nameError = errors.name?.message;
  const branchError = errors.branchId?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <KeyRound aria-hidden="true" /> Create key
        </Button>
      </DialogTrigger>
      <DialogContent>
        {created ? (
          <CreatedKey created={created} onDone={() => onOpenChange(false)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Create a feed key</DialogTitle>
              <DialogDescription>
                Your CRM sends the key with every call. It writes the branch’s listings as you may.
              </DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
              <FormField id={`${id}-name`} label="Name" required error={nameError} hint="E.g. the CRM’s name">
                <Input
                  autoComplete="off"
                  {...fieldA11y(`${id}-name`, nameError, true)}
                  {...form.register('name')}
                />
              </FormField>
              <FormField id={`${id}-branch`} label="Branch" error={branchError}>
                <Select
                  options={branches.map((b) => ({
                    value: b.id,
                    label: `${b.name} (feed id ${b.feedBranchId})`,
                  }))}
                  {...fieldA11y(`${id}-branch`, branchError)}
                  {...form.register('branchId')}
                />
              </FormField>
              <Controller
                control={form.control}
                name="withdrawAbsent"
                render={({ field }) => (
                  <div className="flex items-start justify-between gap-4">
                    <div className="flex flex-col gap-1">
                      <Label htmlFor={`${id}-withdraw`}>Withdraw listings missing from a BLM file</Label>
                      <p id={`${id}-withdraw-hint`} className="text-sm text-muted-foreground">
                        A BLM file is the branch’s full stock: listings it no longer holds come off the
                        market.
                      </p>
                    </div>
                    <Switch
                      id={`${id}-withdraw`}
                      checked={field.value ?? true}
                      onCheckedChange={field.onChange}
                      aria-describedby={`${id}-withdraw-hint`}
                    />
                  </div>
                )}
              />
              <DialogFooter>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? 'Creating…' : 'Create key'}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The new key's secret, this once, with Copy. */
function CreatedKey({ created, onDone }: { created: CreatedFeedKey; onDone: () => void }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success(M.copied);
    } catch (error) {
      showErrorToast(M.copyFailed, { error });
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Your new key: {created.name}</DialogTitle>
        <DialogDescription>{M.shownOnce}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-secret`}>Key for {created.branchName}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-secret`}
            readOnly
            value={created.key}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" /> Copy
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Branch feed id <span className="font-mono">{created.branchId}</span>. Send it as{' '}
          <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
