import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  FEED_KEY_MESSAGES as M,
  FeedBranchCodeParamsSchema,
  PutFeedBranchCodeInputSchema,
  type FeedBranchCode,
  type FeedKeyList,
} from '@abode/shared/feeds/feed-keys.schema';
import { Button } from '#src/components/ui/button.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { setServerFieldErrors } from '#src/lib/form-errors.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useDeleteFeedBranchCode, useFeedBranchCodes, usePutFeedBranchCode } from '../api/feed-keys.ts';

/** The 'Add a code' form: the code (as the URL's `{code}` checks it) and the branch. */
const AddCodeSchema = FeedBranchCodeParamsSchema.extend(PutFeedBranchCodeInputSchema.shape);
type AddCodeInput = z.input<typeof AddCodeSchema>;

type Branches = FeedKeyList['branches'];

const fail = (error: unknown) => showErrorToast(isApiError(error) ? error.message : M.failed, { error });

function CodeRow({ code, branches }: { code: FeedBranchCode; branches: Branches }) {
  const put = usePutFeedBranchCode();
  const remove = useDeleteFeedBranchCode();
  return (
    <li className="flex flex-col gap-2 border-b py-3 last:border-0 sm:flex-row sm:items-center sm:gap-4">
      <code className="font-mono text-sm sm:w-40">{code.code}</code>
      <Select
        className="sm:w-64"
        aria-label={`Branch of ${code.code}`}
        value={code.branchId}
        disabled={put.isPending}
        options={branches.map((b) => ({ value: b.id, label: b.name }))}
        onValueChange={(branchId) =>
          put.mutate(
            { code: code.code, branchId },
            { onSuccess: () => toast.success(M.codeSaved, { description: code.code }), onError: fail },
          )
        }
      />
      <Button
        variant="outline"
        size="sm"
        className="sm:ml-auto"
        aria-label={`Remove ${code.code}`}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(code.code, {
            onSuccess: () => toast.success(M.codeRemoved, { description: code.code }),
            onError: fail,
          })
        }
      >
        Remove
      </Button>
    </li>
  );
}

function AddCodeForm({ branches }: { branches: Branches }) {
  const id = useId();
  const put = usePutFeedBranchCode();
  const defaultValues: AddCodeInput = { code: '', branchId: branches[0]?.id ?? '' };
  const form = useForm<AddCodeInput, unknown, z.output<typeof AddCodeSchema>>({
    resolver: zodResolver(AddCodeSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await put.mutateAsync(values);
      toast.success(M.codeSaved, { description: values.code });
      form.reset(defaultValues);
    } catch (error) {
      if (!setServerFieldErrors(form.setError, error)) fail(error);
    }
  });
  const codeError = errors.code?.message;
  const branchError = errors.branchId?.message;
  return (
    <form
      noValidate
      aria-label="Add a branch code"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <FormField id={`${id}-code`} label="CRM branch code" error={codeError} className="sm:w-48">
        <Input autoComplete="off" {...fieldA11y(`${id}-code`, codeError)} {...form.register('code')} />
      </FormField>
      <FormField id={`${id}-branch`} label="Branch" error={branchError} className="sm:w-64">
        <Select
          options={branches.map((b) => ({ value: b.id, label: b.name }))}
          {...fieldA11y(`${id}-branch`, branchError)}
          {...form.register('branchId')}
        />
      </FormField>
      <Button type="submit" variant="outline" className="sm:mt-6" disabled={isSubmitting}>
        <Plus aria-hidden="true" /> Add code
      </Button>
    </form>
  );
}

/**
 * The CRM's branch codes (BLM `BRANCH_ID`) and the branch each maps to (ADR 030): change a code's branch, remove it,
 * add one. A BLM row whose code is not here goes to the sending key's branch.
 */
export function BranchCodeEditor({ branches }: { branches: Branches }) {
  const codes = useFeedBranchCodes();
  return (
    <div className="flex flex-col gap-4">
      {codes.isError && !codes.data ? (
        <LoadFailed message={M.codesLoadFailed} onRetry={() => void codes.refetch()} />
      ) : !codes.data ? (
        <ListSkeleton label="Loading branch codes" />
      ) : codes.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No codes mapped yet.</p>
      ) : (
        <ul aria-label="Branch codes">
          {codes.data.items.map((code) => (
            <CodeRow key={code.code} code={code} branches={branches} />
          ))}
        </ul>
      )}
      <AddCodeForm branches={branches} />
    </div>
  );
}
