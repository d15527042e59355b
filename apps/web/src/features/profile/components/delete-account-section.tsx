import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import {
  DELETE_CONFIRMATION_WORD,
  DeleteAccountSchema,
  PROFILE_MESSAGES,
  type DeleteAccountInput,
} from '@abode/shared/profile/profile.schema';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#src/components/ui/dialog.tsx';
import { paths } from '#src/config/paths.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { forgetSession, useAuth } from '#src/lib/auth.tsx';
import { deleteAccount } from '../api/profile.ts';
import { CurrentPasswordField, TextField } from '#src/components/text-field.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

const EMPTY = { password: '', confirmation: '' };

/**
 * Delete my account (REQ-CLIENT-15): a danger-zone button opening a dialog that asks for the password and the typed
 * word DELETE. On success the server has ended every session; here the cached user and their data are dropped
 * (as on sign-out, components/layouts/user-menu.tsx) and the visitor lands on /.
 */
export function DeleteAccountSection() {
  const { isAgent, isAdmin } = useAuth();
  // Agents and admins are closed by support (the API answers 403 for them too).
  if (isAgent || isAdmin)
    return <p className="text-sm text-muted-foreground">{PROFILE_MESSAGES.deleteNotAllowed}</p>;
  return <DeleteAccountDialog />;
}

function DeleteAccountDialog() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useForm<typeof EMPTY, unknown, DeleteAccountInput>({
    // The typed word is any text until checked: the schema's input type (the literal) is narrower than the field's.
    resolver: zodResolver(DeleteAccountSchema) as Resolver<typeof EMPTY, unknown, DeleteAccountInput>,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  // Set from the request's start until the page is left (isSubmitting ends with the handler, before navigation).
  const [submitting, setSubmitting] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (submitting) return;
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setSubmitting(true);
    try {
      await deleteAccount(input);
    } catch (failure) {
      setSubmitting(false);
      if (isApiError(failure) && failure.message === PROFILE_MESSAGES.passwordWrong)
        form.setError('password', { message: PROFILE_MESSAGES.passwordWrong });
      else
        showErrorToast(PROFILE_MESSAGES.deleteFailed, {
          error: failure,
          reason: isApiError(failure) ? failure.message : undefined,
        });
      return;
    }
    // Leave the protected page first, so its guard does not send the now signed-out visitor to /auth.
    await navigate(paths.home, { replace: true });
    forgetSession(queryClient, { broadcast: true });
    toast.success(PROFILE_MESSAGES.accountDeleted);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" /> Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This cannot be undone. Your profile, favourites, saved searches and alerts, and recently viewed
              homes are erased and you are signed out everywhere. Agents keep the enquiries you sent them.
            </DialogDescription>
          </DialogHeader>
          <CurrentPasswordField
            id={`${id}-password`}
            label="Your password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            id={`${id}-confirm`}
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.confirmation?.message}
            {...form.register('confirmation')}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={submitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={submitting}>
              {submitting ? 'Deleting…' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
