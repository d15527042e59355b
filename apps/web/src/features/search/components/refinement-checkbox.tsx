import { useState } from 'react';

/**
 * A switch of the search panel ('Include let agreed', 'Pets allowed'…) as a labelled checkbox. It shows a click at
 * once; the URL (and so `checked`) follows a moment later, and wins when it changes.
 */
export function RefinementCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const [shown, setShown] = useState(checked);
  const [fromUrl, setFromUrl] = useState(checked);
  if (fromUrl !== checked) {
    setFromUrl(checked);
    setShown(checked);
  }
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={shown}
        onChange={(event) => {
          setShown(event.target.checked);
          onChange(event.target.checked);
        }}
        className="size-4 cursor-pointer accent-primary"
      />
      {label}
    </label>
  );
}
