import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import {
  AppstoreOutlined,
  BoldOutlined,
  Button,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  Space,
  Tooltip,
  UndoOutlined,
  UnorderedListOutlined,
} from '@site/antd-kit';
import { uploadImage } from '@site/api-client';
import { isSiteOrWebUrl } from '@site/contract';
import { LinkDialog, type LinkValue } from './LinkDialog';
import { MediaPicker } from './MediaPicker';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** For the label of the form item. */
  id?: string;
}

/**
 * The article body editor (TipTap on ProseMirror). Its schema keeps only what the toolbar can make (headings,
 * paragraphs, lists, links, images, tables, quotes, code), so pasted content arrives cleaned of styles, scripts and
 * foreign markup; the server sanitises the HTML again when it is saved. Links come from a dialog (address and
 * 新窗口打开), only to an in-site path or a clean http(s) URL; images are uploaded or chosen again from 媒体库.
 * Loaded only by the article page (a lazy chunk).
 */
export default function RichTextEditor({ value, onChange, id }: RichTextEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [linking, setLinking] = useState<{ initial: LinkValue | null } | null>(null);
  const [picking, setPicking] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: {
          openOnClick: false,
          // A link opens where it is unless staff tick 新窗口打开 (the server adds rel="noopener noreferrer" then).
          HTMLAttributes: { target: null, rel: null },
          // New links come from the dialog (in-site or http(s) only); pasted and stored ones may also be the
          // mail, phone and in-page links the server keeps, so editing an article never drops them.
          isAllowedUri: (url) => isSiteOrWebUrl(url) || /^(mailto|tel):/i.test(url) || url.startsWith('#'),
        },
      }),
      Image,
      // No column resizing: it would store widths as inline styles, which the sanitiser drops.
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { class: 'rte-content', id: id ?? '', 'aria-label': '正文', role: 'textbox', 'aria-multiline': 'true' } },
  });

  // A value set from outside (the article loaded for editing) replaces the content; the editor's own changes do not.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const insertImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    const res = await uploadImage(file);
    if (res)
      editor
        .chain()
        .focus()
        .setImage({ src: res.url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
  };

  const openLink = () => {
    if (!editor) return;
    const attrs = editor.getAttributes('link') as { href?: string; target?: string | null };
    setLinking({ initial: attrs.href ? { href: attrs.href, newWindow: attrs.target === '_blank' } : null });
  };
  const applyLink = ({ href, newWindow }: LinkValue) => {
    setLinking(null);
    if (!editor) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    const link = { href, target: newWindow ? '_blank' : null };
    // With nothing selected the address itself becomes the linked text.
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: link }] }).run();
    else chain.setLink(link).run();
  };

  return (
    <div className="rte">
      {editor && <Toolbar editor={editor} onPickImage={() => fileInput.current?.click()} onLibrary={() => setPicking(true)} onLink={openLink} />}
      <EditorContent editor={editor} />
      <LinkDialog
        open={linking !== null}
        initial={linking?.initial ?? null}
        onSubmit={applyLink}
        onRemove={() => {
          setLinking(null);
          editor?.chain().focus().extendMarkRange('link').unsetLink().run();
        }}
        onClose={() => setLinking(null)}
      />
      <MediaPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(m) => {
          setPicking(false);
          editor
            ?.chain()
            .focus()
            .setImage({ src: m.url, alt: m.name.replace(/\.[^.]+$/, '') })
            .run();
        }}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        data-testid="rte-image-input"
        onChange={(e) => {
          void insertImage(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}

function Toolbar({ editor, onPickImage, onLibrary, onLink }: { editor: Editor; onPickImage: () => void; onLibrary: () => void; onLink: () => void }) {
  // The buttons show where the cursor is (bold, a link, inside a table): read on every change of the editor.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const tool = (title: string, active: boolean, onClick: () => void, icon: React.ReactNode) => (
    <Tooltip title={title} key={title}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={title} aria-pressed={active} icon={icon} onClick={onClick} />
    </Tooltip>
  );
  const heading = (level: 2 | 3) => (
    <Button
      key={level}
      size="small"
      type={state[level === 2 ? 'h2' : 'h3'] ? 'primary' : 'text'}
      aria-label={`${level === 2 ? '二' : '三'}级标题`}
      onClick={() => editor.chain().focus().toggleHeading({ level }).run()}
    >
      H{level}
    </Button>
  );
  /** A table command, offered only inside a table (插入表格 everywhere). */
  const tableTool = (label: string, run: () => boolean) => (
    <Button key={label} size="small" type="text" onClick={run}>
      {label}
    </Button>
  );
  return (
    <Space size={2} wrap className="rte-toolbar" role="toolbar" aria-label="正文格式">
      {heading(2)}
      {heading(3)}
      {tool('加粗', state.bold, () => editor.chain().focus().toggleBold().run(), <BoldOutlined />)}
      {tool('斜体', state.italic, () => editor.chain().focus().toggleItalic().run(), <ItalicOutlined />)}
      {tool('无序列表', state.bulletList, () => editor.chain().focus().toggleBulletList().run(), <UnorderedListOutlined />)}
      {tool('有序列表', state.orderedList, () => editor.chain().focus().toggleOrderedList().run(), <OrderedListOutlined />)}
      {tool('链接', state.link, onLink, <LinkOutlined />)}
      {tool('插入图片', false, onPickImage, <PictureOutlined />)}
      {tool('媒体库', false, onLibrary, <AppstoreOutlined />)}
      {tableTool('插入表格', () => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run())}
      {state.table && [
        tableTool('加一行', () => editor.chain().focus().addRowAfter().run()),
        tableTool('加一列', () => editor.chain().focus().addColumnAfter().run()),
        tableTool('删除行', () => editor.chain().focus().deleteRow().run()),
        tableTool('删除列', () => editor.chain().focus().deleteColumn().run()),
        tableTool('删除表格', () => editor.chain().focus().deleteTable().run()),
      ]}
      {tool('撤销', false, () => editor.chain().focus().undo().run(), <UndoOutlined />)}
      {tool('重做', false, () => editor.chain().focus().redo().run(), <RedoOutlined />)}
    </Space>
  );
}
