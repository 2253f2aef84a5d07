/**
 * Grey lines standing in for text while it loads. Plain markup and CSS rather than antd's Skeleton, so that a page
 * built only from these (the home page) renders without downloading antd at all.
 */
export function TextPlaceholder({ rows = 3, title = true, announce = true }: { rows?: number; title?: boolean; announce?: boolean }) {
  // Inside a container that already announces loading, the lines are decoration only.
  const a11y = announce ? { role: 'status', 'aria-busy': true, 'aria-label': '加载中' } : { 'aria-hidden': true };
  return (
    <div className="rc-placeholder" {...a11y}>
      {title && <span className="rc-placeholder-line rc-placeholder-title" />}
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="rc-placeholder-line" />
      ))}
    </div>
  );
}
