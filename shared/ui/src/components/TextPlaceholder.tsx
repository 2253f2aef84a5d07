import './ui.css';

/**
 * Grey lines standing in for text while it loads. Plain markup and CSS rather than antd's Skeleton, so that a page
 * built only from these renders without downloading antd at all (see the host's `withoutAntd` routes).
 */
export function TextPlaceholder({ rows = 3, title = true, announce = true }: { rows?: number; title?: boolean; announce?: boolean }) {
  // Inside a container that already announces loading, the lines are decoration only.
  const a11y = announce ? { role: 'status', 'aria-busy': true, 'aria-label': '加载中' } : { 'aria-hidden': true };
  return (
    <div className="site-placeholder" {...a11y}>
      {title && <span className="site-placeholder-line site-placeholder-title" />}
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="site-placeholder-line" />
      ))}
    </div>
  );
}
