import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface CategoryTab {
  key: string;
  label: string;
}

/**
 * Tabs over one panel (the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs, only the selected
 * tab is in the tab order), without antd so that list pages render without downloading it.
 */
export function CategoryTabs({
  tabs,
  active,
  onChange,
  label,
  children,
}: {
  tabs: CategoryTab[];
  active: string;
  onChange: (key: string) => void;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    tabs.findIndex((t) => t.key === active),
  );
  const move = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + tabs.length) % tabs.length;
    refs.current[next]?.focus();
    onChange(tabs[next].key);
  };
  return (
    <>
      <div className="rc-tabs" role="tablist" aria-label={label}>
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={i === activeIndex}
            aria-controls={`${id}-panel`}
            tabIndex={i === activeIndex ? 0 : -1}
            className="rc-tab"
            onClick={() => onChange(t.key)}
            onKeyDown={(e) => move(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs[activeIndex]?.key}`}>
        {children}
      </div>
    </>
  );
}
