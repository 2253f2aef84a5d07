import { lazy, Suspense } from 'react';
import { Spin } from '@site/antd-kit';
import type { RichTextEditorProps } from './RichTextEditor';

// The editor library is a chunk of its own: only the pages that edit rich text download it.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The rich-text editor as a form control: Form.Item's value and onChange reach the lazy editor through this. */
export function LazyRichText(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Spin />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
