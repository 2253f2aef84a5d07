/**
 * The first script of a rendered page, inlined in its <head> by the page renderer (the host's origin allows it by
 * its hash, see services/origin-server/src/origin.cjs). A rendered page is on screen before any script file has arrived; from the
 * moment the head is parsed this keeps a portal's messages and the last click on a button for the app
 * (services/early-handoff), which would otherwise be lost: a portal that posts as soon as it sees the page, a visitor
 * who clicks 搜索 at once. Built alone (pageStart in build-config), without federation or React.
 */
import { catchEarly } from './services/early-handoff';

catchEarly();
