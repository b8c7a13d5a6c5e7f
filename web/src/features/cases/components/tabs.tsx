import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<K extends string> = {
  key: K;
  label: ReactNode;
  disabled?: boolean;
  panel: ReactNode;
};

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs (skipping disabled ones), only the
 * selected tab is in the tab order, and each panel is labelled by its tab.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
}: {
  label: string;
  items: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
}) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const enabled = items.filter((item) => !item.disabled);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = enabled.findIndex((item) => item.key === selected);
    let next: TabItem<K> | undefined;
    if (event.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft')
      next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    onSelect(next.key);
    refs.current.get(next.key)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-slate-200"
      >
        {items.map((item) => {
          const active = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) refs.current.set(item.key, node);
                else refs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-controls={`${baseId}-panel-${item.key}`}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              disabled={item.disabled}
              onClick={() => onSelect(item.key)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:text-slate-500 ${
                active
                  ? 'border-brand-700 text-brand-900'
                  : 'border-transparent text-slate-700 hover:text-slate-900'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.key === selected ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${baseId}-panel-${item.key}`}
            aria-labelledby={`${baseId}-tab-${item.key}`}
            tabIndex={0}
            className="pt-4 outline-none"
          >
            {item.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
