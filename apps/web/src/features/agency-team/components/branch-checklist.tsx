import type { TeamBranch } from '@abode/shared/agency/team.schema';

/**
 * The branches someone works in, as a group of checkboxes under a legend: the Team screen's invite and member forms
 * (a controlled value, so one branch or many always reads as a list). The error, when given, is read with the group.
 */
export function BranchChecklist({
  id,
  branches,
  value,
  onChange,
  error,
  disabled = false,
}: {
  id: string;
  branches: readonly TeamBranch[];
  value: readonly string[];
  onChange: (branchIds: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const toggle = (branchId: string, on: boolean) =>
    onChange(branches.map((b) => b.id).filter((b) => (b === branchId ? on : value.includes(b))));
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="mb-1.5 text-sm font-medium">Branches</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {branches.map((branch) => (
          <label
            key={branch.id}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-brand-soft/40"
          >
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={value.includes(branch.id)}
              onChange={(event) => toggle(branch.id, event.target.checked)}
            />
            <span className="min-w-0 break-words">{branch.name}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
