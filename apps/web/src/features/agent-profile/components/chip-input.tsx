import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { addChip } from '@abode/shared/agent/profile.schema';
import { Button } from '#src/components/ui/button.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';

/**
 * Add/remove chips (REQ-AGENT-12: certifications and languages): type, then Enter or Add adds the trimmed
 * value; Add is disabled while the input is blank; clicking a chip removes it (each chip is a button labelled
 * 'Remove {value}'). Duplicates, over-long entries and more than 20 are refused with a message under the input.
 */
export function ChipInput({
  label,
  placeholder,
  value,
  onChange,
  error,
}: {
  label: string;
  placeholder?: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** A server or schema error for the whole list. */
  error?: string | undefined;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const blank = draft.trim() === '';
  const message = problem ?? error;

  const add = () => {
    if (blank) return;
    const result = addChip(value, draft);
    setProblem(result.error);
    if (result.error) return;
    onChange(result.list);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the chip instead of submitting the whole profile form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={`${id}-input`}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-input`}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
        <Button
          type="button"
          variant="outline"
          onClick={add}
          disabled={blank}
          aria-label={`Add ${label.toLowerCase()}`}
        >
          Add
        </Button>
      </div>
      {message && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {message}
        </p>
      )}
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {value.map((chip) => (
            <li key={chip}>
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== chip))}
                aria-label={`Remove ${chip}`}
                className="inline-flex items-center gap-1 rounded-full border bg-secondary px-3 py-1 text-sm text-secondary-foreground hover:bg-secondary/70 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {chip}
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
