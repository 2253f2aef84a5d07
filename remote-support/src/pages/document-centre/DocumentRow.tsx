import { Link } from 'react-router-dom';
import type { Article } from '@site/contract';
import { fileTypeOf, formatDay, formatFileSize } from '../../components/format';
import { FilePdfIcon, FileTextIcon } from '../../components/icons';
import { DocumentActions } from './DocumentActions';

/** One document of the list: name (opens its card via ?id=), date, size, type, and the download actions. */
export function DocumentRow({ doc, highlighted }: { doc: Article; highlighted?: boolean }) {
  const type = fileTypeOf(doc);
  const size = formatFileSize(doc.fileLength);
  const Icon = type === 'PDF' ? FilePdfIcon : FileTextIcon;
  return (
    <li className={`rs-doc${highlighted ? ' rs-doc-highlight' : ''}`} data-testid={`document-${doc.id}`} aria-current={highlighted || undefined}>
      <Icon className="rs-doc-icon" />
      <div className="rs-doc-main">
        <h2 className="rs-doc-title">
          <Link to={`/document?id=${doc.id}`}>{doc.title}</Link>
        </h2>
        <div className="rs-meta">
          <span>
            发布日期：<time dateTime={doc.publishDate}>{formatDay(doc.publishDate)}</time>
          </span>
          {size && <span>大小：{size}</span>}
          {type && <span>类型：{type}</span>}
        </div>
      </div>
      <DocumentActions doc={doc} />
    </li>
  );
}
