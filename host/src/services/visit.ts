import { beaconVisit, postVisit } from '@site/api-client';
import { isSiteTrafficPath, LOCAL_KEYS, SESSION_KEYS, VISIT_SITE_ID, type FieldView, type VisitAnswer, type VisitRecord } from '@site/contract';
import { safeLocalStorage, safeSessionStorage, type SafeStorage } from '@site/app-runtime';
import { fieldReport, fieldView } from './field';

/**
 * Visit recording (SPEC sections 1, 3, 4; VISIT-1..8): one entry record (count 1) when the app starts and one
 * exit record (count 0, duration in whole seconds) when the page is left, as a beacon when the browser has one.
 * Started from bootstrap (outside React) and guarded, so StrictMode or a second call never sends twice.
 */
export interface VisitDeps {
  /** Guarded stores: a denied or full storage never stops the record (the ids then live for the page only). */
  local: Pick<SafeStorage, 'getItem' | 'setItem'>;
  session: Pick<SafeStorage, 'getItem' | 'setItem'>;
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  location: () => string;
  referrer: string;
  now: () => number;
  random: () => number;
  post: (record: VisitRecord) => Promise<VisitAnswer | void> | unknown;
  beacon: (record: VisitRecord) => boolean;
  /** The versions this page runs (services/field.ts): ride the entry record, whose answer is the view's report token. */
  fieldView: () => FieldView | undefined;
  /** The page view's field report (services/field.ts) for the path the page was loaded at: rides the exit record. */
  field: (landingPath: string) => import('@site/contract').FieldReport | undefined;
}

const defaultDeps = (): VisitDeps => ({
  local: safeLocalStorage,
  session: safeSessionStorage,
  win: window,
  location: () => window.location.href,
  referrer: document.referrer,
  now: Date.now,
  random: Math.random,
  post: postVisit,
  beacon: beaconVisit,
  fieldView,
  field: fieldReport,
});

/**
 * A random visitor id of 15 or 16 digits (no leading zero) that stays a safe integer: the record sends it as a
 * JSON number, and a 16-digit id above Number.MAX_SAFE_INTEGER would arrive altered (and be refused).
 */
export function randomVisitorId(random: () => number = Math.random): string {
  const length = random() < 0.5 ? 15 : 16;
  const max = String(Number.MAX_SAFE_INTEGER);
  let out = String(1 + Math.floor(random() * (length === 16 ? Number(max[0]) - 1 : 9)));
  while (out.length < length) out += String(Math.floor(random() * 10));
  return out;
}

/** A stored id is kept only when it is what randomVisitorId makes (earlier builds could store unsafe ones). */
export function isValidVisitorId(uv: string | null): uv is string {
  return !!uv && /^[1-9]\d{14,15}$/.test(uv) && Number.isSafeInteger(Number(uv));
}

export interface VisitSession {
  uv: string;
  si: string;
  newVisitor: boolean;
  entryUrl: string;
  referrer: string;
  startedAt: number;
}

/** Read or create the ids: visit_uv (localStorage), visit_si (sessionStorage), the new-visitor flag. */
export function readVisitSession(d: VisitDeps): VisitSession {
  let uv = d.local.getItem(LOCAL_KEYS.visitUv);
  const newVisitor = !isValidVisitorId(uv) || !d.local.getItem(LOCAL_KEYS.visitTracked);
  if (!isValidVisitorId(uv)) {
    uv = randomVisitorId(d.random);
    d.local.setItem(LOCAL_KEYS.visitUv, uv);
  }
  d.local.setItem(LOCAL_KEYS.visitTracked, '1');
  let si = d.session.getItem(SESSION_KEYS.visitSi);
  if (!si || !/^\d+$/.test(si)) {
    si = String(d.now());
    d.session.setItem(SESSION_KEYS.visitSi, si);
  }
  return { uv, si, newVisitor, entryUrl: d.location(), referrer: d.referrer, startedAt: d.now() };
}

export function visitRecord(s: VisitSession, url: string, count: 0 | 1, duration: number): VisitRecord {
  return {
    siteId: VISIT_SITE_ID,
    url,
    entryUrl: s.entryUrl,
    referrer: s.referrer,
    si: Number(s.si),
    uv: Number(s.uv),
    newVisitor: s.newVisitor,
    count,
    duration,
  };
}

let started = false;

/** The performance mark set when the entry record has been answered (the view's report token is kept). */
export const VISIT_RECORDED_MARK = 'site-visit-recorded';

/**
 * Start recording for this page load. Returns a stop function (tests); a second call does nothing. A load that
 * begins in the back office or on an account page (VISIT_PRIVATE_PATHS) is no site traffic and sends nothing.
 */
export function startVisitTracking(deps: Partial<VisitDeps> = {}): () => void {
  if (started) return () => {};
  started = true;
  const d = { ...defaultDeps(), ...deps };
  if (!isSiteTrafficPath(new URL(d.location(), 'http://site.invalid').pathname)) return () => {};
  const session = readVisitSession(d);
  const landingPath = new URL(d.location(), 'http://site.invalid').pathname;
  // The API counts a field report only with the token of a page view it recorded: the entry's answer.
  let fieldToken: string | undefined;
  try {
    const entry = visitRecord(session, d.location(), 1, 0);
    const view = d.fieldView();
    if (view) entry.field = view;
    Promise.resolve(d.post(entry))
      .then((answer) => {
        const token = (answer as VisitAnswer | undefined)?.fieldToken;
        if (typeof token === 'string') fieldToken = token;
        // Observable when the page view is recorded (its report can count from now on): field debugging and tests.
        if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(VISIT_RECORDED_MARK);
      })
      .catch(() => {});
  } catch {
    /* recording never breaks the page */
  }
  let exited = false;
  const onExit = () => {
    if (exited) return;
    exited = true;
    d.win.removeEventListener('pagehide', onExit);
    const duration = Math.max(0, Math.floor((d.now() - session.startedAt) / 1000));
    const record = visitRecord(session, d.location(), 0, duration);
    // One beacon per page view: the field report goes with the exit record, never on its own; without the view's
    // token (the entry not answered yet) it would not count, so it is not sent.
    try {
      const field = fieldToken ? d.field(landingPath) : undefined;
      if (field) record.field = { ...field, token: fieldToken };
    } catch {
      /* reporting never breaks the record */
    }
    let sent: boolean;
    try {
      sent = d.beacon(record);
    } catch {
      sent = false;
    }
    if (!sent) Promise.resolve(d.post(record)).catch(() => {});
  };
  d.win.addEventListener('pagehide', onExit);
  return () => d.win.removeEventListener('pagehide', onExit);
}

/** For tests only. */
export function resetVisitTrackingForTests(): void {
  started = false;
}
