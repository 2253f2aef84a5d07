/**
 * The FAQ's pages: 20 questions a page, newest first, at `/question?page=N` (page 1 is `/question`).
 * A page carries its own questions only, so the rendered output grows with the number of questions, not its square.
 * (No imports: render-routes.ts reads these too.)
 */
export const FAQ_PAGE_SIZE = 20;

/** The address of a page of the FAQ (page 1: `/question`); the FAQ's page links, rendered ahead by render-routes.ts. */
export const questionPageUrl = (page: number) => (page > 1 ? `/question?page=${page}` : '/question');

/** How many pages `total` questions take (at least one). */
export const questionPages = (total: number) => Math.max(1, Math.ceil(total / FAQ_PAGE_SIZE));
