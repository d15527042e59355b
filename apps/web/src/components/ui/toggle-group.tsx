import {
  createContext,
  use,
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '#src/lib/utils.ts';

/*
 * A small toggle group with the markup, keyboard and ARIA of Radix's ToggleGroup, which this replaces: the home
 * page's search bar uses it (Buy/Rent, the feature chips), and Radix's version brought about 7 KB of gzip into the
 * first bundle (REQ-PERF-05). type="single" is a radio group (items are role="radio" with aria-checked; pressing the
 * chosen one again offers '' as Radix does), type="multiple" a set of toggle buttons (aria-pressed). Either way it
 * is one Tab stop (the chosen item, else the first), arrow keys, Home and End move between the items, and every
 * item carries data-state="on" | "off" for styling.
 */

type SingleProps = { type: 'single'; value?: string; onValueChange?: (value: string) => void };
type MultipleProps = { type: 'multiple'; value?: string[]; onValueChange?: (value: string[]) => void };

export type ToggleGroupProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> & {
  disabled?: boolean;
} & (SingleProps | MultipleProps);

interface GroupState {
  type: 'single' | 'multiple';
  isOn: (value: string) => boolean;
  toggle: (value: string) => void;
  tabStop: string | undefined;
  setFocused: (value: string) => void;
  disabled: boolean;
}

const GroupContext = createContext<GroupState | null>(null);

const ITEM = '[data-toggle-group-item]:not(:disabled)';

/** Segmented control (type="single": a radio group) or a set of toggle chips (type="multiple": pressed buttons). */
export function ToggleGroup({
  className,
  disabled = false,
  onKeyDown,
  onFocusCapture,
  ...props
}: ToggleGroupProps) {
  const root = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string>();
  const [first, setFirst] = useState<string>();
  const selected = props.type === 'single' ? (props.value ? [props.value] : []) : (props.value ?? []);
  const { type, value: _value, onValueChange: _onValueChange, ...rest } = props;

  const toggle = (value: string) => {
    if (props.type === 'single') props.onValueChange?.(props.value === value ? '' : value);
    else
      props.onValueChange?.(
        selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value],
      );
  };

  const items = () => [...(root.current?.querySelectorAll<HTMLButtonElement>(ITEM) ?? [])];
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? list[(at + 1) % list.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? list[(at - 1 + list.length) % list.length]
          : event.key === 'Home'
            ? list[0]
            : event.key === 'End'
              ? list[list.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  // The Tab stop: the item last focused, else the (first) chosen one, else the first item.
  const tabStop = focused ?? selected[0] ?? first;

  return (
    <GroupContext value={{ type, isOn: (v) => selected.includes(v), toggle, tabStop, setFocused, disabled }}>
      <div
        ref={root}
        role="group"
        className={cn('flex items-center', className)}
        onKeyDown={move}
        // Learn which item comes first once it is in the page (for the Tab stop when nothing is chosen).
        onFocusCapture={(event: FocusEvent<HTMLDivElement>) => {
          if (first === undefined) setFirst(items()[0]?.dataset.value);
          onFocusCapture?.(event);
        }}
        {...rest}
      />
    </GroupContext>
  );
}

export const toggleItemVariants = cva(
  'inline-flex cursor-pointer items-center justify-center gap-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:relative focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        /** Joined buttons in one bordered bar, e.g. Buy | Rent. */
        segmented:
          'h-full flex-1 px-4 text-muted-foreground first:rounded-l-md last:rounded-r-md hover:text-foreground data-[state=on]:bg-primary data-[state=on]:text-primary-foreground',
        /** Free-standing rounded chips, e.g. feature tags. */
        chip: 'h-9 rounded-full border border-input bg-background px-3.5 text-foreground hover:bg-accent data-[state=on]:border-primary data-[state=on]:bg-brand-soft data-[state=on]:text-brand-soft-foreground',
        /** Square icon toggles, e.g. grid/list view. */
        icon: 'size-10 text-muted-foreground first:rounded-l-md last:rounded-r-md hover:text-foreground data-[state=on]:bg-brand-soft data-[state=on]:text-brand-soft-foreground',
      },
    },
    defaultVariants: { variant: 'segmented' },
  },
);

export function ToggleGroupItem({
  className,
  variant,
  value,
  disabled,
  onClick,
  onFocus,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string } & VariantProps<typeof toggleItemVariants>) {
  const group = use(GroupContext);
  if (!group) throw new Error('ToggleGroupItem must be used within a ToggleGroup');
  const on = group.isOn(value);
  const single = group.type === 'single';
  return (
    <button
      type="button"
      data-toggle-group-item=""
      data-value={value}
      data-state={on ? 'on' : 'off'}
      role={single ? 'radio' : undefined}
      aria-checked={single ? on : undefined}
      aria-pressed={single ? undefined : on}
      disabled={group.disabled || disabled}
      // Before the group knows its first item, every item is reachable; afterwards only the Tab stop.
      tabIndex={group.tabStop === undefined || group.tabStop === value ? 0 : -1}
      className={cn(toggleItemVariants({ variant }), className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) group.toggle(value);
      }}
      onFocus={(event: FocusEvent<HTMLButtonElement>) => {
        onFocus?.(event);
        group.setFocused(value);
      }}
      {...props}
    />
  );
}
