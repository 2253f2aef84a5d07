/**
 * What a run did: the worker's answer to the service, `/status`'s `lastReport`. Apart from worker.ts, so that the
 * service has it without loading the worker's modules.
 */
export interface RunReport {
  rendered: number;
  /** Of those, pages whose file already held the same bytes: left as they were (not written, not uploaded). */
  unchanged: number;
  kept: { url: string; reason: string }[];
  removed: number;
  clientOnly: string[];
  ms: number;
  pagesPerSecond: number;
  versions: Record<string, string>;
  /** Workers the run could use (RENDER_WORKERS): its own thread and the render threads (pool.ts). */
  workers: number;
  /** The process's peak resident memory so far (all its threads), MB. */
  peakRssMB: number;
  /** sitemap.xml alone, or an index and this many sitemap-N.xml files. */
  sitemapFiles: number;
  /** From the run's start to its first page written (a content change's own page, when there is one). */
  firstPageMs: number | null;
}

/** A run's report before its first page, or of a run without one (a canary ended: its pages removed, no worker run). */
export const noPages = (given: Partial<RunReport> = {}): RunReport => ({
  rendered: 0,
  unchanged: 0,
  kept: [],
  removed: 0,
  clientOnly: [],
  ms: 0,
  pagesPerSecond: 0,
  versions: {},
  workers: 0,
  peakRssMB: 0,
  sitemapFiles: 0,
  firstPageMs: null,
  ...given,
});
