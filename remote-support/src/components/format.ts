import { type Article } from '@site/contract';
import { formatDate, formatNumber } from '@site/ui';

/** Dates in lists and headers: the day is enough for support material. */
export const formatDay = (value: string | null | undefined) => formatDate(value, 'YYYY-MM-DD');

/** File size in KB with grouped thousands (1234567 bytes -> "1,205.6 KB"); '' when unknown. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  return `${formatNumber((bytes / 1024).toFixed(1))} KB`;
}

/** The document's type: the server's `customs.fileType`, else the file name's extension. */
export function fileTypeOf(doc: Pick<Article, 'customs' | 'fileName' | 'file'>): string {
  const fromCustoms = doc.customs?.fileType;
  if (typeof fromCustoms === 'string' && fromCustoms) return fromCustoms;
  const name = doc.fileName || doc.file || '';
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toUpperCase() : '';
}
