import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '#src/lib/utils.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = Omit<ComponentProps<'select'>, 'children' | 'onChange'> & {
  options: readonly SelectOption[];
  onValueChange?: (value: string) => void;
  onChange?: ComponentProps<'select'>['onChange'];
};

/**
 * A styled native <select>. We use the platform control rather than a custom listbox: it is fully accessible by
 * default, opens the phone's own picker on mobile (most of our visitors search on phones) and costs no JavaScript.
 */
export function Select({ className, options, onValueChange, onChange, ...props }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="h-10 w-full min-w-0 cursor-pointer appearance-none truncate rounded-md border border-input bg-background py-2 pr-9 pl-3 text-base shadow-xs transition-colors focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
