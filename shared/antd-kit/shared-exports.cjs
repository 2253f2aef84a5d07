/**
 * The shared-package declarations the build-config factory reads by package name (never by scanning apps).
 *
 * - `packages`: what @site/antd-kit wraps. An app importing one of them directly is refused by the build check.
 * - `router`: the react-router-dom exports the site shares. react-router-dom is a true singleton (one router
 *   context for host and remotes) and every build tree-shakes its copy to exactly this list, so whichever app's
 *   copy loads first serves all. Using another router export means adding it here (a minor release of the kit);
 *   the build check refuses an app that imports one not listed.
 */
module.exports = {
  packages: ['antd', '@ant-design/icons'],
  router: [
    'BrowserRouter',
    'Link',
    'MemoryRouter',
    'Navigate',
    'Outlet',
    'Route',
    'Routes',
    'matchPath',
    'useHref',
    'useLocation',
    'useNavigate',
    'useSearchParams',
  ],
};
