import { useId, useState } from 'react';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';

/**
 * A one-line text saved when the field loses focus, and only when it changed: a photo's alt text, a floor plan's
 * caption. `onSave` resolves with the text as stored (the server sanitises it), which the field then shows; a
 * rejected save leaves what the agent typed (the caller reports the error). A stored text refreshed from elsewhere
 * (another tab, a sanitised answer) replaces what is shown.
 */
export function SaveOnBlurField({
  label,
  saved,
  maxLength,
  placeholder,
  onSave,
}: {
  label: string;
  saved: string;
  maxLength: number;
  placeholder: string;
  onSave: (value: string) => Promise<string>;
}) {
  const id = useId();
  const [value, setValue] = useState(saved);
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    setValue(saved);
  }
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => {
          if (value.trim() === saved.trim()) return;
          onSave(value).then(setValue, () => undefined);
        }}
      />
    </div>
  );
}
