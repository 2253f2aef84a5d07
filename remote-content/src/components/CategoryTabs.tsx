import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';

export interface CategoryTab {
  key: string;
  label: string;
}

/**
 * Tabs over one panel (the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs, only the selected
 * tab is in the tab order), without antd so that list pages render without downloading it. The URL holds the
 * selection: each tab is a link to its category's URL, which a click before the app has hydrated the rendered page
 * loads and the router follows in place after; the arrow keys go to the same URL.
 */
export function CategoryTabs({
  tabs,
  active,
  href,
  label,
  children,
}: {
  tabs: CategoryTab[];
  active: string;
  href: (key: string) => string;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  const navigate = useNavigate();
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
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
    void navigate(href(tabs[next].key));
  };
  return (
    <>
      <div className="rc-tabs" role="tablist" aria-label={label}>
        {tabs.map((t, i) => (
          <Link
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            to={href(t.key)}
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={i === activeIndex}
            aria-controls={`${id}-panel`}
            tabIndex={i === activeIndex ? 0 : -1}
            className="rc-tab"
            onKeyDown={(e) => move(e, i)}
          >
            {t.label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs[activeIndex]?.key}`}>
        {children}
      </div>
    </>
  );
}
