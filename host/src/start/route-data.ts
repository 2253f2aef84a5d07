import { channelsQuery, companyQuery } from '@site/ui';
import { createQueryClient, hydrateRouteData } from '@site/ui/render';
import { renderedPage } from '../federation/rendered-page';

/**
 * The page's one query cache. A rendered page's route data goes in first, so the header's and the page's queries
 * start from it and ask nothing; the header's data is loaded otherwise (a page the browser renders).
 */
export function startRouteData(rendered: ReturnType<typeof renderedPage>) {
  const queryClient = createQueryClient();
  if (rendered) hydrateRouteData(queryClient, rendered.data);
  void queryClient.prefetchQuery(companyQuery());
  void queryClient.prefetchQuery(channelsQuery({ isNav: true }));
  return queryClient;
}
