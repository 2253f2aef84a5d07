/** Which top-navigation entry a page belongs to (detail and support sub-pages mark their section). */
const SECTION_OF: Record<string, string> = {
  '/productDetail': '/product',
  '/solutionDetail': '/solution',
  '/newsDetail': '/news',
  '/document': '/support',
  '/question': '/support',
  '/video': '/support',
  '/videoDetail': '/support',
};

export function activeNavPath(pathname: string): string {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SECTION_OF[clean] ?? clean;
}
