/**
 * The search page's renders in a process of their own (search-process.ts starts it): loading the host build and
 * rendering take the CPU in long slices, which would delay the service's own work (renewing the render lease, the
 * change feed); and a render's memory goes with the process. Answers `{ id, url, visitor }` messages with `{ id, answer }`.
 */
import { readConfig } from './config';
import { searchPages, type SearchAnswer } from './search-page';

const pages = searchPages(readConfig());

process.on('message', (m: { id: number; url: string; visitor: string }) => {
  void pages.answer(m.url, m.visitor).then((answer: SearchAnswer) => process.send?.({ id: m.id, answer }));
});
// The service that started this process is gone: so is its reason to run.
process.once('disconnect', () => process.exit(0));
void pages.warm();
