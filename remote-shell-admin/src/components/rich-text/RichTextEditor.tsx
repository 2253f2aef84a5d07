import { useEffect, useRef } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import {
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
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** For the label of the form item. */
  id?: string;
}

/**
 * The article body editor (TipTap on ProseMirror). Its schema keeps only what the toolbar can make (headings,
 * paragraphs, lists, links, images, quotes, code), so pasted content arrives cleaned of styles, scripts and foreign
 * markup; the server sanitises the HTML again when it is saved. Loaded only by the article page (a lazy chunk).
 */
export default function RichTextEditor({ value, onChange, id }: RichTextEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] } }), Image],
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

  return (
    <div className="rte">
      {editor && <Toolbar editor={editor} onPickImage={() => fileInput.current?.click()} />}
      <EditorContent editor={editor} />
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

function Toolbar({ editor, onPickImage }: { editor: Editor; onPickImage: () => void }) {
  const tool = (title: string, active: boolean, onClick: () => void, icon: React.ReactNode) => (
    <Tooltip title={title} key={title}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={title} aria-pressed={active} icon={icon} onClick={onClick} />
    </Tooltip>
  );
  const heading = (level: 2 | 3) => (
    <Button
      key={level}
      size="small"
      type={editor.isActive('heading', { level }) ? 'primary' : 'text'}
      aria-label={`${level === 2 ? '二' : '三'}级标题`}
      onClick={() => editor.chain().focus().toggleHeading({ level }).run()}
    >
      H{level}
    </Button>
  );
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt('链接地址（站内路径或 http(s) 地址，留空取消链接）', previous);
    if (href === null) return;
    if (!href.trim()) editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <Space size={2} wrap className="rte-toolbar" role="toolbar" aria-label="正文格式">
      {heading(2)}
      {heading(3)}
      {tool('加粗', editor.isActive('bold'), () => editor.chain().focus().toggleBold().run(), <BoldOutlined />)}
      {tool('斜体', editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run(), <ItalicOutlined />)}
      {tool('无序列表', editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run(), <UnorderedListOutlined />)}
      {tool('有序列表', editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run(), <OrderedListOutlined />)}
      {tool('链接', editor.isActive('link'), setLink, <LinkOutlined />)}
      {tool('插入图片', false, onPickImage, <PictureOutlined />)}
      {tool('撤销', false, () => editor.chain().focus().undo().run(), <UndoOutlined />)}
      {tool('重做', false, () => editor.chain().focus().redo().run(), <RedoOutlined />)}
    </Space>
  );
}
